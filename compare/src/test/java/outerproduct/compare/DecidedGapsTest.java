package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import outerproduct.compare.engine.Engine;

class DecidedGapsTest {
  @Test
  void onlyEnginesFarBehindTheFastestRunNoMore() {
    DecidedGaps gaps = new DecidedGaps(true);
    gaps.afterFirstRound(
        Map.of(Engine.CLIENT, 0.20, Engine.ITERATOR, 0.60, Engine.MR, 5.0, Engine.MR_BULK, 0.70),
        "test");
    assertTrue(gaps.skips(Engine.MR), "25× behind: decided");
    assertFalse(gaps.skips(Engine.ITERATOR), "3× behind is within two spread bands");
    assertTrue(gaps.skips(Engine.MR_BULK), "3.5× behind is beyond two spread bands");
    assertFalse(gaps.skips(Engine.CLIENT), "the fastest always runs on");
  }

  @Test
  void everyRunStaysWhenAsked() {
    DecidedGaps gaps = new DecidedGaps(false);
    gaps.afterFirstRound(Map.of(Engine.CLIENT, 0.2, Engine.MR, 5.0), "test");
    assertFalse(gaps.skips(Engine.MR));
  }
}
