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
 * project's performance goals ({@link Goals}) were met, with the ratios from the same run and their
 * intervals ({@link Uncertainty}). A goal is met only when its whole interval is on its side; a
 * prediction holds only when the interval excludes a tie. Goals are reported, never asserted.
 */
final class Verdicts {
  private final Summary summary;
  private final Comparisons compare;
  private final Judgements judgements;

  Verdicts(Summary summary, Judgements judgements) {
    this.summary = summary;
    this.compare = new Comparisons(summary);
    this.judgements = judgements;
  }

  /**
   * Whole tables: where MapReduce's rate overtakes the iterator engine's, the rate goals, and how
   * far each engine stands from its limits ({@link LimitVerdicts}).
   */
  List<String> throughput() {
    List<String> lines = new ArrayList<>();
    List<Integer> scales = summary.wholeScales();
    lines.add(crossover(scales));
    Goals.Goal ceiling = Goals.get("iterator-vs-ceiling");
    Goals.Goal client = Goals.get("iterator-vs-client");
    for (int scale : scales) {
      bulkOutput(scale).ifPresent(lines::add);
      ratio(scale, Engine.ITERATOR, Engine.INGEST_CEILING)
          .ifPresent(
              x ->
                  lines.add(
                      "SCALE "
                          + scale
                          + ": iterator engine / in-tserver ingest ceiling = "
                          + x.ratio()
                          + goal(ceiling, x, "", "SCALE " + scale)));
      ratio(scale, Engine.ITERATOR, Engine.CLIENT)
          .ifPresent(
              x ->
                  lines.add(
                      "SCALE "
                          + scale
                          + ": iterator engine / client-side baseline = "
                          + x.ratio()
                          + (scale == client.scale()
                              ? goal(client, x, "", "SCALE " + scale)
                              : "")));
    }
    lines.addAll(new LimitVerdicts(summary, judgements).lines());
    return lines;
  }

  /**
   * Where iterator-bulk ran: server-side files against MapReduce (its faster output), and against
   * the iterator engine's BatchWriter output, with their goals at their SCALEs.
   */
  private Optional<String> bulkOutput(int scale) {
    Optional<Row> bulk = summary.whole(scale, Engine.ITERATOR_BULK.label()).filter(Row::answered);
    Optional<Row> mr = best(scale, Engine.MR, Engine.MR_BULK);
    Optional<Interval> overMr =
        bulk.isPresent() && mr.isPresent()
            ? Optional.of(compare.rate(bulk.get(), mr.get()))
            : Optional.empty();
    Optional<Interval> overIterator = ratio(scale, Engine.ITERATOR_BULK, Engine.ITERATOR);
    if (overMr.isEmpty() && overIterator.isEmpty()) {
      return Optional.empty();
    }
    List<String> parts = new ArrayList<>();
    boolean unsummed = presumOff(scale);
    Goals.Goal vsIterator = Goals.get(unsummed ? "bulk-vs-unsummed" : "bulk-vs-iterator");
    overIterator.ifPresent(
        x ->
            parts.add(
                "iterator-bulk / iterator engine"
                    + (unsummed ? " without pre-sum" : "")
                    + " = "
                    + x.ratio()
                    + (scale == vsIterator.scale()
                        ? goal(vsIterator, x, "", "SCALE " + scale)
                        : "")));
    Goals.Goal vsMr = Goals.get("bulk-vs-mr");
    overMr.ifPresent(
        x ->
            parts.add(
                "iterator-bulk / "
                    + mr.get().engine()
                    + " = "
                    + x.ratio()
                    + (scale == vsMr.scale() ? goal(vsMr, x, "", "SCALE " + scale) : "")
                    + " ("
                    + ahead(x, "the iterator engine's files", "MapReduce's")
                    + ")"));
    return Optional.of("SCALE " + scale + ": " + String.join("; ", parts));
  }

  /**
   * True when the iterator engine's whole-table runs at this SCALE wrote without pre-sum: {@code
   * --presum 0}, or {@code auto} in a record made before the tablet servers sized a whole table's
   * window (those say "tablet server's heap").
   */
  private boolean presumOff(int scale) {
    return summary.records().stream()
        .filter(r -> Engine.ITERATOR.label().equals(r.path("engine").asText()))
        .filter(
            r -> "whole".equals(r.path("workload").asText()) && r.path("scale").asInt() == scale)
        .map(r -> r.path("presum").asText(""))
        .anyMatch(p -> p.equals("0") || p.equals(Engine.AUTO.label()));
  }

