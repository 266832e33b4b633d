package outerproduct.multiply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PathChoiceTest {
  /**
   * Whole tables: client no fixed cost at 1e5 pp/s; iterator 1 s + 2e5 pp/s; iterator-bulk 3 s +
   * 1e6 pp/s; mr 20 s + 1e6; mr-bulk 25 s + 2e6. Subsets: client and iterator only.
   */
  private static final Calibration LINES =
      new Calibration(
          "test lines",
          "none",
          "2026-11-26",
          "none",
          "none",
          List.of(
              cost(ExecutionPath.CLIENT, Shape.WHOLE, 0, 1e5),
              cost(ExecutionPath.ITERATOR, Shape.WHOLE, 1, 2e5),
              cost(ExecutionPath.ITERATOR_BULK, Shape.WHOLE, 3, 1e6),
              cost(ExecutionPath.MR, Shape.WHOLE, 20, 1e6),
              cost(ExecutionPath.MR_BULK, Shape.WHOLE, 25, 2e6),
              cost(ExecutionPath.CLIENT, Shape.SUBSET, 0.1, 1e5),
              cost(ExecutionPath.ITERATOR, Shape.SUBSET, 0.3, 1e6)));

  private static Calibration.Cost cost(ExecutionPath path, Shape shape, double fixed, double rate) {
    return new Calibration.Cost(path, shape, fixed, rate, 3, 1, 10);
  }

  private static PathChoice auto(long products, Map<ExecutionPath, String> cannotRun) {
    return PathChoice.choose(ExecutionPath.AUTO, LINES, Shape.WHOLE, products, cannotRun);
  }

  @Test
  void autoTakesTheSoonestOfEveryPathAsTheProductsGrow() {
    assertEquals(ExecutionPath.CLIENT, auto(50_000, Map.of()).path());
    assertEquals(ExecutionPath.ITERATOR_BULK, auto(10_000_000, Map.of()).path());
    PathChoice large = auto(1_000_000_000, Map.of());
    assertEquals(ExecutionPath.MR_BULK, large.path());
    assertEquals(525.0, large.predictedSeconds().get(ExecutionPath.MR_BULK), 1e-9);
    assertEquals(1003.0, large.predictedSeconds().get(ExecutionPath.ITERATOR_BULK), 1e-9);
    assertTrue(
        large.why().startsWith("mr-bulk: predicted 1.9× sooner than iterator-bulk, the next"),
        large.why());
    assertEquals(5, large.predictedSeconds().size(), "every path is a candidate");
  }

  @Test
  void aPathThatCannotRunIsExcludedWithItsReason() {
    Map<ExecutionPath, String> noBulk =
        Map.of(
            ExecutionPath.ITERATOR_BULK, "bulk output: user 'ann' lacks System permission SYSTEM",
            ExecutionPath.MR_BULK, "bulk output: user 'ann' lacks System permission SYSTEM");
    PathChoice c = auto(10_000_000, noBulk);
    assertEquals(ExecutionPath.MR, c.path(), "iterator 51 s, mr 30 s");
    assertFalse(c.predictedSeconds().containsKey(ExecutionPath.ITERATOR_BULK));
    assertEquals(noBulk.get(ExecutionPath.MR_BULK), c.excluded().get(ExecutionPath.MR_BULK));
    List<String> lines = c.explain(LINES, Shape.WHOLE);
    assertEquals(5, lines.size(), String.join("\n", lines));
    assertTrue(
        lines.contains(
            "   iterator-bulk excluded: bulk output: user 'ann' lacks System permission SYSTEM"),
        String.join("\n", lines));
    assertTrue(
        lines.contains("=> mr                30.00 s  (20.00 s + pp / 1.00e+06 pp/s)"),
        String.join("\n", lines));
  }

  @Test
  void aPathWithoutALineIsExcludedAndNamed() {
    PathChoice c = PathChoice.choose(ExecutionPath.AUTO, LINES, Shape.SUBSET, 1_000, Map.of());
    assertEquals(ExecutionPath.CLIENT, c.path(), "client 0.11 s, iterator 0.301 s");
    assertEquals("no calibration line for subset multiplies", c.excluded().get(ExecutionPath.MR));
    assertEquals(2, c.predictedSeconds().size());
  }

  @Test
  void anAskedPathRunsWhateverThePredictionUnlessItCannotRun() {
    PathChoice c = PathChoice.choose(ExecutionPath.MR, LINES, Shape.WHOLE, 10, Map.of());
    assertEquals(ExecutionPath.MR, c.path());
    assertEquals("asked for mr", c.why());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                PathChoice.choose(
                    ExecutionPath.MR,
                    LINES,
                    Shape.WHOLE,
                    10,
                    Map.of(ExecutionPath.MR, "no YARN cluster configuration")));
    assertEquals("path mr cannot run here: no YARN cluster configuration", e.getMessage());
  }

  @Test
  void autoWithNoCandidateNamesTheCalibrationAndTheReasons() {
    Calibration mrOnly =
        new Calibration(
            "mr lines",
            "none",
            "none",
            "none",
            "none",
            List.of(cost(ExecutionPath.MR, Shape.WHOLE, 1, 1)));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                PathChoice.choose(
                    ExecutionPath.AUTO,
                    mrOnly,
                    Shape.WHOLE,
                    10,
                    Map.of(ExecutionPath.MR, "no YARN cluster configuration")));
    assertTrue(
        e.getMessage()
            .startsWith(
                "path auto: no path can run here with a line in calibration"
                    + " 'mr lines' for whole multiplies"),
        e.getMessage());
    assertTrue(e.getMessage().contains("mr=no YARN cluster configuration"), e.getMessage());
  }

  @Test
  void aCostLineNamesAPathNotAuto() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new Calibration.Cost(ExecutionPath.AUTO, Shape.WHOLE, 0, 1, 1, 1, 1));
  }
}
