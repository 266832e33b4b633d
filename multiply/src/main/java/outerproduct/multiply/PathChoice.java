package outerproduct.multiply;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Which path runs a multiply, and why: each candidate path's predicted time for the estimated
 * partial products, from the {@link Calibration}'s line for the path and the multiply's {@link
 * Shape}; {@link ExecutionPath#AUTO} takes the soonest. A path that cannot run for this caller
 * (bulk output without the permissions, the client path past its memory bound, MapReduce without a
 * YARN cluster; {@link PathChecks}) or has no line is excluded, with its reason.
 *
 * @param path the path that runs
 * @param predictedSeconds each candidate's predicted time
 * @param excluded each path that was not a candidate, with the reason
 * @param why one line: the choice and its reason, as the commands print it
 */
public record PathChoice(
    ExecutionPath path,
    Map<ExecutionPath, Double> predictedSeconds,
    Map<ExecutionPath, String> excluded,
    String why) {

  public PathChoice {
    predictedSeconds = Collections.unmodifiableMap(copy(predictedSeconds));
    excluded = Collections.unmodifiableMap(copy(excluded));
  }

  private static <V> Map<ExecutionPath, V> copy(Map<ExecutionPath, V> map) {
    return map.isEmpty() ? new EnumMap<>(ExecutionPath.class) : new EnumMap<>(map);
  }

  /**
   * @param asked {@link ExecutionPath#AUTO} or the path the caller asked for
   * @param products the partial products the estimate counted
   * @param cannotRun the paths that cannot run for this caller, with the reason
   * @throws IllegalArgumentException if {@code asked} cannot run, or AUTO finds no candidate
   */
  public static PathChoice choose(
      ExecutionPath asked,
      Calibration calibration,
      Shape shape,
      long products,
      Map<ExecutionPath, String> cannotRun) {
    if (asked != ExecutionPath.AUTO && cannotRun.containsKey(asked)) {
      throw new IllegalArgumentException(
          "path " + asked + " cannot run here: " + cannotRun.get(asked));
    }
    Map<ExecutionPath, Double> predicted = new EnumMap<>(ExecutionPath.class);
    Map<ExecutionPath, String> excluded = new EnumMap<>(ExecutionPath.class);
    for (ExecutionPath path : ExecutionPath.runnable()) {
      Optional<Calibration.Cost> cost = calibration.cost(path, shape);
      if (cannotRun.containsKey(path)) {
        excluded.put(path, cannotRun.get(path));
      } else if (cost.isEmpty()) {
        excluded.put(path, "no calibration line for " + shape + " multiplies");
      } else {
        predicted.put(path, cost.get().seconds(products));
      }
    }
    if (asked != ExecutionPath.AUTO) {
      return new PathChoice(asked, predicted, excluded, "asked for " + asked);
    }
    ExecutionPath soonest =
        predicted.entrySet().stream()
            .min(Map.Entry.comparingByValue())
            .map(Map.Entry::getKey)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "path auto: no path can run here with a line in calibration '"
                            + calibration.source()
                            + "' for "
                            + shape
                            + " multiplies ("
                            + excluded
                            + ")"));
    return new PathChoice(soonest, predicted, excluded, reason(soonest, predicted));
  }

  private static String reason(ExecutionPath soonest, Map<ExecutionPath, Double> predicted) {
    double best = predicted.get(soonest);
    Optional<Map.Entry<ExecutionPath, Double>> next =
        predicted.entrySet().stream()
            .filter(e -> e.getKey() != soonest)
            .min(Map.Entry.comparingByValue());
    if (next.isEmpty()) {
      return soonest + ": the only candidate";
    }
    return String.format(
        Locale.ROOT,
        "%s: predicted %.2g× sooner than %s, the next",
        soonest,
        next.get().getValue() / best,
        next.get().getKey());
  }

  /**
   * Every path on a line of its own, as {@code --explain} prints them: each candidate with its
   * prediction and line, each excluded one with its reason, and the choice marked.
   */
  public List<String> explain(Calibration calibration, Shape shape) {
    List<String> lines = new ArrayList<>();
    for (ExecutionPath p : ExecutionPath.runnable()) {
      String mark = p == path ? "=> " : "   ";
      if (predictedSeconds.containsKey(p)) {
        lines.add(
            String.format(
                Locale.ROOT,
                "%s%-13s %9.2f s  (%s)",
                mark,
                p,
                predictedSeconds.get(p),
                calibration.cost(p, shape).orElseThrow().describe()));
      } else {
        lines.add(String.format(Locale.ROOT, "%s%-13s excluded: %s", mark, p, excluded.get(p)));
      }
    }
    return lines;
  }
}
