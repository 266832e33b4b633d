package outerproduct.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.engine.TabletServerHeap;
import outerproduct.compare.engine.Target;
import outerproduct.compare.report.RunRecords;
import outerproduct.compare.workload.QueuedWorkload;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;

/**
 * Runs the chosen engines over the workloads on loaded inputs, checks every C and appends one
 * record per run or queued request (fields: docs/format.md) to the run's records. A run that
 * fails is recorded with its error and the others go on.
 */
final class EngineRuns {
  private static final Logger log = LoggerFactory.getLogger(EngineRuns.class);

  /** AT and B of one SCALE as loaded (table names) and as matrices (for the oracle and counts). */
  record Inputs(int scale, String at, String b, SparseMatrix a, SparseMatrix bMatrix,
      Engine.Settings settings) {}

  private final Target target;
  private final Semiring<?> semiring;
  private final List<String> engines;
  private final String tablePrefix;
  private final RunRecords records;
  private final TabletServerHeap heap;

  EngineRuns(Target target, Semiring<?> semiring, List<String> engines, String tablePrefix,
      RunRecords records, TabletServerHeap heap) {
    this.target = target;
    this.semiring = semiring;
    this.engines = engines;
    this.tablePrefix = tablePrefix;
    this.records = records;
    this.heap = heap;
  }

  /**
   * The whole-table workload: every engine that {@linkplain Engine#keepsWarm keeps warm}
   * {@code warmup} times unrecorded, then {@code repeats}
   * times recorded, taking turns; C is checked against the oracle up to {@code oracleUpToScale},
   * above it against the first engine's C.
   *
   * @return whether every recorded run succeeded with C equal to its reference
   */
  boolean whole(Inputs in, int warmup, int repeats, int oracleUpToScale) throws Exception {
    for (int round = 0; round < warmup; round++) {
      for (String engine : engines) {
        if (Engine.named(engine).keepsWarm()) {
          warmUp(engine, in, round);
        }
      }
    }
    String expected = in.scale() <= oracleUpToScale
        ? ResultChecksum.of(ReferenceMultiply.multiply(semiring, in.a(), in.bMatrix())) : null;
    String reference = expected == null ? "the first engine" : "the oracle";
    boolean allEqual = true;
    // Engines take turns within each repeat, so that drift (compactions, JIT, page cache)
    // does not favour the engine that runs last.
    for (int repeat = 0; repeat < repeats; repeat++) {
      for (String engine : engines) {
        String cTable = tablePrefix + "C_" + engine.replace('-', '_') + "_" + in.scale()
            + (repeats > 1 ? "_r" + repeat : "");
        String startedAt = Instant.now().toString();
        Engine.Run result;
        log.info("SCALE {} {} (repeat {}): multiplying the whole table", in.scale(), engine, repeat);
        heap.reset();
        try {
          result = Engine.named(engine).multiply(target, semiring, in.at(), in.b(), cTable,
              RowRanges.all(), in.settings());
        } catch (Exception e) {
          String error = RunRecords.error(e);
          log.error("SCALE {} {} (repeat {}) failed: {}", in.scale(), engine, repeat, error, e);
          records.append(failedRecord(engine, "whole", in, in.a().rowIds().size(), 1, repeat)
              .put("error", error).put("started_at", startedAt));
          allEqual = false;
          if (target.client().tableOperations().exists(cTable)) {
            target.client().tableOperations().delete(cTable);
          }
          continue;
        }
        TableChecksum.Result c = TableChecksum.of(target.client(), cTable, semiring, Authorizations.EMPTY);
        if (expected == null) {
          expected = c.checksum();
        }
        boolean equal = c.checksum().equals(expected);
        allEqual &= equal;
        log.info("SCALE {} {} (repeat {}): {} partial products, {} written, nnz(C) {} in {} s = {} pp/s; C {} {} ({})",
            in.scale(), engine, repeat, result.partialProducts(), result.entriesWritten(), c.nnz(),
            String.format("%.2f", result.seconds()),
            String.format("%.3g", result.partialProducts() / result.seconds()),
            equal ? "equals" : "DIFFERS FROM", reference, equal ? expected : c.checksum() + " vs " + expected);
        ObjectNode record = runRecord(engine, "whole", in, result, in.a().rowIds().size(), 1, repeat)
            .put("nnz_C", c.nnz()).put("checksum_C", c.checksum()).put("checksum_expected", expected)
            .put("checked_against", reference).put("equal", equal).put("started_at", startedAt);
        putHeapPeak(record, heap.peakMb());
        records.append(record);
        if (repeat < repeats - 1) {
          target.client().tableOperations().delete(cTable);
        }
      }
    }
    return allEqual;
  }

