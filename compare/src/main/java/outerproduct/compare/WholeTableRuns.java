package outerproduct.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.security.Authorizations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.report.RunRecords;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.accumulo.ProductEstimate;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.RowByRowOracle;

/**
 * The whole-table workload: each engine multiplies all of AT and B, C is checked against the oracle
 * (formed row by row, so at every SCALE unless {@code --oracle-up-to-scale} says otherwise; above
 * it, the first engine's C) and one record per run is appended. A run that fails is recorded with
 * its error and the others go on.
 */
final class WholeTableRuns {
  private static final Logger log = LoggerFactory.getLogger(WholeTableRuns.class);

  private final RunContext context;

  /** Whether an engine far behind after the first repeat skips the others ({@link DecidedGaps}). */
  private final boolean skipDecided;

  WholeTableRuns(RunContext context, boolean skipDecided) {
    this.context = context;
    this.skipDecided = skipDecided;
  }

  /**
   * Every engine that {@linkplain Engine#keepsWarm keeps warm} {@code warmup} times unrecorded,
   * then every engine {@code repeats} times recorded, taking turns (an engine far behind after the
   * first repeat runs no more, {@link DecidedGaps}); C is checked against the oracle up to {@code
   * oracleUpToScale}, above it against the first engine's C.
   *
   * @return whether every recorded run succeeded with C equal to its reference
   */
  boolean run(ScaleInputs in, int warmup, int repeats, int oracleUpToScale) throws Exception {
    List<Engine> engines = wholeTableEngines();
    for (int round = 0; round < warmup; round++) {
      for (Engine engine : engines) {
        if (engine.keepsWarm()) {
          warmUp(engine, in, round);
        }
      }
    }
    String expected = in.scale() <= oracleUpToScale ? oracleChecksum(in) : null;
    Limits limits = limits(in);
    String reference = expected == null ? "the first engine" : "the oracle";
    ProductEstimate.Estimate estimate = in.estimate(context.target().client(), RowRanges.all());
    boolean allEqual = true;
    DecidedGaps gaps = new DecidedGaps(skipDecided);
    // Engines take turns within each repeat, so that drift (compactions, JIT, page cache)
    // does not favour the engine that runs last.
    for (int repeat = 0; repeat < repeats; repeat++) {
      Map<Engine, Double> seconds = new EnumMap<>(Engine.class);
      for (Engine engine : engines) {
        if (gaps.skips(engine)) {
          continue;
        }
        String cTable = cTable(engine, in, repeat, repeats);
        Checked run =
            runOnce(
                engine, in, repeat, cTable, new Reference(expected, reference), estimate, limits);
        if (run == null) {
          allEqual = false;
          continue;
        }
        seconds.put(engine, run.seconds());
        if (expected == null) {
          expected = run.checksum();
        }
        allEqual &= run.checksum().equals(expected);
        // Deleted once checked: a C left behind compacts (its ⊕ combiner, its flushes) while the
        // next engines run, and would slow whichever runs after it.
        if (repeat < repeats - 1 || !context.keepResults()) {
          context.target().client().tableOperations().delete(cTable);
        }
      }
      if (repeat == 0) {
        gaps.afterFirstRound(seconds, "SCALE " + in.scale() + " whole table");
      }
    }
    return allEqual;
  }

  /**
   * The engines that write C into a table: an answer to the caller is for requests (a whole C
   * handed back is bounded by what the caller may hold, docs/answers.md), so those engines run the
   * queued and cued workloads only.
   */
  private List<Engine> wholeTableEngines() {
    List<Engine> answering = context.engines().stream().filter(Engine::answersCaller).toList();
    if (!answering.isEmpty()) {
      log.info("whole tables: {} skipped (they answer requests, not tables)", answering);
    }
    return context.engines().stream().filter(e -> !e.answersCaller()).toList();
  }

  /**
   * What this machine does for the algorithm on a SCALE's inputs without Accumulo's servers: the
   * kernel forming every product, and (null when iterator-bulk, whose verdict alone uses it, is not
   * in the run) bulk output's window and Accumulo's RFile writer alone.
   */
  private record Limits(KernelRate.Result kernel, BulkOutputRates.Result bulk) {
    void putInto(ObjectNode record) {
      record.put("kernel_pp_per_s", kernel.ppPerSecond());
      if (bulk != null) {
        record
            .put("window_pp_per_s", bulk.windowPpPerSecond())
            .put("file_write_cells_per_s", bulk.cellsPerSecond());
      }
    }
  }

