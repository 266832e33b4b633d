package outerproduct.compare.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RankedDrawsTest {
  /**
   * Each draw is exactly the picked values, sorted as Arrays.sort sorts them: ties, signed zeros
   * and repeated picks included, and nothing carried from one draw into the next.
   */
  @Test
  void eachDrawIsItsPicksInArraysSortsOrder() {
    Random random = new Random(11);
    for (int n = 1; n < 30; n++) {
      double[] values = new double[n];
      for (int i = 0; i < n; i++) {
        // few distinct values, so that most samples hold ties
        values[i] = i % 5 == 4 ? (i % 2 == 0 ? 0.0 : -0.0) : random.nextInt(4) * 1.5;
      }
      RankedDraws draws = new RankedDraws(values);
      double[] drawn = new double[n];
      for (int draw = 0; draw < 50; draw++) {
        double[] expected = new double[n];
        for (int k = 0; k < n; k++) {
          int pick = random.nextInt(n);
          draws.pick(pick);
          expected[k] = values[pick];
        }
        Arrays.sort(expected);
        draws.drainInto(drawn);
        assertArrayEquals(expected, drawn, "n=" + n + ", draw " + draw);
      }
    }
  }
}
