package outerproduct.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.engine.Operands;
import outerproduct.compare.workload.QueuedWorkload;
import outerproduct.kernel.accumulo.ProductEstimate;

/**
 * The queued and cued workloads: for each subset size, the same row subsets for every engine at
 * each concurrency, every C checked against the oracle, one record per request. A request that
 * fails is recorded with its error and the others go on.
 */
final class QueuedRuns {
  private static final Logger log = LoggerFactory.getLogger(QueuedRuns.class);

  /** A batch of requests of one size, for one engine at one concurrency. */
  private record BatchOf(
      Workload workload, Engine engine, int rows, int threads, String startedAt) {}

  private final RunContext context;

  /** Result tables prepared ahead of each batch's requests; 0 = each request creates its C. */
  private final int preparedC;

  /**
   * Whether an engine far behind after the first request skips the others ({@link DecidedGaps}).
   */
  private final boolean skipDecided;

  /** What runs beside the under-batch workload's requests, for their records. */
  private Supplier<String> underBatch = () -> null;

  QueuedRuns(RunContext context, int preparedC, boolean skipDecided) {
    this.context = context;
    this.preparedC = preparedC;
    this.skipDecided = skipDecided;
  }

  /** The operands of a run on {@code in}: for the whole-table load of the under-batch workload. */
  Operands operands(ScaleInputs in) {
    return context.operands(in);
  }

  /** Names the load the under-batch workload's records ran beside ({@code under_batch}). */
  void underBatch(Supplier<String> description) {
    this.underBatch = description;
  }

  /**
   * @return whether every request succeeded with C equal to the oracle
   */
  boolean run(
      Workload workload,
      ScaleInputs in,
      List<Integer> queuedRows,
      int requests,
      List<Integer> concurrency,
      int warmup)
      throws Exception {
    warmUp(workload, in, queuedRows, warmup);
    boolean allEqual = true;
    for (int rows : queuedRows) {
      if (rows >= in.rowsOfAt()) {
        log.info(
            "SCALE {} {} {} rows skipped: AT has {} rows, so it would be the whole-table"
                + " workload",
            in.scale(),
            workload.label(),
            rows,
            in.rowsOfAt());
        continue;
      }
      List<QueuedWorkload.Request> batch = requests(workload, in, rows, requests);
      Map<Integer, ProductEstimate.Estimate> estimates = new HashMap<>();
      for (QueuedWorkload.Request request : batch) {
        // the degree tables count a multiply over rows; AT's columns S are applied after them
        if (request.atColumns() == null) {
          estimates.put(request.index(), in.estimate(context.target().client(), request.rows()));
        }
      }
      List<Engine> engines = queuedEngines(workload);
      for (int threads : concurrency) {
        if (threads == 1) {
          allEqual &= runInterleaved(workload, engines, rows, in, batch, estimates);
          continue;
        }
        for (Engine engine : engines) {
          BatchOf of = new BatchOf(workload, engine, rows, threads, Instant.now().toString());
          allEqual &= report(of, in, runBatch(of, in, batch), estimates);
        }
      }
    }
    return allEqual;
  }

  /** The requests of one size: row subsets, or for the two-hop workload vertex sets of B. */
  private List<QueuedWorkload.Request> requests(
      Workload workload, ScaleInputs in, int size, int count) {
    return workload == Workload.TWO_HOP
        ? QueuedWorkload.twoHopRequests(context.semiring(), in.a(), in.bMatrix(), size, count)
        : QueuedWorkload.requests(context.semiring(), in.a(), in.bMatrix(), size, count);
  }

  /**
   * {@code warmup} unrecorded requests per engine that {@linkplain Engine#keepsWarm keeps warm}, of
   * the first size, before the recorded batches: otherwise the first engine's first batch pays for
   * cold JVMs and for the servers still settling after the inputs were loaded (seen: the same
   * 64-row requests of SCALE 10 at p50 0.55 s first in a run, 0.41 s later). Failures are logged;
   * the recorded requests meet them again.
   */
  private void warmUp(Workload workload, ScaleInputs in, List<Integer> queuedRows, int warmup) {
    if (warmup == 0 || queuedRows.isEmpty() || queuedRows.get(0) >= in.rowsOfAt()) {
      return;
    }
    List<QueuedWorkload.Request> requests = requests(workload, in, queuedRows.get(0), warmup);
    for (Engine engine : queuedEngines(workload)) {
      if (engine.keepsWarm() && engine != Engine.INGEST_CEILING) {
        String prefix =
            context.tablePrefix()
                + "W_"
                + workload.label()
                + "_"
                + engine.label().replace('-', '_');
        try {
          QueuedWorkload.run(engine, context.operands(in), prefix, requests, 1, preparedC);
          log.info(
              "SCALE {} {} {}: {} (warm-up), not recorded",
              in.scale(),
              workload.label(),
              engine,
              count(warmup, "request"));
        } catch (Exception e) {
          log.warn(
              "SCALE {} {} {} warm-up failed: {}",
              in.scale(),
              workload.label(),
              engine,
              e.getMessage());
        }
      }
    }
  }

