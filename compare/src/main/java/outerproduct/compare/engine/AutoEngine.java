package outerproduct.compare.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.multiply.Multiply;

/**
 * The harness's {@code auto}: the one entry point's decision ({@link Multiply#decide}: the
 * estimate, the calibration's predictions, the choice), then the chosen engine run exactly as the
 * harness runs it under its own name, C created after the choice since each engine needs its own
 * kind. Its time is the decision's plus the chosen engine's, so that auto pays for choosing.
 */
final class AutoEngine {
  private AutoEngine() {}

  static Engine.Run createAndMultiply(
      Target target,
      Semiring<?> semiring,
      String at,
      String b,
      String c,
      RowRanges rows,
      Engine.Settings settings)
      throws Exception {
    long begin = System.nanoTime();
    Multiply.Decision decision =
        Multiply.on(target.clientPropertiesFile())
            .transposeOf(at)
            .times(b)
            .into(c)
            .semiring(semiring.name())
            .rows(rows)
            .calibration(settings.calibration())
            .hadoop(target.yarn().get())
            .decide(target.client());
    double decideSeconds = (System.nanoTime() - begin) / 1e9;
    Engine chosen =
        switch (decision.choice().engine()) {
          case MR -> Engine.MR;
          case ITERATOR -> Engine.ITERATOR;
          case AUTO -> throw new IllegalStateException("auto chose auto");
        };
    Engine.Run run = chosen.createAndMultiply(target, semiring, at, b, c, rows, settings);
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("auto_choice", chosen.label());
    decision
        .choice()
        .predictedSeconds()
        .forEach((engine, seconds) -> info.put("auto_predicted_" + engine.label() + "_s", seconds));
    info.put("t_decide_s", decideSeconds);
    info.put("auto_why", decision.choice().why());
    info.put("calibration", decision.calibration().source());
    info.putAll(run.info());
    return new Engine.Run(
        run.partialProducts(),
        run.entriesWritten(),
        decideSeconds + run.seconds(),
        run.prepareSeconds(),
        info);
  }
}
