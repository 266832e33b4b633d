package outerproduct.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UncertaintyTest {
  private final Uncertainty uncertainty = Uncertainty.standard();

  @Test
  void aGapBeyondThePairsSpreadExcludesOne() {
    Interval x =
        uncertainty.ratioOfMedians(
            Map.of(0, 10.0, 1, 12.0, 2, 11.0, 3, 9.0), Map.of(0, 5.0, 1, 6.5, 2, 5.2, 3, 4.8));
    assertEquals(10.5 / 5.1, x.value(), 1e-9);
    assertTrue(x.low() > 1 && x.low() <= x.value() && x.value() <= x.high(), x.toString());
    assertTrue(x.excludesOne());
    assertTrue(x.bootstrapped());
    assertEquals(4, x.samples());
  }

  @Test
  void pairsThatDisagreeOnTheWinnerDoNotExcludeOne() {
    Interval x =
        uncertainty.ratioOfMedians(
            Map.of(0, 1.0, 1, 1.4, 2, 0.9, 3, 1.2, 4, 0.8),
            Map.of(0, 1.1, 1, 1.0, 2, 1.0, 3, 1.3, 4, 1.0));
    assertFalse(x.excludesOne(), x.toString());
  }

  @Test
  void onlyTheUnitsBothRanArePaired() {
    Interval x =
        uncertainty.ratioOfMedians(
            Map.of(0, 4.0, 1, 4.0, 2, 4.0, 7, 100.0), Map.of(0, 2.0, 1, 2.0, 2, 2.0));
    assertEquals(2.0, x.value(), 1e-9);
    assertEquals(3, x.samples());
  }

  @Test
  void tooFewRunsGiveTheStatedSpreadInstead() {
    double s = Goals.intervals().singleRunSpread();
    Interval x = uncertainty.ratioOfMedians(Map.of(0, 3.0), Map.of(0, 1.0));
    assertFalse(x.bootstrapped());
    assertEquals(3 * (1 - s) / (1 + s), x.low(), 1e-9);
    assertEquals(3 * (1 + s) / (1 - s), x.high(), 1e-9);
    Interval y = uncertainty.percentile(List.of(2.0), 50);
    assertEquals(2 * (1 - s), y.low(), 1e-9);
    assertEquals(2 * (1 + s), y.high(), 1e-9);
  }

  @Test
  void theSameRunsGiveTheSameInterval() {
    Map<Integer, Double> a = Map.of(0, 1.0, 1, 2.0, 2, 3.0, 3, 2.5, 4, 1.7);
    Map<Integer, Double> b = Map.of(0, 1.5, 1, 1.6, 2, 2.0, 3, 2.2, 4, 1.1);
    assertEquals(uncertainty.ratioOfMedians(a, b), uncertainty.ratioOfMedians(a, b));
  }

  @Test
  void aPercentileIntervalLiesWithinTheValues() {
    Interval p50 = uncertainty.percentile(List.of(0.3, 0.2, 0.25, 0.4, 0.22), 50);
    assertEquals(0.25, p50.value(), 1e-9);
    assertTrue(p50.low() >= 0.2 && p50.high() <= 0.4, p50.toString());
  }

  @Test
  void noSharedUnitsGiveNoInterval() {
    Interval x = uncertainty.ratioOfMedians(Map.of(0, 1.0), Map.of(1, 1.0));
    assertTrue(Double.isNaN(x.value()));
    assertFalse(x.excludesOne());
    assertEquals("-× [-–-]", x.ratio());
  }
}