  /**
   * One multiply that is neither recorded nor checked: it loads the engine's classes into the
   * tablet servers and this JVM and lets the JIT compile them, which the first recorded run would
   * otherwise pay for (at SCALE 10 the iterator engine's first run took twice its next two). A
   * failure is logged; the recorded runs that follow will meet it again and record it.
   */
  private void warmUp(String engine, Inputs in, int round) throws Exception {
    String cTable = tablePrefix + "W_" + engine.replace('-', '_') + "_" + in.scale() + "_" + round;
    log.info("SCALE {} {} warm-up {}: multiplying the whole table (not recorded)", in.scale(), engine, round);
    try {
      Engine.Run result = Engine.named(engine).multiply(target, semiring, in.at(), in.b(), cTable,
          RowRanges.all(), in.settings());
      log.info("SCALE {} {} warm-up {} (not recorded): {} s", in.scale(), engine, round,
          String.format("%.2f", result.seconds()));
    } catch (Exception e) {
      log.warn("SCALE {} {} warm-up {} failed: {}", in.scale(), engine, round, RunRecords.error(e));
    } finally {
      if (target.client().tableOperations().exists(cTable)) {
        target.client().tableOperations().delete(cTable);
      }
    }
  }

  /**
   * The queued workload: for each subset size, {@code requests} row subsets per engine at each
   * concurrency, every C checked against the oracle.
   *
   * @return whether every request succeeded with C equal to the oracle
   */
  boolean queued(Inputs in, List<Integer> queuedRows, int requests, List<Integer> concurrency)
      throws Exception {
    boolean allEqual = true;
    int rowsOfAt = in.a().rowIds().size();
    for (int rows : queuedRows) {
      if (rows >= rowsOfAt) {
        log.info("SCALE {} queued {} rows skipped: AT has {} rows, so it would be the whole-table"
            + " workload", in.scale(), rows, rowsOfAt);
        continue;
      }
      List<QueuedWorkload.Request> batch = QueuedWorkload.requests(semiring, in.a(), in.bMatrix(), rows, requests);
      for (String engine : engines) {
        if (engine.equals("ingest-ceiling")) {
          log.info("queued: ingest-ceiling skipped (it replays whole-table products only)");
          continue;
        }
        for (int threads : concurrency) {
          String prefix = tablePrefix + "Q_" + engine.replace('-', '_') + "_" + rows + "_" + threads;
          String startedAt = Instant.now().toString();
          log.info("SCALE {} queued {} rows, {} at concurrency {}: {} requests", in.scale(), rows, engine,
              threads, batch.size());
          heap.reset();
          QueuedWorkload.Batch done = QueuedWorkload.run(target, Engine.named(engine), semiring,
              in.at(), in.b(), prefix, batch, threads, in.settings());
          Double batchHeapPeak = heap.peakMb();
          long equal = done.outcomes().stream().filter(QueuedWorkload.Outcome::equal).count();
          allEqual &= equal == done.outcomes().size();
          log.info("SCALE {} queued {} rows, {} at concurrency {}: {} requests in {} s = {} req/s,"
              + " latency p50 {} s, max {} s; {} of {} C equal the oracle", in.scale(), rows, engine,
              threads, done.outcomes().size(), String.format("%.1f", done.wallSeconds()),
              String.format("%.3g", done.requestsPerSecond()), String.format("%.2f", percentile(done, 50)),
              String.format("%.2f", percentile(done, 100)), equal, done.outcomes().size());
          for (QueuedWorkload.Outcome o : done.outcomes()) {
            if (o.error() != null) {
              log.error("SCALE {} queued {} rows, {} at concurrency {}: request {} failed: {}", in.scale(),
                  rows, engine, threads, o.request().index(), o.error());
              records.append(failedRecord(engine, "queued", in, o.request().rowsSelected(), threads,
                  o.request().index()).put("rows_requested", rows).put("error", o.error())
                  .put("batch_wall_s", done.wallSeconds()).put("started_at", startedAt));
              continue;
            }
            ObjectNode record = runRecord(engine, "queued", in, o.run(),
                o.request().rowsSelected(), threads, o.request().index())
                .put("rows_requested", rows).put("nnz_C", o.nnz()).put("checksum_C", o.checksum())
                .put("checksum_expected", o.request().expected()).put("checked_against", "the oracle")
                .put("equal", o.equal()).put("batch_wall_s", done.wallSeconds())
                .put("batch_requests_per_s", done.requestsPerSecond()).put("started_at", startedAt);
            putHeapPeak(record, batchHeapPeak);
            records.append(record);
          }
        }
      }
    }
    return allEqual;
  }

