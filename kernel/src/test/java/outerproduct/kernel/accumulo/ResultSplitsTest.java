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

  /** Sampled entries AT(k,i) of weight 1, i from {@code ids}. */
  private static List<ResultSplits.Sampled> sample(String... ids) {
    List<ResultSplits.Sampled> sample = new ArrayList<>();
    for (String id : ids) {
      sample.add(new ResultSplits.Sampled(new Text("k"), new Text(id)));
    }
    return sample;
  }

  /** Split points are inclusive end rows: "2" ends the first of four tablets of 1..8. */
  @Test
  void cutsAreTheSamplesQuantiles() {
    assertEquals(
        new TreeSet<>(columns("2", "4", "6")),
        ResultSplits.cuts(sample("8", "1", "2", "3", "4", "5", "6", "7"), 4));
    assertEquals(
        new TreeSet<>(columns("4")),
        ResultSplits.cuts(sample("8", "1", "2", "3", "4", "5", "6", "7"), 2));
  }

  @Test
  void aColumnSampledOftenIsNeverCut() {
    // a hub column: its rows all in one tablet, the cut after it
    assertEquals(
        new TreeSet<>(columns("1")),
        ResultSplits.cuts(sample("1", "1", "1", "1", "1", "1", "9", "9"), 4));
    assertEquals(new TreeSet<>(), ResultSplits.cuts(sample("4", "4", "4"), 3));
    assertEquals(new TreeSet<>(), ResultSplits.cuts(sample(), 3));
    assertEquals(new TreeSet<>(), ResultSplits.cuts(sample("1", "2"), 1));
  }

  /** Cut where the partial products (each entry weighed by deg_B of its row) are halved. */
  @Test
  void weightsMoveTheCutsToWhereThePartialProductsAre() {
    List<ResultSplits.Sampled> sample = sample("1", "2", "3", "4", "5", "6", "7", "8");
    assertEquals(new TreeSet<>(columns("4")), ResultSplits.cuts(sample, 2));
    sample.get(1).weight = 7; // column 2: 7 of the 14 partial products
    assertEquals(new TreeSet<>(columns("2")), ResultSplits.cuts(sample, 2)); // 8 | 6
    // 1 | 7 | 2 | 4: the hub alone in its tablet
    assertEquals(new TreeSet<>(columns("1", "2", "4")), ResultSplits.cuts(sample, 4));
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
