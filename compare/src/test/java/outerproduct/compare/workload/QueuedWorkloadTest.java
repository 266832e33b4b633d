package outerproduct.compare.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import outerproduct.kernel.d4m.RowRange;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semirings;

class QueuedWorkloadTest {
  private static SparseMatrix rows(int n) {
    SparseMatrix m = new SparseMatrix();
    for (int r = 1; r <= n; r++) {
      m.put(Integer.toString(r), "1", "1");
    }
    return m;
  }

  @Test
  void aSubsetIsDistinctRowsOfAtAndTheSameForTheSameSeed() {
    SparseMatrix at = rows(500);
    RowRanges first = QueuedWorkload.subset(at, 64, QueuedWorkload.SEED);
    assertEquals(
        first, QueuedWorkload.subset(at, 64, QueuedWorkload.SEED), "same seed, same subset");
    assertNotEquals(
        first, QueuedWorkload.subset(at, 64, QueuedWorkload.SEED + 1), "next request, other rows");
    List<RowRange> ranges = first.ranges();
    assertEquals(64, ranges.size());
    Set<String> seen = new HashSet<>();
    for (RowRange r : ranges) {
      assertTrue(r.isSingleRow(), r.toString());
      assertTrue(at.rowIds().contains(r.first()), r.first() + " is a row of AT");
      seen.add(r.first());
    }
    assertEquals(64, seen.size());
  }

  @Test
  void askingForMoreRowsThanAtHasTakesThemAll() {
    assertEquals(10, QueuedWorkload.subset(rows(10), 1024, 7).ranges().size());
  }

  @Test
  void badSizesAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> QueuedWorkload.subset(rows(10), 0, 7));
    assertThrows(
        IllegalArgumentException.class, () -> QueuedWorkload.subset(new SparseMatrix(), 1, 7));
  }

  /**
   * A graph a→b, a→c, b→c, c→a, all three vertices asked: the 2-hop answer worked by hand (a→b→c,
   * a→c→a, b→c→a, c→a→b, c→a→c); the first hop reads rows a, b, c (4 entries) and the second the
   * rows of their neighbours, again b, c, a (4 more).
   */
  @Test
  void aTwoHopRequestKnowsItsAnswerAndTheEntriesItNeeds() {
    SparseMatrix g =
        new SparseMatrix()
            .put("a", "b", "1")
            .put("a", "c", "1")
            .put("b", "c", "1")
            .put("c", "a", "1");
    List<QueuedWorkload.Request> requests =
        QueuedWorkload.twoHopRequests(Semirings.forName("plus-times-long"), g.transpose(), g, 3, 1);
    SparseMatrix byHand =
        new SparseMatrix()
            .put("a", "a", "1")
            .put("a", "c", "1")
            .put("b", "a", "1")
            .put("c", "b", "1")
            .put("c", "c", "1");
    QueuedWorkload.Request r = requests.get(0);
    assertTrue(r.rows().isAll(), "every shared row");
    assertEquals(Set.of("a", "b", "c"), new HashSet<>(r.atColumns().columns()));
    assertEquals(8L, r.entriesNeeded());
    assertEquals(ResultChecksum.of(byHand), r.expected());
  }
}
