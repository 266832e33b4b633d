package outerproduct.compare.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import outerproduct.iterator.OutputMode;
import outerproduct.iterator.TableMult;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.mr.MapReduceMultiply;

/** How the harness runs the two engines' builders, and what it records of their results. */
final class EngineRuns {
  private EngineRuns() {}

  /**
   * The iterator engine with the harness's settings, writing C with {@code output}; with bulk
   * output the pre-sum setting is the window ({@link Engine#bulkWindow}).
   */
  static Engine.Run iterator(
      Target target,
      Semiring<?> semiring,
      String at,
      String b,
      String c,
      RowRanges rows,
      Engine.Settings settings,
      OutputMode output)
      throws Exception {
    TableMult mult =
        TableMult.on(target.clientProperties())
            .transposeOf(at)
            .times(b)
            .into(c)
            .client(target.client())
            .semiring(semiring.name())
            .rows(rows)
            .presum(settings.presum())
            .output(output);
    if (output == OutputMode.BULK) {
      mult.bulkFiles(Engine.bulkWindow(settings), settings.bulkCompression());
    }
    TableMult.Result r = mult.run();
    Map<String, Object> info = new LinkedHashMap<>();
    r.phases().forEach((phase, seconds) -> info.put("t_" + phase + "_s", seconds));
    info.put("t_tablets_busy_s", r.tabletSeconds());
    info.put("t_tablets_flush_s", r.flushSeconds());
    return new Engine.Run(r.partialProducts(), r.entriesWritten(), r.seconds(), 0, info);
  }

  /**
   * The MapReduce job on the target's YARN cluster. Uber mode (the whole job in the
   * ApplicationMaster's JVM) for row subsets unless the settings say otherwise: their few maps cost
   * more to start than to run.
   */
  static Engine.Run mapReduce(
      Target target,
      Semiring<?> semiring,
      String at,
      String b,
      String c,
      RowRanges rows,
      Engine.Settings settings)
      throws Exception {
    boolean uber = settings.mrUber().appliesTo(rows);
    MapReduceMultiply.Result r =
        MapReduceMultiply.on(target.yarn().get(), target.clientPropertiesFile())
            .transposeOf(at)
            .times(b)
            .into(c)
            .semiring(semiring.name())
            .rows(rows)
            .reducers(uber ? 1 : settings.mrReducers())
            .presum(settings.mrPresum())
            .output(settings.mrOutput())
            .uber(settings.mrUber())
            .cSplits(settings.resultSplits())
            .customize(job -> settings.mrConf().forEach(job.getConfiguration()::set))
            .run();
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("job_id", r.jobId());
    info.put("maps", r.maps());
    info.put("reduces", r.reduces());
    info.put("uber", r.uber());
    info.put("output", settings.mrOutput().label());
    info.put("map_output", r.mapOutput());
    info.put("combiner_in", r.combinerIn());
    info.put("combiner_out", r.combinerOut());
    info.put("task_attempts", r.taskAttempts());
    info.put("failed_attempts", r.failedAttempts());
    info.put("map_rss_peak_mb", megabytes(r.taskMemory().mapPeakBytes()));
    info.put("reduce_rss_peak_mb", megabytes(r.taskMemory().reducePeakBytes()));
    info.put("t_setup_s", r.phases().submit());
    info.put("t_startup_s", finiteOrNull(r.phases().startup()));
    info.put("t_maps_s", finiteOrNull(r.phases().maps()));
    info.put("t_reduces_s", finiteOrNull(r.phases().reduces()));
    info.put("t_commit_s", finiteOrNull(r.phases().commit()));
    info.put("t_notice_s", finiteOrNull(r.phases().notice()));
    info.put("t_bulk_import_s", r.phases().bulkImport());
    return new Engine.Run(r.partialProducts(), r.entriesWritten(), r.seconds(), 0, info);
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
