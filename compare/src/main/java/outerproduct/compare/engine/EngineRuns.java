package outerproduct.compare.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.accumulo.core.client.AccumuloClient;
import outerproduct.iterator.TableMult;
import outerproduct.iterator.TableMultResult;
import outerproduct.kernel.answer.Answer;
import outerproduct.kernel.answer.Cell;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.mr.JobTraffic;
import outerproduct.mr.MapReduceMultiply;
import outerproduct.multiply.ClientMultiply;
import outerproduct.multiply.ExecutionPath;
import outerproduct.multiply.Multiply;
import outerproduct.multiply.MultiplyAnswer;
import outerproduct.multiply.TwoHop;

/**
 * How the harness runs a request: through the one entry point ({@link Multiply}), with the
 * harness's settings handed to whichever engine runs, and what it records of the result. A named
 * path and {@code auto} run the same code a user's {@code scripts/multiply} does.
 */
final class EngineRuns {
  private EngineRuns() {}

  /**
   * The request as the one entry point takes it, with the harness's settings for each engine: the
   * iterator engine's pre-sum and bulk files (the pre-sum setting is bulk output's window, {@link
   * Engine#bulkWindow}); MapReduce's reducers (one for uber jobs), pre-sum, uber mode and extra job
   * settings; C's split rows where a server-side path creates C.
   */
  static Multiply request(Operands on, String c, RowRanges rows) {
    return request(on, c, rows, job -> {});
  }

  /** {@link #request(Operands, String, RowRanges)}, then {@code job} on MapReduce's. */
  private static Multiply request(
      Operands on, String c, RowRanges rows, Consumer<MapReduceMultiply> job) {
    Target target = on.target();
    Engine.Settings settings = on.settings();
    Multiply multiply =
        Multiply.on(target.clientPropertiesFile())
            .transposeOf(on.at())
            .times(on.b())
            .into(c)
            .client(target.client())
            .semiring(on.semiring().name())
            .rows(rows)
            .cancellation(on.cancellation())
            .calibration(settings.calibration())
            .iterator(
                mult ->
                    mult.presum(settings.presum())
                        .bulkFiles(Engine.bulkWindow(settings), settings.bulkCompression()))
            .mapReduce(
                mr -> {
                  mr.reducers(settings.mrUber().appliesTo(rows) ? 1 : settings.mrReducers())
                      .presum(settings.mrPresum())
                      .uber(settings.mrUber())
                      .fileCompression(settings.bulkCompression())
                      .customize(j -> settings.mrConf().forEach(j.getConfiguration()::set));
                  job.accept(mr);
                });
    settings.splitsAsked(multiply);
    target.yarnIfStarted().ifPresent(multiply::hadoop);
    return multiply;
  }

  /** {@code path} run by name, into a C it creates (or one the harness created for it). */
  static Engine.Run path(ExecutionPath path, Operands on, String c, RowRanges rows)
      throws Exception {
    Multiply.Result r = request(on, c, rows).path(path).run();
    return new Engine.Run(r.partialProducts(), r.entriesWritten(), r.seconds(), 0, info(r));
  }

  /**
   * {@code path} ({@link ExecutionPath#AUTO}: the choice among the answering paths) answering the
   * caller with C's cells; the checksum and count are taken from the cells once all are in hand.
   * Its time runs from the call to the last cell in hand.
   */
  static Engine.Answered answer(
      ExecutionPath path, Operands on, RowRanges rows, ColumnFilter atColumns) throws Exception {
    Target target = on.target();
    MultiplyAnswer request =
        MultiplyAnswer.on(target.clientPropertiesFile())
            .transposeOf(on.at())
            .times(on.b())
            .client(target.client())
            .semiring(on.semiring().name())
            .rows(rows)
            .calibration(on.settings().calibration())
            // The harness holds an answer as its oracle holds C: up to this JVM's share for client
            // multiplies, not a service's default bound, which refused calibrate's 1,024-row
            // requests of SCALE 13 (5.8M products estimated) though they fit.
            .maxCells(Math.max(Answer.DEFAULT_MAX_CELLS, ClientMultiply.cellBudget()))
            .path(path);
    if (atColumns != null) {
      request.atColumns(atColumns.toD4m());
    }
    MultiplyAnswer.Result r = request.run();
    Map<String, Object> info = new LinkedHashMap<>();
    if (path == ExecutionPath.AUTO) {
      AutoEngine.putDecision(r.decision(), info);
    }
    info.put("rows_aligned", r.answer().rowsAligned());
    return answered(on, r.answer(), r.seconds(), info);
  }

  /**
   * The 2-hop neighbourhood of {@code vertices} in the graph B ({@link TwoHop}), with the entries
   * each hop read.
   */
  static Engine.Answered twoHop(Operands on, List<String> vertices, boolean inClient)
      throws Exception {
    TwoHop request =
        TwoHop.on(on.target().clientPropertiesFile(), on.b())
            .client(on.target().client())
            .from(vertices)
            .semiring(on.semiring().name());
    if (inClient) {
      request.formIn(TwoHop.FormedIn.CLIENT);
    }
    TwoHop.Result r = request.run();
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("entries_read", r.entriesRead());
    info.put("entries_first_hop", r.firstHopEntries());
    info.put("entries_second_hop", r.secondHopEntries());
    info.put("formed_in", r.formedIn().toString().toLowerCase(Locale.ROOT));
    return answered(on, r.answer(), r.seconds(), info);
  }

