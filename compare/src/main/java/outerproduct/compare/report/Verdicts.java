package outerproduct.compare.report;

import static outerproduct.compare.report.Cells.fmt;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.report.Summary.Row;

/**
 * What a run says about the design's prediction (MapReduce wins throughput on whole tables, the
 * iterator engine wins latency on queued subsets; the TableMult paper, "Graphulo Implementation of
 * Server-Side Sparse Matrix Multiply in the Accumulo Database", HPEC 2015) and whether the
 * project's performance goals were met, with the ratios from the same run. Goals are reported,
 * never asserted.
 */
final class Verdicts {
  /** Iterator engine's rate over the in-tserver ingest ceiling's, at every SCALE. */
  static final double ITERATOR_VS_CEILING_GOAL = 0.9;

  /** Iterator engine's rate over the client-side baseline's, at {@link #GOAL_SCALE}. */
  static final double ITERATOR_VS_CLIENT_GOAL = 5.0;

  static final int GOAL_SCALE = 14;

  /**
   * iterator-bulk's rate over the iterator engine's (BatchWriter output) with a pre-sum window, at
   * {@link #GOAL_SCALE}.
   */
  static final double BULK_VS_ITERATOR_GOAL = 2.0;

  /** The same over the BatchWriter output without pre-sum (the iterator engine ran with 0). */
  static final double BULK_VS_UNSUMMED_GOAL = 4.0;

  /** Iterator engine's p50 for {@link #QUEUED_GOAL_ROWS} rows of SCALE {@link #GOAL_SCALE}. */
  static final double ITERATOR_QUEUED_P50_GOAL_S = 4.0;

  static final int QUEUED_GOAL_ROWS = 1024;

  /** Cued goals, on 1,024 rows of B at SCALE 18 or more: iterator p50 and p95, one at a time. */
  static final int CUED_GOAL_MIN_SCALE = 18;

  static final double CUED_ITERATOR_P50_GOAL_S = 0.25;
  static final double CUED_ITERATOR_P95_GOAL_S = 0.5;

  /** Cued: iterator requests per second with 16 in flight, and MapReduce's p50. */
  static final double CUED_ITERATOR_REQUESTS_PER_S_GOAL = 10;

  static final int CUED_GOAL_CONCURRENCY = 16;
  static final double CUED_MR_P50_GOAL_S = 6.0;

  private final Summary summary;

  Verdicts(Summary summary) {
    this.summary = summary;
  }

  /** Whole tables: where MapReduce's rate overtakes the iterator engine's, and the rate goals. */
  List<String> throughput() {
    List<String> lines = new ArrayList<>();
    List<Integer> scales = summary.wholeScales();
    lines.add(crossover(scales.get(scales.size() - 1)));
    for (int scale : scales) {
      bulkOutput(scale).ifPresent(lines::add);
      ratio(scale, Engine.ITERATOR.label(), Engine.INGEST_CEILING.label())
          .ifPresent(
              x ->
                  lines.add(
                      "SCALE "
                          + scale
                          + ": iterator engine / in-tserver ingest ceiling = "
                          + fmt("%.2f", x)
                          + goal("≥ " + ITERATOR_VS_CEILING_GOAL, x >= ITERATOR_VS_CEILING_GOAL)));
      ratio(scale, Engine.ITERATOR.label(), Engine.CLIENT.label())
          .ifPresent(
              x ->
                  lines.add(
                      "SCALE "
                          + scale
                          + ": iterator engine / client-side baseline = "
                          + fmt("%.2f", x)
                          + (scale == GOAL_SCALE
                              ? goal("≥ " + ITERATOR_VS_CLIENT_GOAL, x >= ITERATOR_VS_CLIENT_GOAL)
                              : "")));
    }
    return lines;
  }

  /**
   * Where both bulk outputs ran: server-side files (iterator-bulk) against MapReduce's, and against
   * the iterator engine's BatchWriter output (goal at {@link #GOAL_SCALE}).
   */
  private Optional<String> bulkOutput(int scale) {
    Optional<Double> overMr = ratio(scale, Engine.ITERATOR_BULK.label(), Engine.MR.label());
    Optional<Double> overIterator =
        ratio(scale, Engine.ITERATOR_BULK.label(), Engine.ITERATOR.label());
    if (overMr.isEmpty() && overIterator.isEmpty()) {
      return Optional.empty();
    }
    List<String> parts = new ArrayList<>();
    overIterator.ifPresent(
        x ->
            parts.add(
                "iterator-bulk / iterator engine"
                    + (presumOff(scale) ? " without pre-sum" : "")
                    + " = "
                    + fmt("%.2f", x)
                    + (scale == GOAL_SCALE ? bulkGoal(x, presumOff(scale)) : "")));
    overMr.ifPresent(
        x ->
            parts.add(
                "iterator-bulk / MapReduce = "
                    + fmt("%.2f", x)
                    + (x >= 1
                        ? " (the iterator engine's files beat MapReduce's)"
                        : " (MapReduce ahead)")));
    return Optional.of("SCALE " + scale + ": " + String.join("; ", parts));
  }

