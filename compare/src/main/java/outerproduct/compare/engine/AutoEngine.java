package outerproduct.compare.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.multiply.Multiply;

/**
 * The harness's {@code auto}: {@code Multiply.run()} itself, as a user's {@code scripts/multiply}
 * runs it: the estimate, the paths this caller cannot run left out, the calibration's predictions,
 * the choice, and the chosen path creating its own kind of C. Its time runs from the call to C
 * readable, so that auto pays for counting and choosing; the record keeps the choice, every
 * prediction and each exclusion the choice asked for beside the measured time.
 */
final class AutoEngine {
  private AutoEngine() {}

  static Engine.Run createAndMultiply(Operands on, String c, RowRanges rows) throws Exception {
    Multiply.Result r = EngineRuns.request(on, c, rows).run();
    Map<String, Object> info = new LinkedHashMap<>();
    putDecision(r.decision(), info);
    info.putAll(EngineRuns.info(r));
    return new Engine.Run(r.partialProducts(), r.entriesWritten(), r.seconds(), 0, info);
  }

  /** What the record keeps of a decision: the choice, every prediction and exclusion, why. */
  static void putDecision(Multiply.Decision decision, Map<String, Object> info) {
    info.put("auto_choice", decision.path().label());
    decision
        .choice()
        .predictedSeconds()
        .forEach((path, seconds) -> info.put("auto_predicted_" + path.label() + "_s", seconds));
    decision
        .choice()
        .excluded()
        .forEach((path, why) -> info.put("auto_excluded_" + path.label(), why));
    info.put("t_decide_s", decision.seconds());
    info.put("auto_why", decision.choice().why());
    info.put("calibration", decision.calibration().source());
  }
}
