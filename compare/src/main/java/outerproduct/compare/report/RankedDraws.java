package outerproduct.compare.report;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * A bootstrap's draws of one sample, each written out in ascending order. The values are ranked
 * once; a draw counts how often it picked each rank, then lays the picks out rank by rank. A draw
 * holds the same values as the picks in the order drawn, so every order statistic (a median, a
 * percentile) of it is the same number, while the statistic's own sort now passes over values
 * already in order: on values in drawn order, those sorts' insertion passes were most of a report's
 * rendering time.
 */
final class RankedDraws {
  private final double[] ascending;
  private final int[] rankOf;
  private final int[] picksOfRank;

  RankedDraws(double[] values) {
    Integer[] byValue = IntStream.range(0, values.length).boxed().toArray(Integer[]::new);
    // Double.compare is Arrays.sort's order for doubles, so the draws sort as the statistics would
    Arrays.sort(byValue, Comparator.comparing(i -> values[i], Double::compare));
    ascending = new double[values.length];
    rankOf = new int[values.length];
    for (int rank = 0; rank < byValue.length; rank++) {
      ascending[rank] = values[byValue[rank]];
      rankOf[byValue[rank]] = rank;
    }
    picksOfRank = new int[values.length];
  }

  /** Adds the value at {@code index} of the sample to this draw. */
  void pick(int index) {
    picksOfRank[rankOf[index]]++;
  }

  /** Writes this draw's values in ascending order into {@code into} and starts the next draw. */
  void drainInto(double[] into) {
    int k = 0;
    for (int rank = 0; rank < ascending.length; rank++) {
      for (int n = picksOfRank[rank]; n > 0; n--) {
        into[k++] = ascending[rank];
      }
      picksOfRank[rank] = 0;
    }
  }
}