  private static String bulkGoal(double ratio, boolean presumOff) {
    double target = presumOff ? BULK_VS_UNSUMMED_GOAL : BULK_VS_ITERATOR_GOAL;
    return goal("≥ " + target, ratio >= target);
  }

  /**
   * True when the iterator engine's whole-table runs at this SCALE wrote without pre-sum: {@code
   * --presum 0}, or {@code auto}, which is off for whole tables.
   */
  private boolean presumOff(int scale) {
    return summary.records().stream()
        .filter(r -> Engine.ITERATOR.label().equals(r.path("engine").asText()))
        .filter(
            r -> "whole".equals(r.path("workload").asText()) && r.path("scale").asInt() == scale)
        .map(r -> r.path("presum").asText(""))
        .anyMatch(p -> p.equals("0") || p.equals(Engine.AUTO.label()));
  }

  private String crossover(int largest) {
    Optional<Double> mrOverIterator = ratio(largest, Engine.MR.label(), Engine.ITERATOR.label());
    Optional<Integer> crossover = summary.crossover();
    if (crossover.isPresent()) {
      return "MapReduce's rate overtakes the iterator engine's at SCALE "
          + crossover.get()
          + " (the crossover); at SCALE "
          + largest
          + " MapReduce runs at "
          + mrOverIterator.map(x -> fmt("%.2f", x)).orElse("?")
          + "× the iterator engine's rate. The TableMult paper's prediction holds from there on.";
    }
    if (mrOverIterator.isPresent()) {
      return "No crossover up to SCALE "
          + largest
          + ": MapReduce runs at "
          + fmt("%.2f", mrOverIterator.get())
          + "× the iterator engine's rate there; the iterator engine has the higher throughput on"
          + " every SCALE run.";
    }
    return "No crossover can be judged: MapReduce and the iterator engine did not both run.";
  }

  /**
   * Queued or cued requests, one at a time: which engine answers first per SCALE and size, and the
   * latency goals. Queued: iterator p50 at most the client's; at most {@value
   * #ITERATOR_QUEUED_P50_GOAL_S} s for {@value #QUEUED_GOAL_ROWS} rows of SCALE {@value
   * #GOAL_SCALE}. Cued ({@value #QUEUED_GOAL_ROWS} rows of SCALE {@value #CUED_GOAL_MIN_SCALE} or
   * more): iterator p50 at most {@value #CUED_ITERATOR_P50_GOAL_S} s and p95 at most {@value
   * #CUED_ITERATOR_P95_GOAL_S} s, at least {@value #CUED_ITERATOR_REQUESTS_PER_S_GOAL} requests/s
   * with {@value #CUED_GOAL_CONCURRENCY} in flight, MapReduce p50 at most {@value
   * #CUED_MR_P50_GOAL_S} s.
   */
  List<String> latency(String workload) {
    List<String> lines = new ArrayList<>();
    List<Row> rows = summary.rows().stream().filter(r -> r.workload().equals(workload)).toList();
    int lowest = rows.stream().mapToInt(Row::concurrency).min().orElse(1);
    for (int scale : summary.scales(workload)) {
      String label = summary.label(workload, scale);
      rows.stream()
          .filter(r -> r.scale() == scale && r.concurrency() == lowest)
          .map(Row::rowsRequested)
          .distinct()
          .forEach(size -> lines.addAll(latency(rows, label, scale, size, lowest)));
    }
    if (workload.equals("cued")) {
      lines.addAll(cuedGoals(rows, lowest));
    } else {
      find(rows, GOAL_SCALE, Engine.ITERATOR.label(), QUEUED_GOAL_ROWS, lowest)
          .ifPresent(
              r ->
                  lines.add(
                      "SCALE "
                          + GOAL_SCALE
                          + ", "
                          + QUEUED_GOAL_ROWS
                          + " rows: iterator p50 "
                          + fmt("%.2f", r.latencyP50S())
                          + " s"
                          + goal(
                              "≤ " + ITERATOR_QUEUED_P50_GOAL_S + " s",
                              r.latencyP50S() <= ITERATOR_QUEUED_P50_GOAL_S)));
    }
    return lines;
  }

