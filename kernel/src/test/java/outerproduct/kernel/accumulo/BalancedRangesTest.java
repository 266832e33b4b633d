package outerproduct.kernel.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

class BalancedRangesTest {
  /**
   * Whatever the rows' work: at most n ranges, in order, covering every row once; every range holds
   * work; none holds more than an n-th of the total plus the largest row's.
   */
  @Property(tries = 500)
  void rangesAreFewContiguousAndBalanced(
      @ForAll @Size(max = 40)
          Map<@AlphaChars @StringLength(min = 1, max = 3) String, @IntRange(max = 1000) Integer>
              degrees,
      @ForAll @IntRange(min = 1, max = 8) int pieces) {
    // In row order, as the degree scans return them (ASCII letters sort as their bytes).
    SortedMap<String, Integer> rows = new TreeMap<>(degrees);
    long total = rows.values().stream().mapToLong(Integer::longValue).sum();
    List<Text> cuts = new ArrayList<>();
    BalancedRanges.Cutter cutter = new BalancedRanges.Cutter(Math.max(total, 1), pieces, cuts);
    rows.forEach((row, products) -> cutter.accept(new Key(row), products));
    List<Range> ranges = BalancedRanges.ranges(cuts);

    assertTrue(ranges.size() <= pieces, ranges.size() + " ranges for " + pieces + " pieces");
    assertNull(ranges.get(0).getStartKey());
    assertTrue(ranges.get(ranges.size() - 1).isInfiniteStopKey());
    long largest = rows.values().stream().mapToLong(Integer::longValue).max().orElse(0);
    for (Range range : ranges) {
      long work = 0;
      for (var row : rows.entrySet()) {
        if (range.contains(new Key(row.getKey()))) {
          work += row.getValue();
        }
      }
      assertTrue(ranges.size() == 1 || work > 0, "a range without work: " + range);
      assertTrue(
          work <= (double) total / pieces + largest,
          range + " holds " + work + " of " + total + " in " + pieces + " pieces");
    }
    for (String row : rows.keySet()) {
      assertEquals(
          1,
          ranges.stream().filter(r -> r.contains(new Key(row))).count(),
          "row " + row + " in one range");
    }
  }

  @Test
  void aDenseFirstRowIsARangeOfItsOwn() {
    List<Text> cuts = new ArrayList<>();
    BalancedRanges.Cutter cutter = new BalancedRanges.Cutter(100, 4, cuts);
    cutter.accept(new Key("a"), 60);
    cutter.accept(new Key("b"), 20);
    cutter.accept(new Key("c"), 20);
    assertEquals(List.of(new Text("a"), new Text("b")), cuts);
  }
}
