package outerproduct.kernel.accumulo;

import java.util.ArrayList;
import java.util.List;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.d4m.RowRange;
import outerproduct.kernel.d4m.RowRanges;

/** D4M row ranges as Accumulo scan ranges: whole rows, both ends inclusive. */
public final class Ranges {
  private Ranges() {}

  /** Sorted and disjoint, because {@link RowRanges} is held sorted and merged. */
  public static List<Range> toAccumulo(RowRanges rows) {
    List<Range> out = new ArrayList<>(rows.ranges().size());
    for (RowRange r : rows.ranges()) {
      out.add(
          new Range(
              r.first() == null ? null : new Text(r.first()),
              true,
              r.last() == null ? null : new Text(r.last()),
              true));
    }
    return out;
  }

  /**
   * The parts of {@code ranges} (sorted, disjoint) that lie inside {@code bounds}, in order.
   *
   * <p>Iterators clip their row subset to every range they are sought to, and a scan torn down and
   * resumed seeks again; the binary search keeps that at O(log n) plus the parts returned for
   * subsets of thousands of rows.
   */
  public static List<Range> clip(List<Range> ranges, Range bounds) {
    int lo = 0;
    int hi = ranges.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (endsBefore(ranges.get(mid), bounds)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    List<Range> parts = new ArrayList<>();
    for (int i = lo; i < ranges.size(); i++) {
      Range r = ranges.get(i);
      if (!r.isInfiniteStartKey() && bounds.afterEndKey(r.getStartKey())) {
        break;
      }
      Range part = bounds.clip(r, true);
      if (part != null) {
        parts.add(part);
      }
    }
    return parts;
  }

  /** The smallest single range holding every range of {@code ranges} (sorted, not empty). */
  public static Range span(List<Range> ranges) {
    Range first = ranges.get(0);
    Range last = ranges.get(ranges.size() - 1);
    return new Range(
        first.getStartKey(),
        first.isStartKeyInclusive(),
        last.getEndKey(),
        last.isEndKeyInclusive());
  }

  public static Range span(RowRanges rows) {
    return span(toAccumulo(rows));
  }

  private static boolean endsBefore(Range r, Range bounds) {
    if (r.isInfiniteStopKey() || bounds.isInfiniteStartKey()) {
      return false;
    }
    int cmp = r.getEndKey().compareTo(bounds.getStartKey());
    return cmp < 0 || (cmp == 0 && !(r.isEndKeyInclusive() && bounds.isStartKeyInclusive()));
  }
}
