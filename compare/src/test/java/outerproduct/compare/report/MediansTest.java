package outerproduct.compare.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.junit.jupiter.api.Test;

class MediansTest {
  @Test
  void theMiddleValueOfAnOddCountAndTheMeanOfTheTwoMiddleOfAnEvenOne() {
    assertEquals(3.0, Medians.of(new double[] {9, 3, 1}));
    assertEquals(2.5, Medians.of(new double[] {4, 1, 3, 2}));
    assertEquals(7.0, Medians.of(List.of(7.0)));
    assertEquals(Double.NaN, Medians.of(new double[0]));
  }

  @Test
  void ofLeavesTheCallersValuesAndOfSortingInPlaceSortsThem() {
    double[] values = {5, 1, 4};
    assertEquals(4.0, Medians.of(values));
    assertArrayEquals(new double[] {5, 1, 4}, values);
    assertEquals(4.0, Medians.ofSortingInPlace(values));
    assertArrayEquals(new double[] {1, 4, 5}, values);
  }

  @Test
  void agreesWithCommonsMathsFiftiethPercentileTheSummaryTookBefore() {
    java.util.Random random = new java.util.Random(7);
    for (int n = 1; n < 40; n++) {
      double[] values = random.doubles(n, 0, 100).toArray();
      assertEquals(
          new DescriptiveStatistics(values).getPercentile(50), Medians.of(values), 1e-12, "n=" + n);
    }
  }
}
