package outerproduct.kernel.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.junit.jupiter.api.Test;
import outerproduct.kernel.d4m.RowRange;
import outerproduct.kernel.d4m.RowRanges;

/**
 * The binary-searched clip against clipping every range in turn, for random row subsets and random
 * seek ranges: row-aligned or inside a row, either end inclusive or not, or unbounded.
 */
class RangesTest {
  private static final List<String> ROWS =
      List.of("1", "10", "2", "3", "30", "4", "5", "6", "7", "8", "9");

  @Property(tries = 500)
  void clipEqualsClippingEveryRange(
      @ForAll("subsets") RowRanges rows, @ForAll("bounds") Range bounds) {
    List<Range> ranges = Ranges.toAccumulo(rows);
    assertEquals(
        naiveClip(ranges, bounds),
        Ranges.clip(ranges, bounds),
        () -> rows.toD4m() + " within " + bounds);
  }

  @Test
  void spanRunsFromTheFirstRangeToTheLast() {
    Range span = Ranges.span(RowRanges.parse("2,:,3,5,8,:,"));
    assertEquals(new Range(new Key("2"), true, null, false), span);
  }

  private static List<Range> naiveClip(List<Range> ranges, Range bounds) {
    List<Range> parts = new ArrayList<>();
    for (Range r : ranges) {
      Range part = bounds.clip(r, true);
      if (part != null) {
        parts.add(part);
      }
    }
    return parts;
  }

  @Provide
  Arbitrary<RowRanges> subsets() {
    Arbitrary<String> row = Arbitraries.of(ROWS);
    Arbitrary<RowRange> range =
        Combinators.combine(row, row, Arbitraries.integers().between(0, 9))
            .as(
                (a, b, shape) -> {
                  String first = a.compareTo(b) <= 0 ? a : b;
                  String last = a.compareTo(b) <= 0 ? b : a;
                  return switch (shape) {
                    case 0 -> new RowRange(null, last);
                    case 1 -> new RowRange(first, null);
                    case 2, 3, 4 -> new RowRange(first, last);
                    default -> new RowRange(first, first);
                  };
                });
    return range.list().ofMinSize(1).ofMaxSize(8).map(RowRanges::of);
  }

  @Provide
  Arbitrary<Range> bounds() {
    Arbitrary<Key> key =
        Combinators.combine(Arbitraries.of(ROWS), Arbitraries.of("", "a", "z"))
            .as(
                (row, qualifier) ->
                    qualifier.isEmpty() ? new Key(row) : new Key(row, "", qualifier));
    Arbitrary<Key> maybe = key.injectNull(0.15);
    return Combinators.combine(
            maybe, Arbitraries.of(true, false), maybe, Arbitraries.of(true, false))
        .filter((s, si, e, ei) -> s == null || e == null || s.compareTo(e) < 0)
        .as((s, si, e, ei) -> new Range(s, s == null || si, e, e == null || ei));
  }
}
