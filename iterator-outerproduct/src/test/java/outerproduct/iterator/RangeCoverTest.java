package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.junit.jupiter.api.Test;

/**
 * Which staged stretches are imported and which rows are multiplied again, against a naive oracle:
 * the rows of a small universe each range contains.
 */
class RangeCoverTest {
  private static final List<String> ROWS = new ArrayList<>();

  static {
    for (int r = 10; r < 60; r++) {
      ROWS.add("r" + r);
    }
  }

  /**
   * A stretch as the write iterator commits it: from where its call started to where the next
   * starts (null: unbounded), so consecutive stretches of a tablet share a boundary key.
   */
  private static Range rows(String first, String next) {
    return new Range(
        first == null ? null : new Key(first), true, next == null ? null : new Key(next), false);
  }

  private static TreeSet<String> contained(List<Range> ranges) {
    TreeSet<String> in = new TreeSet<>();
    for (String row : ROWS) {
      for (Range range : ranges) {
        if (range.contains(new Key(row))) {
          in.add(row);
        }
      }
    }
    return in;
  }

  @Test
  void stretchesThatChainEndToEndLeaveNoGap() {
    List<Range> stretches = List.of(rows(null, "r20"), rows("r20", "r40"), rows("r40", null));
    assertEquals(List.of(0, 1, 2), RangeCover.disjoint(stretches));
    assertEquals(List.of(), RangeCover.gaps(List.of(new Range()), stretches));
  }

  @Test
  void aStretchComputedTwiceIsImportedOnce() {
    List<Range> stretches =
        List.of(rows("r40", null), rows(null, "r20"), rows("r20", "r40"), rows("r20", "r40"));
    List<Integer> kept = RangeCover.disjoint(stretches);
    assertEquals(3, kept.size());
    assertEquals(List.of(1, 2, 0), kept);
  }

  @Test
  void aMissingStretchIsTheGap() {
    List<Range> covered = List.of(rows(null, "r20"), rows("r30", null));
    List<Range> gaps = RangeCover.gaps(List.of(new Range()), covered);
    assertEquals(List.of(rows("r20", "r30")), gaps);
  }

  /**
   * Random stretches (overlapping, duplicated, missing) over random requested ranges: the kept ones
   * are pairwise disjoint, and kept plus gaps contain exactly the requested rows, no row twice.
   */
  @Test
  void keptAndGapsPartitionTheRequestedRowsWhateverWasStaged() {
    Random random = new Random(11);
    for (int round = 0; round < 500; round++) {
      List<Range> requested = new ArrayList<>();
      int from = random.nextInt(20);
      requested.add(random.nextBoolean() ? new Range() : rows(ROWS.get(from), ROWS.get(from + 25)));
      List<Range> stretches = new ArrayList<>();
      for (int s = random.nextInt(8); s > 0; s--) {
        int first = random.nextInt(ROWS.size());
        int next = first + 1 + random.nextInt(12);
        stretches.add(rows(ROWS.get(first), next < ROWS.size() ? ROWS.get(next) : null));
      }
      List<Range> kept = new ArrayList<>();
      RangeCover.disjoint(stretches).forEach(n -> kept.add(stretches.get(n)));
      int rowsInKept = 0;
      for (Range k : kept) {
        rowsInKept += contained(List.of(k)).size();
      }
      assertEquals(contained(kept).size(), rowsInKept, "kept stretches overlap: " + kept);
      List<Range> gaps = RangeCover.gaps(requested, kept);
      TreeSet<String> wanted = contained(requested);
      TreeSet<String> gapRows = contained(gaps);
      TreeSet<String> keptRows = contained(kept);
      keptRows.retainAll(wanted);
      for (String row : gapRows) {
        assertEquals(false, keptRows.contains(row), "gap row " + row + " is also kept");
      }
      TreeSet<String> union = new TreeSet<>(keptRows);
      union.addAll(gapRows);
      assertEquals(wanted, union, "requested " + requested + ", kept " + kept + ", gaps " + gaps);
    }
  }
}
