package outerproduct.compare.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.report.Summary.Row;

/**
 * The few lines a user reads first, at the top of {@code report.md} and as the last lines on the
 * console: for each workload of the run, the engine that answered best and by how much over the
 * others (whole table: rate; queued: p50 latency one request at a time), and whether every C was
 * proven.
 */
public final class Headlines {
  private final Summary summary;

  private Headlines(Summary summary) {
    this.summary = summary;
  }

  public static List<String> of(Summary summary) {
    return new Headlines(summary).lines();
  }

  private List<String> lines() {
    List<String> lines = new ArrayList<>();
    lines.add(proven());
    for (int scale : summary.wholeScales()) {
      whole(scale, lines);
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
            .forEach(size -> latency(workload, scale, size, lowest, lines));
      }
    }
    return lines;
  }

  private void whole(int scale, List<String> lines) {
    List<Row> rows =
        summary.rows().stream()
            .filter(r -> r.whole() && r.scale() == scale && r.answered() && isEngine(r))
            .toList();
    rows.stream()
        .max(Comparator.comparingDouble(Row::ratePpPerSMedian))
        .ifPresent(
            best ->
                lines.add(
                    "whole table, SCALE "
                        + scale
                        + ": "
                        + best.engine()
                        + " fastest at "
                        + fmt("%.3g", best.ratePpPerSMedian())
                        + " pp/s"
                        + lead(rows, best, true)
                        + auto(scale(scale), Row::requestSecondsMedian)));
  }

  private void latency(String workload, int scale, int size, int concurrency, List<String> lines) {
    List<Row> rows =
        summary.rows().stream()
            .filter(
                r ->
                    r.workload().equals(workload)
                        && r.scale() == scale
                        && r.concurrency() == concurrency
                        && r.rowsRequested() == size
                        && r.answered())
            .toList();
    List<Row> engines = rows.stream().filter(Headlines::isEngine).toList();
    engines.stream()
        .min(Comparator.comparingDouble(Row::latencyP50S))
        .ifPresent(
            best ->
                lines.add(
                    workload
                        + ", SCALE "
                        + scale
                        + ", "
                        + size
                        + (size == 1 ? " row" : " rows")
                        + ": "
                        + best.engine()
                        + " answers first, p50 "
                        + fmt("%.2f", best.latencyP50S())
                        + " s"
                        + lead(engines, best, false)
                        + auto(rows, Row::latencyP50S)));
  }

  private List<Row> scale(int scale) {
    return summary.rows().stream().filter(r -> r.whole() && r.scale() == scale).toList();
  }

  /**
   * "; auto ran iterator-bulk, 1.02× the time of iterator-bulk" when auto ran in the group: its
   * choice, and its time over that of the fastest path it chooses among.
   */
  private String auto(List<Row> group, ToDoubleFunction<Row> time) {
    Optional<Row> faster =
        group.stream()
            .filter(r -> AutoVerdicts.isPath(r.engine()) && r.answered())
            .min(Comparator.comparingDouble(time));
    return group.stream()
        .filter(r -> r.engine().equals(Engine.AUTO.label()) && r.answered())
        .findFirst()
        .filter(auto -> faster.isPresent())
        .map(
            auto ->
                "; auto ran "
                    + new AutoVerdicts(summary).choices(auto)
                    + ", "
                    + fmt("%.2f", time.applyAsDouble(auto) / time.applyAsDouble(faster.get()))
                    + "× the time of "
                    + faster.get().engine())
        .orElse("");
  }

  /**
   * The ingest ceiling is a bound and auto a choice between engines, not engines to rank: auto's
   * line follows the ranking.
   */
  private static boolean isEngine(Row r) {
    return !r.engine().equals(Engine.INGEST_CEILING.label())
        && !r.engine().equals(Engine.AUTO.label());
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

  /** "; 2.40x the client, 12.1x mr" (rates) or "; client 1.3x later, mr 30x later" (latency). */
  private static String lead(List<Row> rows, Row best, boolean rate) {
    StringBuilder s = new StringBuilder();
    for (Row other : rows) {
      if (other == best) {
        continue;
      }
      double factor =
          rate
              ? best.ratePpPerSMedian() / other.ratePpPerSMedian()
              : other.latencyP50S() / best.latencyP50S();
      s.append(s.length() == 0 ? " (" : ", ")
          .append(fmt(factor >= 10 ? "%.0f" : "%.1f", factor))
          .append(rate ? "× " : "× sooner than ")
          .append(other.engine());
    }
    return s.length() == 0 ? "" : s.append(')').toString();
  }

  private static String fmt(String format, double value) {
    return String.format(Locale.ROOT, format, value);
  }
}
