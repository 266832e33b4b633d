package outerproduct.multiply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EngineChoiceTest {
  private static final Set<Engine> BOTH = EnumSet.of(Engine.ITERATOR, Engine.MR);

  /** Iterator: no fixed cost, 1e5 pp/s. MapReduce: 20 s, then 1e6 pp/s. Equal at 2.22M products. */
  private static final Calibration LINES =
      new Calibration(
          "test lines",
          "none",
          "2026-11-26",
          "none",
          "none",
          List.of(
              new Calibration.Cost(Engine.ITERATOR, Shape.WHOLE, 0, 1e5, 3, 1, 10),
              new Calibration.Cost(Engine.MR, Shape.WHOLE, 20, 1e6, 3, 1, 10),
              new Calibration.Cost(Engine.ITERATOR, Shape.SUBSET, 0.2, 1e5, 3, 1, 10)));

  @Test
  void autoTakesTheSoonerPredictionOnEachSideOfTheCrossover() {
    EngineChoice small = EngineChoice.choose(Engine.AUTO, LINES, Shape.WHOLE, 2_000_000, BOTH);
    assertEquals(Engine.ITERATOR, small.engine());
    assertEquals(20.0, small.predictedSeconds().get(Engine.ITERATOR), 1e-9);
    assertEquals(22.0, small.predictedSeconds().get(Engine.MR), 1e-9);
    assertTrue(small.why().startsWith("iterator: predicted 1.1× sooner"), small.why());

    EngineChoice large = EngineChoice.choose(Engine.AUTO, LINES, Shape.WHOLE, 2_500_000, BOTH);
    assertEquals(Engine.MR, large.engine());
    assertTrue(large.why().contains("mr 22.50 s (20.00 s + pp / 1.00e+06 pp/s)"), large.why());
  }

  @Test
  void withoutMapReduceAutoRunsTheIteratorEngineAndSaysWhy() {
    EngineChoice c =
        EngineChoice.choose(
            Engine.AUTO, LINES, Shape.WHOLE, 1_000_000_000, EnumSet.of(Engine.ITERATOR));
    assertEquals(Engine.ITERATOR, c.engine());
    assertTrue(c.why().startsWith("iterator: the only calibrated engine available"), c.why());
  }

  @Test
  void anEngineWithoutALineIsSkippedAndNamed() {
    EngineChoice c = EngineChoice.choose(Engine.AUTO, LINES, Shape.SUBSET, 1_000, BOTH);
    assertEquals(Engine.ITERATOR, c.engine());
    assertTrue(c.why().contains("mr not calibrated for subset multiplies"), c.why());
    assertFalse(c.predictedSeconds().containsKey(Engine.MR));
  }

  @Test
  void anAskedEngineRunsWhateverThePrediction() {
    EngineChoice c = EngineChoice.choose(Engine.MR, LINES, Shape.WHOLE, 10, BOTH);
    assertEquals(Engine.MR, c.engine());
    assertTrue(c.why().startsWith("asked for mr; predicted: iterator 0.00 s"), c.why());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                EngineChoice.choose(
                    Engine.MR, LINES, Shape.WHOLE, 10, EnumSet.of(Engine.ITERATOR)));
    assertTrue(e.getMessage().contains("engine mr is not available"), e.getMessage());
  }

  @Test
  void autoWithNoCalibratedEngineNamesTheCalibration() {
    Calibration none =
        new Calibration(
            "empty lines",
            "none",
            "none",
            "none",
            "none",
            List.of(new Calibration.Cost(Engine.MR, Shape.WHOLE, 1, 1, 1, 1, 1)));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                EngineChoice.choose(
                    Engine.AUTO, none, Shape.SUBSET, 10, EnumSet.of(Engine.ITERATOR)));
    assertTrue(
        e.getMessage().contains("calibration 'empty lines' has no line for subset"),
        e.getMessage());
  }
}
