package outerproduct.multiply;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which engine runs a multiply, and why: each available engine's predicted time for the estimated
 * partial products, from the {@link Calibration}'s line for the multiply's {@link Shape}; {@link
 * Engine#AUTO} takes the soonest.
 *
 * @param engine the engine that runs
 * @param predictedSeconds each available engine's predicted time (empty for an engine without a
 *     line in the calibration)
 * @param why one line: the predictions and the reason, as the commands print it
 */
public record EngineChoice(Engine engine, Map<Engine, Double> predictedSeconds, String why) {

  public EngineChoice {
    predictedSeconds = Collections.unmodifiableMap(new EnumMap<>(predictedSeconds));
  }

  /**
   * @param asked {@link Engine#AUTO} or the engine the caller asked for
   * @param products the partial products the estimate counted
   * @param available the engines this caller can run (MapReduce needs a Hadoop configuration)
   * @throws IllegalArgumentException if {@code asked} is not available, or AUTO has no engine with
   *     a calibration line for this shape
   */
  public static EngineChoice choose(
      Engine asked, Calibration calibration, Shape shape, long products, Set<Engine> available) {
    if (asked != Engine.AUTO && !available.contains(asked)) {
      throw new IllegalArgumentException(
          "engine "
              + asked
              + " is not available here (available: "
              + available
              + "): the MapReduce engine needs the YARN cluster's Hadoop configuration");
    }
    Map<Engine, Double> predicted = new EnumMap<>(Engine.class);
    List<String> lines = new ArrayList<>();
    for (Engine engine : available) {
      Optional<Calibration.Cost> cost = calibration.cost(engine, shape);
      if (cost.isPresent()) {
        double seconds = cost.get().seconds(products);
        predicted.put(engine, seconds);
        lines.add(
            String.format(Locale.ROOT, "%s %.2f s (%s)", engine, seconds, cost.get().describe()));
      } else {
        lines.add(engine + " not calibrated for " + shape + " multiplies");
      }
    }
    String predictions = String.join("; ", lines);
    if (asked != Engine.AUTO) {
      return new EngineChoice(
          asked, predicted, "asked for " + asked + "; predicted: " + predictions);
    }
    Engine soonest =
        predicted.entrySet().stream()
            .min(Map.Entry.comparingByValue())
            .map(Map.Entry::getKey)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "engine auto: calibration '"
                            + calibration.source()
                            + "' has no line for "
                            + shape
                            + " multiplies of "
                            + available));
    return new EngineChoice(soonest, predicted, reason(soonest, predicted) + "; " + predictions);
  }

  private static String reason(Engine soonest, Map<Engine, Double> predicted) {
    double best = predicted.get(soonest);
    double next =
        predicted.entrySet().stream()
            .filter(e -> e.getKey() != soonest)
            .mapToDouble(Map.Entry::getValue)
            .min()
            .orElse(Double.NaN);
    if (Double.isNaN(next)) {
      return soonest + ": the only calibrated engine available";
    }
    return String.format(Locale.ROOT, "%s: predicted %.2g× sooner", soonest, next / best);
  }
}
