package outerproduct.compare;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.report.Uncertainty;

/**
 * Which engines of one group of runs (a whole-table SCALE, a request size) need no more runs after
 * the first round: those whose first time is {@linkplain Uncertainty#farBehind far behind} the
 * fastest engine's in the same round. Their gap is decided whatever further runs show, so the time
 * goes to the repeats of the engines whose order is still open. A run that wants every repeat of
 * every engine ({@code --all-repeats}, and calibration, which fits a line through each engine's
 * medians) keeps them all.
 */
final class DecidedGaps {
  private static final Logger log = LoggerFactory.getLogger(DecidedGaps.class);

  private final boolean enabled;
  private final Set<Engine> decided = EnumSet.noneOf(Engine.class);

  DecidedGaps(boolean enabled) {
    this.enabled = enabled;
  }

  /** Notes the first round's times (seconds per engine; failed runs left out). */
  void afterFirstRound(Map<Engine, Double> seconds, String group) {
    if (!enabled || seconds.size() < 2) {
      return;
    }
    double fastest = Collections.min(seconds.values());
    Uncertainty uncertainty = Uncertainty.standard();
    seconds.forEach(
        (engine, s) -> {
          if (uncertainty.farBehind(s / fastest)) {
            decided.add(engine);
          }
        });
    if (!decided.isEmpty()) {
      log.debug("{}: {} far behind after one round, no more runs of them", group, decided);
    }
  }

  /** Whether {@code engine} runs no more in this group. */
  boolean skips(Engine engine) {
    return decided.contains(engine);
  }
}