  private Limits limits(ScaleInputs in) throws java.io.IOException {
    KernelRate.Result kernel = KernelRate.measure(context.semiring(), in.a(), in.bMatrix());
    log.info(
        "SCALE {}: the kernel alone forms {} partial products at {} pp/s (one thread, in memory)",
        in.scale(),
        kernel.partialProducts(),
        String.format("%.3g", kernel.ppPerSecond()));
    return new Limits(
        kernel, context.engines().contains(Engine.ITERATOR_BULK) ? bulkOutputRates(in) : null);
  }

  /**
   * Bulk output's window and Accumulo's RFile writer alone on this SCALE's inputs ({@link
   * BulkOutputRates}), with the compression bulk output gives C's files.
   */
  private BulkOutputRates.Result bulkOutputRates(ScaleInputs in) throws java.io.IOException {
    String compression =
        Objects.requireNonNullElse(in.settings().bulkCompression(), FileCompression.NEW_TABLE);
    BulkOutputRates.Result bulk =
        BulkOutputRates.measure(context.semiring(), in.a(), in.bMatrix(), compression);
    log.info(
        "SCALE {}: bulk output alone, one thread: {} partial products through the window at {}"
            + " pp/s, its {} cells written at {} cells/s ({}, local disk)",
        in.scale(),
        bulk.products(),
        String.format("%.3g", bulk.windowPpPerSecond()),
        bulk.cells(),
        String.format("%.3g", bulk.cellsPerSecond()),
        compression);
    return bulk;
  }

  /** A recorded run's C checksum and engine time. */
  private record Checked(String checksum, double seconds) {}

  /** What a C is checked against: a checksum (null: the first engine's C) and its name. */
  private record Reference(String checksum, String name) {}

  /** The oracle's checksum of C, formed row by row ({@link RowByRowOracle}). */
  private String oracleChecksum(ScaleInputs in) {
    long begin = System.nanoTime();
    RowByRowOracle.Result oracle =
        RowByRowOracle.checksum(context.semiring(), in.a(), in.bMatrix());
    log.info(
        "SCALE {}: oracle formed C row by row (every core) in {} s: {} partial products, nnz {}",
        in.scale(),
        String.format("%.1f", (System.nanoTime() - begin) / 1e9),
        oracle.partialProducts(),
        oracle.nnz());
    return oracle.checksum();
  }

  private String cTable(Engine engine, ScaleInputs in, int repeat, int repeats) {
    String name =
        context.tablePrefix() + "C_" + engine.label().replace('-', '_') + "_" + in.scale();
    return repeats > 1 ? name + "_r" + repeat : name;
  }

  /**
   * One recorded multiply into {@code cTable}, checked against {@code check} (a null checksum: this
   * run's C becomes the reference).
   *
   * @return C's checksum and the run's time, or null if the run failed (recorded with its error, C
   *     deleted)
   */
  private Checked runOnce(
      Engine engine,
      ScaleInputs in,
      int repeat,
      String cTable,
      Reference check,
      ProductEstimate.Estimate estimate,
      Limits limits)
      throws Exception {
    RunRecordFields.Asked asked =
        new RunRecordFields.Asked(engine, Workload.WHOLE, in, in.rowsOfAt(), 1, repeat, estimate);
    String startedAt = Instant.now().toString();
    log.debug("SCALE {} {} (repeat {}): multiplying the whole table", in.scale(), engine, repeat);
    Measured measured;
    RunLimit.Watch watch = context.runLimit().start();
    try {
      measured = measure(() -> multiplyWhole(engine, in, cTable, watch));
    } catch (Exception e) {
      String error = watch.explain(RunRecords.error(e));
      log.error("SCALE {} {} (repeat {}) failed: {}", in.scale(), engine, repeat, error, e);
      context.records().append(context.records().failed(asked, error).put("started_at", startedAt));
      deleteIfExists(cTable);
      return null;
    } finally {
      watch.close();
    }
    Engine.Run result = measured.run();
    int cTablets = context.target().client().tableOperations().listSplits(cTable).size() + 1;
    SummedC summed = checksum(cTable, in);
    TableChecksum.Result c = summed.sum();
    String against = check.checksum() != null ? check.checksum() : c.checksum();
    boolean equal = c.checksum().equals(against);
    log.info(
        "SCALE {} {} (repeat {}): {} C {} {} ({})",
        in.scale(),
        engine,
        repeat,
        counts(result, c.nnz()),
        equal ? "equals" : "DIFFERS FROM",
        check.name(),
        equal ? against : c.checksum() + " vs " + against);
    ObjectNode record =
        context
            .records()
            .finished(asked, result)
            .put("tablets_C", cTablets)
            .put("nnz_C", c.nnz())
            .put("checksum_C", c.checksum())
            .put("checksum_expected", against)
            .put("checked_against", check.name())
            .put("equal", equal)
            .put("t_check_C_s", summed.seconds())
            .put("started_at", startedAt);
    limits.putInto(record);
    measured.putInto(record);
    context.records().append(record);
    return new Checked(c.checksum(), result.seconds());
  }

