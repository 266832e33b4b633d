package outerproduct.kernel.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

class ResultSplitsTest {
  private static List<Text> columns(String... ids) {
    List<Text> columns = new ArrayList<>();
    for (String id : ids) {
      columns.add(new Text(id));
    }
    return columns;
  }

  /** Split points are inclusive end rows: "2" ends the first of four tablets of 1..8. */
  @Test
  void cutsAreTheSamplesQuantiles() {
    assertEquals(
        new TreeSet<>(columns("2", "4", "6")),
        ResultSplits.cuts(columns("8", "1", "2", "3", "4", "5", "6", "7"), 4));
    assertEquals(
        new TreeSet<>(columns("4")),
        ResultSplits.cuts(columns("8", "1", "2", "3", "4", "5", "6", "7"), 2));
  }

  @Test
  void aColumnSampledOftenIsNeverCut() {
    // a hub column: its rows all in one tablet, the cut after it
    assertEquals(
        new TreeSet<>(columns("1")),
        ResultSplits.cuts(columns("1", "1", "1", "1", "1", "1", "9", "9"), 4));
    assertEquals(new TreeSet<>(), ResultSplits.cuts(columns("4", "4", "4"), 3));
    assertEquals(new TreeSet<>(), ResultSplits.cuts(columns(), 3));
    assertEquals(new TreeSet<>(), ResultSplits.cuts(columns("1", "2"), 1));
  }

  @Test
  void aTableOfManyTabletsIsSampledAtEvenlySpacedOnes() {
    List<Range> tablets = new ArrayList<>();
    for (int t = 0; t < 1000; t++) {
      tablets.add(new Range(String.format("%04d", t)));
    }
    List<Range> picked = ResultSplits.spreadOver(tablets, 64);
    assertEquals(64, picked.size());
    assertEquals(tablets.get(0), picked.get(0));
    assertEquals(tablets.get(984), picked.get(63)); // 63 * 1000 / 64
    assertEquals(tablets.subList(0, 3), ResultSplits.spreadOver(tablets.subList(0, 3), 64));
  }
}