  /**
   * The engines that answer requests: the ingest ceiling replays whole-table products only; the
   * two-hop workload is asked of {@code two-hop} and of the engines that answer the caller (a 2-hop
   * neighbourhood is an answer), and only that workload is asked of {@code two-hop}.
   */
  private List<Engine> queuedEngines(Workload workload) {
    List<Engine> engines = new ArrayList<>();
    List<Engine> skipped = new ArrayList<>();
    for (Engine e : context.engines()) {
      boolean asks =
          workload == Workload.TWO_HOP
              ? e.answersCaller()
              : e != Engine.INGEST_CEILING && !e.isTwoHop();
      (asks ? engines : skipped).add(e);
    }
    if (!skipped.isEmpty()) {
      log.info("{}: {} skipped (not asked this workload)", workload.label(), skipped);
    }
    return engines;
  }

  /**
   * One request at a time, engines taking turns on each request (A B C, A B C, …), so that a slow
   * minute (a compaction, a garbage collection) falls on every engine rather than on one engine's
   * whole batch, and each request's latencies can be compared pair by pair. An engine far behind
   * after the first request answers no more ({@link DecidedGaps}). Each engine's requests are then
   * reported as its batch, the batch's wall time being the sum of its requests'. With {@code
   * --prepared-c}, each request's result tables are prepared before its clock starts.
   */
  private boolean runInterleaved(
      Workload workload,
      List<Engine> engines,
      int rows,
      ScaleInputs in,
      List<QueuedWorkload.Request> batch,
      Map<Integer, ProductEstimate.Estimate> estimates)
      throws Exception {
    Map<Engine, List<QueuedWorkload.Outcome>> outcomes = new LinkedHashMap<>();
    Map<Engine, Double> walls = new HashMap<>();
    Map<Engine, Double> heapPeaks = new HashMap<>();
    Map<Engine, BatchOf> batches = new LinkedHashMap<>();
    DecidedGaps gaps = new DecidedGaps(skipDecided);
    for (QueuedWorkload.Request request : batch) {
      Map<Engine, Double> seconds = new EnumMap<>(Engine.class);
      for (Engine engine : engines) {
        if (gaps.skips(engine)) {
          continue;
        }
        BatchOf of =
            batches.computeIfAbsent(
                engine, e -> new BatchOf(workload, e, rows, 1, Instant.now().toString()));
        Ran ran = runBatch(of, in, List.of(request));
        outcomes.computeIfAbsent(engine, e -> new ArrayList<>()).addAll(ran.batch().outcomes());
        walls.merge(engine, ran.batch().wallSeconds(), Double::sum);
        if (ran.heapPeakMb() != null) {
          heapPeaks.merge(engine, ran.heapPeakMb(), Math::max);
        }
        ran.batch().outcomes().stream()
            .filter(o -> o.error() == null)
            .forEach(o -> seconds.put(engine, o.run().requestSeconds()));
      }
      if (request.index() == 0) {
        gaps.afterFirstRound(
            seconds, "SCALE " + in.scale() + " " + workload.label() + " " + rows + " rows");
      }
    }
    boolean allEqual = true;
    for (Map.Entry<Engine, BatchOf> e : batches.entrySet()) {
      Engine engine = e.getKey();
      QueuedWorkload.Batch whole =
          new QueuedWorkload.Batch(1, outcomes.get(engine), walls.get(engine));
      allEqual &= report(e.getValue(), in, new Ran(whole, heapPeaks.get(engine)), estimates);
    }
    return allEqual;
  }

  /** A batch's outcomes and the largest tablet-server heap seen while it ran (null: unmeasured). */
  private record Ran(QueuedWorkload.Batch batch, Double heapPeakMb) {}