  /**
   * The design's throughput prediction, per SCALE where both ran: MapReduce (its faster output)
   * against the iterator engine (its faster output), and the first SCALE where MapReduce's rate is
   * told apart above the iterator engine's.
   */
  private String crossover(List<Integer> scales) {
    List<String> parts = new ArrayList<>();
    Optional<Integer> crossover = Optional.empty();
    for (int scale : scales) {
      Optional<Row> mr = best(scale, Engine.MR, Engine.MR_BULK);
      Optional<Row> it = best(scale, Engine.ITERATOR, Engine.ITERATOR_BULK);
      if (mr.isPresent() && it.isPresent()) {
        Interval x = compare.rate(mr.get(), it.get());
        parts.add(
            "SCALE "
                + scale
                + " "
                + mr.get().engine()
                + " / "
                + it.get().engine()
                + " = "
                + x.ratio());
        if (crossover.isEmpty() && x.low() > 1) {
          crossover = Optional.of(scale);
        }
      }
    }
    if (parts.isEmpty()) {
      return "No crossover can be judged: MapReduce and the iterator engine did not both run.";
    }
    return (crossover.isPresent()
            ? "MapReduce's rate overtakes the iterator engine's from SCALE "
                + crossover.get()
                + ": the TableMult paper's prediction holds from there on"
            : "No SCALE of this run where MapReduce's rate is told apart above the iterator"
                + " engine's: the TableMult paper's throughput prediction does not show here")
        + " ("
        + String.join("; ", parts)
        + ").";
  }

  /** The engine with the higher median rate among those that ran whole tables at a SCALE. */
  private Optional<Row> best(int scale, Engine... engines) {
    List<Row> rows = new ArrayList<>();
    for (Engine engine : engines) {
      summary.whole(scale, engine.label()).filter(Row::answered).ifPresent(rows::add);
    }
    return rows.stream().max(Comparator.comparingDouble(Row::ratePpPerSMedian));
  }

  /**
   * Queued or cued requests, one at a time: which engine answers first per SCALE and size, and the
   * latency goals ({@link Goals}: {@code queued-*}, {@code cued-*}).
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
    if (workload.equals("two-hop")) {
      return new TwoHopVerdicts(summary, judgements).lines();
    }
    if (workload.equals("under-batch")) {
      return new IsolationVerdicts(summary, judgements).lines();
    }
    if (workload.equals("cued")) {
      lines.addAll(cuedGoals(rows, lowest));
      lines.addAll(new AnswerVerdicts(summary, judgements).cued(rows, lowest));
    } else {
      Goals.Goal p50 = Goals.get("queued-iterator-p50");
      find(rows, p50.scale(), Engine.ITERATOR, p50.rows(), lowest)
          .ifPresent(
              r ->
                  lines.add(
                      "SCALE "
                          + p50.scale()
                          + ", "
                          + p50.rows()
                          + " rows: iterator p50 "
                          + p50(r)));
    }
    return lines;
  }

  private String p50(Row r) {
    Interval x = compare.latency(r, 50);
    return x.seconds()
        + goal(
            Goals.get("queued-iterator-p50"),
            x,
            " s",
            "SCALE " + r.scale() + ", " + r.rowsRequested() + " rows");
  }

  private List<String> cuedGoals(List<Row> rows, int lowest) {
    List<String> lines = new ArrayList<>();
    Goals.Goal p50 = Goals.get("cued-iterator-p50");
    Goals.Goal p95 = Goals.get("cued-iterator-p95");
    Goals.Goal throughput = Goals.get("cued-iterator-throughput");
    Goals.Goal mrP50 = Goals.get("cued-mr-p50");
    for (int scale : summary.scales("cued")) {
      if (scale < p50.minScale()) {
        continue;
      }
      String where = "cued, SCALE " + scale + ", " + p50.rows() + " rows";
      String at = where + ": ";
      find(rows, scale, Engine.ITERATOR, p50.rows(), lowest)
          .ifPresent(
              r -> {
                Interval median = compare.latency(r, 50);
                Interval tail = compare.latency(r, 95);
                lines.add(
                    at
                        + "iterator p50 "
                        + median.seconds()
                        + goal(p50, median, " s", where)
                        + ", p95 "
                        + tail.seconds()
                        + goal(p95, tail, " s", where));
              });
      find(rows, scale, Engine.ITERATOR, throughput.rows(), throughput.concurrency())
          .ifPresent(
              r -> {
                Interval x = single(r.requestsPerS());
                lines.add(
                    at
                        + "iterator at "
                        + throughput.concurrency()
                        + " in flight "
                        + x.plain()
                        + " requests/s"
                        + goal(throughput, x, "", where));
              });
      find(rows, scale, Engine.MR, mrP50.rows(), lowest)
          .ifPresent(
              r -> {
                Interval x = compare.latency(r, 50);
                lines.add(at + "MapReduce p50 " + x.seconds() + goal(mrP50, x, " s", where));
              });
    }
    return lines;
  }

  /** A figure measured once (a batch's requests per second): the machine's spread around it. */
  private static Interval single(double value) {
    return Uncertainty.standard().percentile(List.of(value), 50);
  }

