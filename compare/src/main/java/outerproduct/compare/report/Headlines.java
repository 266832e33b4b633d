package outerproduct.compare.report;

import static outerproduct.compare.report.Cells.fmt;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.report.Summary.Row;

/**
 * The few lines a user reads first, at the top of {@code report.md} and as the last lines on the
 * console: for each workload of the run, the engine that answered best and by how much over the
 * others (whole table: rate; queued: p50 latency one request at a time), and whether every C was
 * proven.
 *
 * <p>Every ratio carries its interval ({@link Uncertainty}). An engine is named fastest only when
 * its interval against every other engine excludes 1; engines the run cannot tell apart from the
 * best are named with it as indistinguishable.
 */
public final class Headlines {
  private final Summary summary;
  private final Comparisons compare;

  private Headlines(Summary summary) {
    this.summary = summary;
    this.compare = new Comparisons(summary);
  }

  public static List<String> of(Summary summary) {
    return new Headlines(summary).lines();
  }

  private List<String> lines() {
    List<String> lines = new ArrayList<>();
    lines.add(proven());
    for (int scale : summary.wholeScales()) {
      whole(scale).ifPresent(lines::add);
    }
    for (String workload : summary.latencyWorkloads()) {
      int lowest =
          summary.rows().stream()
              .filter(r -> r.workload().equals(workload))
              .mapToInt(Row::concurrency)
              .min()
              .orElse(1);
      for (int scale : summary.scales(workload)) {
        summary.rows().stream()
            .filter(
                r ->
                    r.workload().equals(workload)
                        && r.scale() == scale
                        && r.concurrency() == lowest)
            .map(Row::rowsRequested)
            .distinct()
            .forEach(size -> latency(workload, scale, size, lowest).ifPresent(lines::add));
      }
    }
    return lines;
  }

  private Optional<String> whole(int scale) {
    List<Row> group = summary.rows().stream().filter(r -> r.whole() && r.scale() == scale).toList();
    List<Row> engines = group.stream().filter(r -> r.answered() && isEngine(r)).toList();
    return engines.stream()
        .max(Comparator.comparingDouble(Row::ratePpPerSMedian))
        .map(
            best ->
                "whole table, SCALE "
                    + scale
                    + ": "
                    + ranked(
                        engines, best, byRate(), fmt("%.3g", best.ratePpPerSMedian()) + " pp/s")
                    + auto(group));
  }

  private Optional<String> latency(String workload, int scale, int size, int concurrency) {
    List<Row> group =
        summary.rows().stream()
            .filter(
                r ->
                    r.workload().equals(workload)
                        && r.scale() == scale
                        && r.concurrency() == concurrency
                        && r.rowsRequested() == size)
            .toList();
    List<Row> engines = group.stream().filter(r -> r.answered() && isEngine(r)).toList();
    return engines.stream()
        .min(Comparator.comparingDouble(Row::latencyP50S))
        .map(
            best ->
                workload
                    + ", SCALE "
                    + scale
                    + ", "
                    + size
                    + (size == 1 ? " row" : " rows")
                    + ": "
                    + ranked(
                        engines, best, byLatency(), "p50 " + fmt("%.2f", best.latencyP50S()) + " s")
                    + auto(group));
  }

  /** How one group's engines are ranked: how much better the best is, and how that reads. */
  private record Ranking(BiFunction<Row, Row, Interval> lead, String first, String ahead) {}

  private Ranking byRate() {
    return new Ranking(compare::rate, "fastest", "faster than");
  }

  private Ranking byLatency() {
    return new Ranking((best, other) -> compare.time(other, best), "answers first", "sooner than");
  }

  /**
   * "iterator-bulk fastest, 3.1e6 pp/s; faster than client by 2.1× [1.8–2.4], …" when the best is
   * told apart from every other engine; otherwise "indistinguishable on this run: iterator-bulk
   * (3.1e6 pp/s) and iterator (1.05× [0.91–1.22]); faster than client by 2.1× …".
   */
  private static String ranked(List<Row> engines, Row best, Ranking ranking, String figure) {
    List<String> tied = new ArrayList<>();
    List<String> behind = new ArrayList<>();
    for (Row other : engines) {
      if (other != best) {
        Interval x = ranking.lead().apply(best, other);
        if (x.excludesOne()) {
          behind.add(other.engine() + " by " + x.ratio());
        } else {
          tied.add(other.engine() + " (" + x.ratio() + ")");
        }
      }
    }
    String head =
        tied.isEmpty()
            ? best.engine() + " " + ranking.first() + ", " + figure
            : "indistinguishable on this run: "
                + best.engine()
                + " ("
                + figure
                + ") and "
                + String.join(", ", tied);
    return behind.isEmpty()
        ? head
        : head + "; " + ranking.ahead() + " " + String.join(", ", behind);
  }

  /**
   * "; auto ran iterator-bulk, 1.02× [0.95–1.10] the time of iterator-bulk" when auto ran in the
   * group: its choice, and its time over that of the fastest path it chooses among, from the call
   * to C readable.
   */
  private String auto(List<Row> group) {
    StringBuilder lines = new StringBuilder();
    for (Row auto : group) {
      if (!AutoVerdicts.isAuto(auto.engine()) || !auto.answered()) {
        continue;
      }
      group.stream()
          .filter(r -> AutoVerdicts.isPathBeside(r.engine(), auto.engine()) && r.answered())
          .min(Comparator.comparingDouble(Row::requestSecondsMedian))
          .ifPresent(
              fastest ->
                  lines
                      .append("; ")
                      .append(auto.engine())
                      .append(" ran ")
                      .append(new AutoVerdicts(summary, new Judgements()).choices(auto))
                      .append(", ")
                      .append(compare.time(auto, fastest).ratio())
                      .append(" the time of ")
                      .append(fastest.engine()));
    }
    return lines.toString();
  }

  /**
   * The benchmarks (a bound, a baseline) and auto, a choice between engines, are not engines to
   * rank: auto's line follows the ranking.
   */
  private static boolean isEngine(Row r) {
    return !Engine.isBenchmark(r.engine()) && !AutoVerdicts.isAuto(r.engine());
  }

  private String proven() {
    long total = summary.records().size();
    long equal = summary.records().stream().filter(r -> r.path("equal").asBoolean(false)).count();
    return equal == total
        ? "every C proven: all " + total + " multiplies equal their reference"
        : "NOT PROVEN: "
            + (total - equal)
            + " of "
            + total
            + " multiplies failed or differ from their reference";
  }
}