  private Ran runBatch(BatchOf of, ScaleInputs in, List<QueuedWorkload.Request> requests)
      throws Exception {
    context.heap().reset();
    QueuedWorkload.Batch done =
        QueuedWorkload.run(
            of.engine(), context.operands(in), cPrefix(of), requests, of.threads(), preparedC);
    return new Ran(done, context.heap().peakMb());
  }

  /** "1 row", "256 rows". */
  private static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  /** One console line for the batch and one record per request. */
  private boolean report(
      BatchOf of, ScaleInputs in, Ran ran, Map<Integer, ProductEstimate.Estimate> estimates)
      throws IOException {
    QueuedWorkload.Batch done = ran.batch();
    long equal = done.outcomes().stream().filter(QueuedWorkload.Outcome::equal).count();
    log.info(
        "SCALE {} {} {}, {} at concurrency {}: {} in {} s = {} req/s,"
            + " latency p50 {} s, max {} s; {} of {} C equal the oracle",
        in.scale(),
        of.workload().label(),
        count(of.rows(), "row"),
        of.engine(),
        of.threads(),
        count(done.outcomes().size(), "request"),
        String.format("%.1f", done.wallSeconds()),
        String.format("%.3g", done.requestsPerSecond()),
        String.format("%.2f", percentile(done, 50)),
        String.format("%.2f", percentile(done, 100)),
        equal,
        done.outcomes().size());
    for (QueuedWorkload.Outcome o : done.outcomes()) {
      context
          .records()
          .append(record(of, in, done, o, ran.heapPeakMb(), estimates.get(o.request().index())));
    }
    return equal == done.outcomes().size();
  }

  /** The requests' C tables: {@code <prefix>_<request index>}. */
  private String cPrefix(BatchOf of) {
    return context.tablePrefix()
        + switch (of.workload()) {
          case CUED -> "K_";
          case TWO_HOP -> "H_";
          case UNDER_BATCH -> "U_";
          default -> "Q_";
        }
        + of.engine().label().replace('-', '_')
        + "_"
        + of.rows()
        + "_"
        + of.threads();
  }

  private ObjectNode record(
      BatchOf of,
      ScaleInputs in,
      QueuedWorkload.Batch done,
      QueuedWorkload.Outcome o,
      Double heapPeak,
      ProductEstimate.Estimate estimate) {
    RunRecordFields.Asked asked =
        new RunRecordFields.Asked(
            of.engine(),
            of.workload(),
            in,
            o.request().rowsSelected(),
            of.threads(),
            o.request().index(),
            estimate);
    if (o.error() != null) {
      log.error(
          "SCALE {} {} {} rows, {} at concurrency {}: request {} failed: {}",
          in.scale(),
          of.workload().label(),
          of.rows(),
          of.engine(),
          of.threads(),
          o.request().index(),
          o.error());
      return context
          .records()
          .failed(asked, o.error())
          .put("rows_requested", of.rows())
          .put("batch_wall_s", done.wallSeconds())
          .put("started_at", of.startedAt());
    }
    ObjectNode record =
        context
            .records()
            .finished(asked, o.run())
            .put("rows_requested", of.rows())
            .put("nnz_C", o.nnz())
            .put("checksum_C", o.checksum())
            .put("checksum_expected", o.request().expected())
            .put("checked_against", "the oracle")
            .put("equal", o.equal())
            .put("entries_needed", o.request().entriesNeeded())
            .put("under_batch", of.workload() == Workload.UNDER_BATCH ? underBatch.get() : null)
            .put("batch_wall_s", done.wallSeconds())
            .put("batch_requests_per_s", done.requestsPerSecond())
            .put("started_at", of.startedAt());
    RunRecordFields.putHeapPeak(record, heapPeak);
    return record;
  }

  /**
   * A latency percentile (0–100) of the batch's answered requests, estimated as the report's
   * summary estimates it so that the log and {@code report.md} show the same p50; NaN if none was
   * answered.
   */
  private static double percentile(QueuedWorkload.Batch batch, double p) {
    DescriptiveStatistics seconds = new DescriptiveStatistics();
    batch.outcomes().stream()
        .filter(o -> o.error() == null)
        .forEach(o -> seconds.addValue(o.run().requestSeconds()));
    return seconds.getN() == 0 ? Double.NaN : seconds.getPercentile(p);
  }
}