  /** checksum(C) and the seconds it took to sum. */
  private record SummedC(TableChecksum.Result sum, double seconds) {}

  /**
   * checksum(C), cut into stripes at AT's rows: vertex ids spread over the id space as C's rows
   * are, so that the stripes are of about equal size and a C of one tablet is not read on one
   * thread (9 min a run at SCALE 18).
   */
  private SummedC checksum(String cTable, ScaleInputs in) throws TableNotFoundException {
    AccumuloClient client = context.target().client();
    long start = System.nanoTime();
    TableChecksum.Result sum =
        TableChecksum.of(
            client,
            cTable,
            context.semiring(),
            Authorizations.EMPTY,
            TableChecksum.cuts(client, in.a().rowIds()));
    return new SummedC(sum, (System.nanoTime() - start) / 1e9);
  }

  /** A multiply's run and what it used beside its time: server heap, disk, processor time. */
  private record Measured(
      Engine.Run run, Double heapPeak, Double diskPeak, OptionalDouble machineCpu) {
    void putInto(ObjectNode record) {
      RunRecordFields.putHeapPeak(record, heapPeak);
      RunRecordFields.putDiskPeak(record, diskPeak);
      machineCpu.ifPresent(seconds -> record.put("machine_cpu_s", seconds));
    }
  }

  /** Runs {@code multiply} with the gauges reset before and read as it returns. */
  private Measured measure(java.util.concurrent.Callable<Engine.Run> multiply) throws Exception {
    context.heap().reset();
    context.disk().reset();
    OptionalDouble cpu = MachineCpu.busySeconds();
    Engine.Run run = multiply.call();
    return new Measured(
        run, context.heap().peakMb(), context.disk().peakMb(), MachineCpu.since(cpu));
  }

  /** "N partial products, N written, nnz(C) N in S s = R pp/s;" for the log. */
  private static String counts(Engine.Run result, long nnz) {
    return String.format(
        "%d partial products, %d written, nnz(C) %d in %.2f s = %.3g pp/s;",
        result.partialProducts(),
        result.entriesWritten(),
        nnz,
        result.seconds(),
        result.partialProducts() / result.seconds());
  }

  /**
   * One multiply that is neither recorded nor checked: it loads the engine's classes into the
   * tablet servers and this JVM and lets the JIT compile them, which the first recorded run would
   * otherwise pay for (at SCALE 10 the iterator engine's first run took twice its next two). A
   * failure is logged; the recorded runs that follow will meet it again and record it.
   */
  private void warmUp(Engine engine, ScaleInputs in, int round) throws Exception {
    String cTable =
        context.tablePrefix()
            + "W_"
            + engine.label().replace('-', '_')
            + "_"
            + in.scale()
            + "_"
            + round;
    log.debug(
        "SCALE {} {} warm-up {}: multiplying the whole table (not recorded)",
        in.scale(),
        engine,
        round);
    try (RunLimit.Watch watch = context.runLimit().start()) {
      Engine.Run result = multiplyWhole(engine, in, cTable, watch);
      log.info(
          "SCALE {} {} warm-up {} (not recorded): {} s",
          in.scale(),
          engine,
          round,
          String.format("%.2f", result.seconds()));
    } catch (Exception e) {
      log.warn("SCALE {} {} warm-up {} failed: {}", in.scale(), engine, round, RunRecords.error(e));
    } finally {
      deleteIfExists(cTable);
    }
  }

  /** The whole-table multiply into {@code cTable}, cancelled if {@code limit} passes. */
  private Engine.Run multiplyWhole(
      Engine engine, ScaleInputs in, String cTable, RunLimit.Watch limit) throws Exception {
    return engine.createAndMultiply(
        context.operands(in, limit.cancellation()), cTable, RowRanges.all());
  }

  private void deleteIfExists(String table) throws Exception {
    try {
      context.target().client().tableOperations().delete(table);
    } catch (TableNotFoundException e) {
      // nothing was created
    }
  }
}
