package outerproduct.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import org.apache.hadoop.io.Text;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.report.RunRecords;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.accumulo.ProductEstimate;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.product.WindowSize;
import outerproduct.mr.MapReduceMultiply;
import outerproduct.multiply.ExecutionPath;

/** The fields every run record shares (docs/format.md), for runs that finished and that failed. */
final class RunRecordFields {
  private final RunRecords records;

  RunRecordFields(RunRecords records) {
    this.records = records;
  }

  /**
   * What a request asked: engine, workload, sizes, and its partial products as the degree tables
   * count them beforehand (null: not counted). {@code repeat} is the request's index.
   */
  record Asked(
      Engine engine,
      Workload workload,
      ScaleInputs in,
      int rowsSelected,
      int threads,
      int repeat,
      ProductEstimate.Estimate estimate) {

    /**
     * C's tablets as asked ({@code --tablets-c N}); null where the product chose them ({@code
     * auto}), which a whole-table run then records from C itself.
     */
    Integer cTablets() {
      SortedSet<Text> asked = in.settings().resultSplits();
      return asked == null ? null : asked.size() + 1;
    }
  }

  /** The record of a run that failed: what was asked, the error, no counts, times or C. */
  ObjectNode failed(Asked asked, String error) {
    return common(asked).put("equal", false).put("error", error);
  }

  /** The record of a run that finished, before its C's check is added. */
  ObjectNode finished(Asked asked, Engine.Run run) {
    Object setup = run.info().get("t_setup_s");
    ObjectNode record =
        common(asked)
            .put("partial_products", run.partialProducts())
            .put("entries_written", run.entriesWritten())
            .put("t_total_s", run.seconds())
            .put("t_prepare_c_s", run.prepareSeconds())
            .put("t_request_s", run.requestSeconds())
            .put("t_setup_s", setup instanceof Double d ? d.doubleValue() : 0.0)
            .put("t_c_readable_s", run.seconds())
            .put("rate_pp_per_s", run.partialProducts() / run.seconds())
            .put(
                "rate_divides_by",
                "t_total_s: from the engine's start (creating C included where the path"
                    + " creates it) to C readable; t_request_s adds the harness creating C"
                    + " or waiting for a prepared one (t_prepare_c_s)");
    RunRecords.putInfo(record, run.info());
    if (asked.estimate() != null) {
      record.put("estimate_equal", asked.estimate().partialProducts() == run.partialProducts());
    }
    return record;
  }

  /** Appends {@code record} to the run's records file. */
  void append(ObjectNode record) throws IOException {
    records.append(record);
  }

  /**
   * The largest tablet server's peak heap since the run (or, queued, the batch) began; null where
   * it is not measured (an existing cluster).
   */
  static void putHeapPeak(ObjectNode record, Double peak) {
    if (peak == null) {
      record.putNull("tserver_heap_peak_mb");
    } else {
      record.put("tserver_heap_peak_mb", Math.round(peak));
    }
  }

  /**
   * The peak growth of used disk while the multiply ran (its C's check not included): spilled runs,
   * staging, map outputs and C's files; null where not measured (an existing cluster).
   */
  static void putDiskPeak(ObjectNode record, Double peak) {
    if (peak == null) {
      record.putNull("disk_peak_mb");
    } else {
      record.put("disk_peak_mb", Math.round(peak));
    }
  }

  private ObjectNode common(Asked asked) {
    ScaleInputs in = asked.in();
    ObjectNode record =
        records
            .newRecord()
            .put("engine", asked.engine().label())
            .put("result_to", asked.engine().answersCaller() ? "caller" : "table")
            .put("workload", asked.workload().label())
            .put("scale", in.scale())
            .put("rows_selected", asked.rowsSelected())
            .put("concurrency", asked.threads())
            .put("repeat", asked.repeat())
            .put("nnz_AT", in.a().nnz())
            .put("nnz_B", in.bMatrix().nnz())
            .put("tablets_C", asked.cTablets());
    if (asked.estimate() == null) {
      record.putNull("estimate_pp").putNull("estimate_rows").putNull("t_estimate_s");
    } else {
      record
          .put("estimate_pp", asked.estimate().partialProducts())
          .put("estimate_rows", asked.estimate().sharedRows())
          .put("t_estimate_s", asked.estimate().seconds());
    }
    putEngineSettings(record, asked.engine(), in.settings(), asked.workload() == Workload.WHOLE);
    return record;
  }

  /** A record's presum when each tablet server sized the window to its heap. */
  static final String SERVER_SIZED = "tablet server's heap";

  /**
   * The run-wide presum and c_durability are the iterator engine's; other engines say their own
   * (iterator-bulk: its window of products per sorted run, and no write-ahead log).
   */
  private static void putEngineSettings(
      ObjectNode record, Engine engine, Engine.Settings settings, boolean wholeTable) {
    Optional<ExecutionPath> path =
        engine == Engine.MR_BULK_BASELINE
            ? Optional.of(ExecutionPath.MR_BULK)
            : engine.path().filter(p -> p != ExecutionPath.AUTO);
    if (path.isEmpty()) {
      return;
    }
    if (path.get() == ExecutionPath.ITERATOR) {
      if (wholeTable && settings.presum() == WindowSize.AUTO) {
        // auto meant no window for a whole table before the tablet servers sized it.
        record.put("presum", SERVER_SIZED);
      }
      return;
    }
    if (path.get().output() == Output.BULK) {
      record
          .put("c_durability", "bulk import")
          .put(
              "file_compression",
              Objects.requireNonNullElse(
                  settings.bulkCompression(),
                  engine == Engine.MR_BULK_BASELINE
                      ? MapReduceMultiply.UNTUNED_COMPRESSION
                      : FileCompression.NEW_TABLE));
    } else {
      record.put("c_durability", "default (sync)");
    }
    switch (path.get().engine()) {
      case ITERATOR ->
          record.put(
              "presum",
              Engine.bulkWindow(settings) == WindowSize.AUTO
                  ? SERVER_SIZED
                  : Long.toString(Engine.bulkWindow(settings)));
      case MAPREDUCE ->
          record.put(
              "presum",
              engine == Engine.MR_BULK_BASELINE ? "0" : WindowSize.text(settings.mrPresum()));
      default -> record.put("presum", 0);
    }
  }
}
