package outerproduct.compare.report;

import java.util.Arrays;
import java.util.Collection;

/**
 * The median as every figure of a report takes it: the middle value, or the mean of the two middle
 * ones; NaN of no values. The summary's medians, the work and cost tables, the calibration's fit
 * and the bootstrap's draws all call this one definition, so a median in one table is the median in
 * the next.
 */
public final class Medians {
  private Medians() {}

  /** The median of {@code values}, which it leaves as they are. */
  public static double of(double[] values) {
    return ofSortingInPlace(values.clone());
  }

  /** The median of {@code values}. */
  public static double of(Collection<Double> values) {
    return ofSortingInPlace(values.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /**
   * The median of {@code values}, which it sorts in place: for callers that own the array and take
   * many medians (the bootstrap's draws), so that each costs no allocation.
   */
  public static double ofSortingInPlace(double[] values) {
    int n = values.length;
    if (n == 0) {
      return Double.NaN;
    }
    Arrays.sort(values);
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  }
}