  private List<String> latency(List<Row> queued, String label, int scale, int rows, int threads) {
    List<String> lines = new ArrayList<>();
    String subset = label + rows + " rows";
    Optional<Row> it = find(queued, scale, Engine.ITERATOR, rows, threads);
    Optional<Row> mr = find(queued, scale, Engine.MR, rows, threads);
    Optional<Row> client = find(queued, scale, Engine.CLIENT, rows, threads);
    if (it.isPresent() && mr.isPresent()) {
      lines.add(subset + ": " + iteratorVsMapReduce(it.get(), mr.get()));
    }
    if (it.isPresent() && client.isPresent()) {
      Interval x = compare.time(it.get(), client.get());
      lines.add(
          subset
              + ": iterator p50 "
              + fmt("%.2f", it.get().latencyP50S())
              + " s, client p50 "
              + fmt("%.2f", client.get().latencyP50S())
              + " s, iterator / client = "
              + x.ratio()
              + goal(
                  Goals.get("queued-iterator-vs-client"),
                  x,
                  "",
                  it.get().workload() + ", SCALE " + scale + ", " + rows + " rows"));
    }
    return lines;
  }

  private String iteratorVsMapReduce(Row it, Row mr) {
    Interval x = compare.time(mr, it);
    return "iterator p50 "
        + fmt("%.2f", it.latencyP50S())
        + " s, MapReduce p50 "
        + fmt("%.2f", mr.latencyP50S())
        + " s: MapReduce / iterator = "
        + x.ratio()
        + (x.low() > 1
            ? ", the iterator engine answers sooner. The TableMult paper's prediction holds."
            : x.high() < 1
                ? ", MapReduce answers sooner. The TableMult paper's prediction does not hold here."
                : ", indistinguishable on this run.");
  }

  private String goal(Goals.Goal goal, Interval figure, String unit, String where) {
    return judgements.judge(goal, figure, unit, where);
  }

  private static String ahead(Interval x, String first, String second) {
    return x.low() > 1
        ? first + " beat " + second
        : x.high() < 1 ? second + " ahead" : "indistinguishable on this run";
  }

  private Optional<Interval> ratio(int scale, Engine engine, Engine reference) {
    Optional<Row> a = summary.whole(scale, engine.label()).filter(Row::answered);
    Optional<Row> b = summary.whole(scale, reference.label()).filter(Row::answered);
    return a.isPresent() && b.isPresent()
        ? Optional.of(compare.rate(a.get(), b.get()))
        : Optional.empty();
  }

  private static Optional<Row> find(
      List<Row> rows, int scale, Engine engine, int rowsRequested, int concurrency) {
    return rows.stream()
        .filter(
            r ->
                r.scale() == scale
                    && r.engine().equals(engine.label())
                    && r.rowsRequested() == rowsRequested
                    && r.concurrency() == concurrency
                    && r.answered())
        .findFirst();
  }
}