  private List<String> cuedGoals(List<Row> rows, int lowest) {
    List<String> lines = new ArrayList<>();
    for (int scale : summary.scales("cued")) {
      if (scale < CUED_GOAL_MIN_SCALE) {
        continue;
      }
      String at = "cued, SCALE " + scale + ", " + QUEUED_GOAL_ROWS + " rows: ";
      find(rows, scale, Engine.ITERATOR.label(), QUEUED_GOAL_ROWS, lowest)
          .ifPresent(r -> lines.add(at + cuedIteratorLatency(r)));
      find(rows, scale, Engine.ITERATOR.label(), QUEUED_GOAL_ROWS, CUED_GOAL_CONCURRENCY)
          .ifPresent(
              r ->
                  lines.add(
                      at
                          + "iterator at "
                          + CUED_GOAL_CONCURRENCY
                          + " in flight "
                          + fmt("%.3g", r.requestsPerS())
                          + " requests/s"
                          + goal(
                              "≥ " + CUED_ITERATOR_REQUESTS_PER_S_GOAL,
                              r.requestsPerS() >= CUED_ITERATOR_REQUESTS_PER_S_GOAL)));
      find(rows, scale, Engine.MR.label(), QUEUED_GOAL_ROWS, lowest)
          .ifPresent(
              r ->
                  lines.add(
                      at
                          + "MapReduce p50 "
                          + fmt("%.2f", r.latencyP50S())
                          + " s"
                          + goal(
                              "≤ " + CUED_MR_P50_GOAL_S + " s",
                              r.latencyP50S() <= CUED_MR_P50_GOAL_S)));
    }
    return lines;
  }

  private List<String> latency(
      List<Row> queued, String label, int scale, int rows, int concurrency) {
    List<String> lines = new ArrayList<>();
    String subset = label + rows + " rows";
    Optional<Row> it = find(queued, scale, Engine.ITERATOR.label(), rows, concurrency);
    Optional<Row> mr = find(queued, scale, Engine.MR.label(), rows, concurrency);
    Optional<Row> client = find(queued, scale, Engine.CLIENT.label(), rows, concurrency);
    if (it.isPresent() && mr.isPresent()) {
      lines.add(subset + ": " + iteratorVsMapReduce(it.get(), mr.get()));
    }
    if (it.isPresent() && client.isPresent()) {
      double itP50 = it.get().latencyP50S();
      double clientP50 = client.get().latencyP50S();
      lines.add(
          subset
              + ": iterator p50 "
              + fmt("%.2f", itP50)
              + " s, client p50 "
              + fmt("%.2f", clientP50)
              + " s"
              + goal("iterator ≤ client", itP50 <= clientP50));
    }
    queued.stream()
        .filter(
            r ->
                r.scale() == scale
                    && r.concurrency() == concurrency
                    && r.rowsRequested().equals(rows)
                    && r.answered())
        .min(Comparator.comparingDouble(Row::latencyP50S))
        .ifPresent(
            best ->
                lines.add(
                    "Lowest p50 for "
                        + subset
                        + ": "
                        + best.engine()
                        + " ("
                        + fmt("%.2f", best.latencyP50S())
                        + " s)."));
    return lines;
  }

  private static String cuedIteratorLatency(Row r) {
    return "iterator p50 "
        + fmt("%.3f", r.latencyP50S())
        + " s"
        + goal("≤ " + CUED_ITERATOR_P50_GOAL_S + " s", r.latencyP50S() <= CUED_ITERATOR_P50_GOAL_S)
        + ", p95 "
        + fmt("%.3f", r.latencyP95S())
        + " s"
        + goal("≤ " + CUED_ITERATOR_P95_GOAL_S + " s", r.latencyP95S() <= CUED_ITERATOR_P95_GOAL_S);
  }

  private static String iteratorVsMapReduce(Row it, Row mr) {
    double factor = mr.latencyP50S() / it.latencyP50S();
    return "iterator p50 "
        + fmt("%.2f", it.latencyP50S())
        + " s, MapReduce p50 "
        + fmt("%.2f", mr.latencyP50S())
        + " s: the iterator engine answers "
        + fmt("%.1f", factor)
        + "× "
        + (factor >= 1
            ? "sooner. The TableMult paper's prediction holds."
            : "later. The TableMult paper's prediction does not hold here.");
  }

  private static String goal(String goal, boolean met) {
    return " (goal " + goal + ": " + (met ? "met" : "not met") + ")";
  }

  private Optional<Double> ratio(int scale, String engine, String reference) {
    Optional<Row> a = summary.whole(scale, engine).filter(Row::answered);
    Optional<Row> b = summary.whole(scale, reference).filter(Row::answered);
    return a.isPresent() && b.isPresent()
        ? Optional.of(a.get().ratePpPerSMedian() / b.get().ratePpPerSMedian())
        : Optional.empty();
  }

  private static Optional<Row> find(
      List<Row> rows, int scale, String engine, int rowsRequested, int concurrency) {
    return rows.stream()
        .filter(
            r ->
                r.scale() == scale
                    && r.engine().equals(engine)
                    && r.rowsRequested() == rowsRequested
                    && r.concurrency() == concurrency
                    && r.answered())
        .findFirst();
  }
}