  /**
   * A latency percentile (0–100) of the batch's answered requests, estimated as the report's
   * summary estimates it so that the log and {@code report.md} show the same p50; NaN if none
   * was answered.
   */
  private static double percentile(QueuedWorkload.Batch batch, double p) {
    DescriptiveStatistics seconds = new DescriptiveStatistics();
    batch.outcomes().stream().filter(o -> o.error() == null).forEach(o -> seconds.addValue(o.run().seconds()));
    return seconds.getN() == 0 ? Double.NaN : seconds.getPercentile(p);
  }

  /**
   * The largest tablet server's peak heap since the run (or, queued, the batch) began; null
   * where it is not measured (an existing cluster).
   */
  private static void putHeapPeak(ObjectNode record, Double peak) {
    if (peak == null) {
      record.putNull("tserver_heap_peak_mb");
    } else {
      record.put("tserver_heap_peak_mb", Math.round(peak));
    }
  }

  /** The record of a run that failed: what was asked, the error, no counts, times or C. */
  private ObjectNode failedRecord(String engine, String workload, Inputs in,
      int rowsSelected, int threads, int repeat) {
    ObjectNode record = records.newRecord().put("engine", engine).put("workload", workload)
        .put("scale", in.scale()).put("rows_selected", rowsSelected).put("concurrency", threads)
        .put("repeat", repeat).put("nnz_AT", in.a().nnz()).put("nnz_B", in.bMatrix().nnz())
        .put("tablets_C", in.settings().resultSplits().size() + 1).put("equal", false);
    putEngineSettings(record, engine, in.settings());
    return record;
  }

  private ObjectNode runRecord(String engine, String workload, Inputs in,
      Engine.Run run, int rowsSelected, int threads, int repeat) {
    Object setup = run.info().get("t_setup_s");
    ObjectNode record = records.newRecord().put("engine", engine).put("workload", workload)
        .put("scale", in.scale()).put("rows_selected", rowsSelected).put("concurrency", threads)
        .put("repeat", repeat).put("nnz_AT", in.a().nnz()).put("nnz_B", in.bMatrix().nnz())
        .put("tablets_C", in.settings().resultSplits().size() + 1)
        .put("partial_products", run.partialProducts()).put("entries_written", run.entriesWritten())
        .put("t_total_s", run.seconds())
        .put("t_setup_s", setup instanceof Double d ? d.doubleValue() : 0.0)
        .put("t_c_readable_s", run.seconds())
        .putNull("t_c_compacted_s")
        .put("rate_pp_per_s", run.partialProducts() / run.seconds())
        .put("rate_divides_by", "t_total_s: from the engine's start (C already created) to C readable;"
            + " t_c_compacted_s is not measured (null)");
    putEngineSettings(record, engine, in.settings());
    RunRecords.putInfo(record, run.info());
    return record;
  }

  /** The run-wide presum and c_durability are the iterator engine's; other engines say their own. */
  private static void putEngineSettings(ObjectNode record, String engine, Engine.Settings settings) {
    if (!engine.equals("iterator")) {
      record.put("presum", engine.equals("mr") ? settings.mrPresum() : 0).put("c_durability", "default (sync)");
    }
  }
}