  /**
   * An answer's run, with its checksum and count taken from its cells in their order. The request's
   * time runs to the last cell in hand: {@code seconds} ends when the answer's packed runs arrive,
   * and handing out its cells (decoding and merging the runs) is the caller's wait too, so it is
   * timed here and added ({@code t_cells_s} in the info); the checksum, the harness's own work, is
   * taken after the clock stops.
   */
  private static Engine.Answered answered(
      Operands on, Answer answer, double seconds, Map<String, Object> info) {
    long begin = System.nanoTime();
    List<Cell> inHand = new ArrayList<>();
    answer.cells().forEachRemaining(inHand::add);
    double handingOut = (System.nanoTime() - begin) / 1e9;
    info.put("t_cells_s", handingOut);
    ResultChecksum sum = new ResultChecksum();
    for (Cell cell : inHand) {
      sum.add(cell.row(), cell.column(), Semirings.canonicalText(on.semiring(), cell.value()));
    }
    long cells = sum.entries();
    Engine.Run run = new Engine.Run(answer.partialProducts(), 0, seconds + handingOut, 0, info);
    return new Engine.Answered(run, sum.hex(), cells);
  }

  /** MapReduce's bulk output untuned, into the C the harness created for it. */
  static Engine.Run untuned(Operands on, String c, RowRanges rows) throws Exception {
    Multiply.Result r =
        request(on, c, rows, MapReduceMultiply::untuned).path(ExecutionPath.MR_BULK).run();
    return new Engine.Run(r.partialProducts(), r.entriesWritten(), r.seconds(), 0, info(r));
  }

  /** What the report keeps of the engine that ran. */
  static Map<String, Object> info(Multiply.Result r) {
    Map<String, Object> info = new LinkedHashMap<>();
    if (r.iterator() != null) {
      TableMultResult it = r.iterator();
      it.phases().forEach((phase, seconds) -> info.put("t_" + phase + "_s", seconds));
      info.put("t_tablets_busy_s", it.tabletSeconds());
      info.put("t_tablets_flush_s", it.flushSeconds());
      info.put("sent_bytes", it.traffic().sentBytes());
      info.put("file_bytes", it.traffic().fileBytes());
    } else if (r.mapReduce() != null) {
      mapReduceInfo(r.mapReduce(), info);
    } else if (r.client() != null) {
      info.put("rows_aligned", r.client().rowsAligned());
    }
    return info;
  }

  private static void mapReduceInfo(MapReduceMultiply.Result r, Map<String, Object> info) {
    info.put("job_id", r.jobId());
    info.put("maps", r.maps());
    info.put("reduces", r.reduces());
    info.put("uber", r.uber());
    info.put("map_output", r.mapOutput());
    info.put("combiner_in", r.combinerIn());
    info.put("combiner_out", r.combinerOut());
    info.put("task_attempts", r.taskAttempts());
    info.put("failed_attempts", r.failedAttempts());
    info.put("map_rss_peak_mb", megabytes(r.taskMemory().mapPeakBytes()));
    info.put("reduce_rss_peak_mb", megabytes(r.taskMemory().reducePeakBytes()));
    JobTraffic bytes = r.traffic();
    info.put("map_output_bytes", bytes.mapOutputBytes());
    info.put("map_output_materialized_bytes", bytes.mapOutputMaterializedBytes());
    info.put("shuffle_bytes", bytes.shuffleBytes());
    info.put("spilled_records", bytes.spilledRecords());
    info.put("local_bytes_written", bytes.localBytesWritten());
    info.put("local_bytes_read", bytes.localBytesRead());
    info.put("hdfs_bytes_written", bytes.hdfsBytesWritten());
    info.put("hdfs_bytes_read", bytes.hdfsBytesRead());
    info.put("t_setup_s", r.phases().submit());
    info.put("t_startup_s", finiteOrNull(r.phases().startup()));
    info.put("t_maps_s", finiteOrNull(r.phases().maps()));
    info.put("t_reduces_s", finiteOrNull(r.phases().reduces()));
    info.put("t_commit_s", finiteOrNull(r.phases().commit()));
    info.put("t_notice_s", finiteOrNull(r.phases().notice()));
    info.put("t_bulk_import_s", r.phases().bulkImport());
  }

  /**
   * The ingest ceiling: the iterator engine's write path replaying this multiply's products from a
   * products table written first (not timed).
   */
  static Engine.Run ingestCeiling(Operands on, String c, RowRanges rows) throws Exception {
    Target target = on.target();
    Semiring<?> semiring = on.semiring();
    AccumuloClient client = target.client();
    if (!rows.isAll()) {
      throw new IllegalArgumentException("ingest-ceiling replays whole-table products only");
    }
    String products = "P_" + c;
    ProductsTable.write(client, target.volumes().get(), semiring, on.at(), on.b(), products);
    TableMultResult r =
        on.settings()
            .splitsAsked(
                TableMult.on(target.clientProperties())
                    .transposeOf(on.at())
                    .times(on.b())
                    .into(c)
                    .semiring(semiring.name())
                    .cancellation(on.cancellation())
                    .presum(on.settings().presum()))
            .replayProducts(products);
    client.tableOperations().delete(products);
    return new Engine.Run(r.partialProducts(), r.entriesWritten(), r.seconds(), 0, Map.of());
  }

  /** Whole megabytes; null for 0 (the counter was not measured). */
  private static Long megabytes(long bytes) {
    return bytes == 0 ? null : Math.round(bytes / (1024.0 * 1024.0));
  }

  /** The value; null for NaN (a job phase whose task times were not reported). */
  private static Double finiteOrNull(double seconds) {
    return Double.isNaN(seconds) ? null : seconds;
  }
}
