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

  public static List<Range> toAccumulo(RowRanges rows) {
    List<Range> out = new ArrayList<>(rows.ranges().size());
    for (RowRange r : rows.ranges()) {
      out.add(new Range(r.first() == null ? null : new Text(r.first()), true,
          r.last() == null ? null : new Text(r.last()), true));
    }
    return out;
  }
}
