package outerproduct.multiply;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import outerproduct.kernel.accumulo.ProductEstimate;

/**
 * Which path runs a multiply, and why: each path's predicted time for the estimated partial
 * products and shared rows, from the {@link Calibration}'s line for the path and the multiply's
 * {@link Shape} ({@link Calibration#seconds}, which keeps a small whole table's prediction from
 * falling below what every request of the path pays); {@link ExecutionPath#AUTO} takes the soonest
 * that can run here. Whether a path can run (bulk output without the permissions, the client path
 * past its memory bound, MapReduce without a YARN cluster; {@link PathChecks}) is asked of the
 * candidates from the soonest on, and by default only until one can: the paths after it cannot
 * change the choice, and their checks would cost round trips to the cluster. {@link
 * Checking#EVERY_PATH} asks of every path, for a caller that shows them all ({@code --explain});
 * the choice is the same either way.
 *
 * @param path the path that runs
 * @param predictedSeconds each candidate's predicted time (a path that cannot run is no candidate)
 * @param excluded each path that was no candidate, with the reason
 * @param unchecked the candidates whose checks were not needed: a path predicted sooner can run
 * @param why one line: the choice and its reason, as the commands print it
 */
public record PathChoice(
    ExecutionPath path,
    Map<ExecutionPath, Double> predictedSeconds,
    Map<ExecutionPath, String> excluded,
    Set<ExecutionPath> unchecked,
    String why) {

  /** Why a path cannot run for this caller; empty where it can. */
  @FunctionalInterface
  public interface Check {
    Optional<String> whyNot(ExecutionPath path) throws Exception;
  }

  /** Which paths' checks a choice asks. */
  public enum Checking {
    /** From the soonest candidate on, until one can run: what a multiply needs. */
    UNTIL_CHOSEN,
    /** Every path with a line, so that each one's standing can be shown. */
    EVERY_PATH
  }

  public PathChoice {
    predictedSeconds = Collections.unmodifiableMap(copy(predictedSeconds));
    excluded = Collections.unmodifiableMap(copy(excluded));
    unchecked =
        Collections.unmodifiableSet(
            unchecked.isEmpty() ? EnumSet.noneOf(ExecutionPath.class) : EnumSet.copyOf(unchecked));
  }

  private static <V> Map<ExecutionPath, V> copy(Map<ExecutionPath, V> map) {
    return map.isEmpty() ? new EnumMap<>(ExecutionPath.class) : new EnumMap<>(map);
  }

  /**
   * @param asked {@link ExecutionPath#AUTO} or the path the caller asked for (the only one checked)
   * @param work the request's estimated work: its partial products and shared rows
   * @param check why a path cannot run for this caller
   * @throws IllegalArgumentException if {@code asked} cannot run, or AUTO finds no candidate
   */
  public static PathChoice choose(
      ExecutionPath asked,
      Calibration calibration,
      Shape shape,
      ProductEstimate.Estimate work,
      Check check,
      Checking checking)
      throws Exception {
    Map<ExecutionPath, Double> predicted = new EnumMap<>(ExecutionPath.class);
    Map<ExecutionPath, String> excluded = new EnumMap<>(ExecutionPath.class);
    for (ExecutionPath path : ExecutionPath.runnable()) {
      Optional<Double> seconds =
          calibration.seconds(path, shape, work.partialProducts(), work.sharedRows());
      if (seconds.isEmpty()) {
        excluded.put(path, "no calibration line for " + shape + " multiplies");
      } else {
        predicted.put(path, seconds.get());
      }
    }
    if (asked != ExecutionPath.AUTO) {
      Optional<String> refusal = check.whyNot(asked);
      if (refusal.isPresent()) {
        throw new IllegalArgumentException("path " + asked + " cannot run here: " + refusal.get());
      }
      Set<ExecutionPath> others = EnumSet.copyOf(predicted.keySet());
      others.remove(asked);
      return new PathChoice(asked, predicted, excluded, others, "asked for " + asked);
    }
    List<ExecutionPath> soonestFirst = new ArrayList<>(predicted.keySet());
    soonestFirst.sort(Comparator.comparing(predicted::get));
    ExecutionPath chosen = null;
    Set<ExecutionPath> unchecked = EnumSet.noneOf(ExecutionPath.class);
    for (ExecutionPath path : soonestFirst) {
      if (chosen != null && checking == Checking.UNTIL_CHOSEN) {
        unchecked.add(path);
        continue;
      }
      Optional<String> refusal = check.whyNot(path);
      if (refusal.isPresent()) {
        excluded.put(path, refusal.get());
        predicted.remove(path);
      } else if (chosen == null) {
        chosen = path;
      }
    }
    if (chosen == null) {
      throw new IllegalArgumentException(
          "path auto: no path can run here with a line in calibration '"
              + calibration.source()
              + "' for "
              + shape
              + " multiplies ("
              + excluded
              + ")");
    }
    return new PathChoice(chosen, predicted, excluded, unchecked, reason(chosen, predicted));
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

  /** The path's line, and its floor where that is what it predicts. */
  private String describe(Calibration calibration, ExecutionPath p, Shape shape) {
    String line = calibration.cost(p, shape).orElseThrow().describe();
    double floor = calibration.floor(p, shape);
    return floor == 0 || predictedSeconds.get(p) > floor
        ? line
        : String.format(
            Locale.ROOT, "%s; at least %.2f s, its subset line's fixed cost", line, floor);
  }

  /**
   * Every path on a line of its own, as {@code --explain} prints them: each candidate with its
   * prediction and line (and whether its checks were skipped), each excluded one with its reason,
   * and the choice marked.
   */
  public List<String> explain(Calibration calibration, Shape shape) {
    List<String> lines = new ArrayList<>();
    for (ExecutionPath p : ExecutionPath.runnable()) {
      String mark = p == path ? "=> " : "   ";
      if (predictedSeconds.containsKey(p)) {
        lines.add(
            String.format(
                Locale.ROOT,
                "%s%-13s %9.2f s  (%s)%s",
                mark,
                p,
                predictedSeconds.get(p),
                describe(calibration, p, shape),
                unchecked.contains(p) ? "  not checked: the choice did not need it" : ""));
      } else {
        lines.add(String.format(Locale.ROOT, "%s%-13s excluded: %s", mark, p, excluded.get(p)));
      }
    }
    return lines;
  }
}
