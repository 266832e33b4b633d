package outerproduct.mr;

import java.io.IOException;
import java.util.List;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.hadoop.mapreduce.AccumuloFileOutputFormat;
import org.apache.accumulo.hadoop.mapreduce.AccumuloInputFormat;
import org.apache.accumulo.hadoop.mapreduce.AccumuloOutputFormat;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import outerproduct.kernel.accumulo.ColumnFilterIterator;
import outerproduct.kernel.accumulo.Ranges;
import outerproduct.kernel.accumulo.RowRangesIterator;
import outerproduct.kernel.d4m.RowRange;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.product.Output;
import outerproduct.mr.io.CellKey;
import outerproduct.mr.io.CellPartitioner;
import outerproduct.mr.io.RowPartitioner;
import outerproduct.mr.io.Stripe;
import outerproduct.mr.io.StripePartitioner;
import outerproduct.mr.task.OuterProductMapper;
import outerproduct.mr.task.SemiringSumCombiner;
import outerproduct.mr.task.StripeCombiner;
import outerproduct.mr.task.StripeReducer;
import outerproduct.mr.task.SumReducer;

/**
 * Turns a {@link JobSpec} into a Hadoop job: AccumuloInputFormat over B (one map per tablet, or per
 * range of about equal work), the kernel's mapper, the semiring's ⊕ as combiner, reducers
 * partitioned by C's split rows and writing through AccumuloOutputFormat or as RFiles, and the
 * latency settings every multiply gets.
 */
final class JobSetup {
  static final int COMPLETION_POLL_MILLIS = 200;

  /** ApplicationMaster to ResourceManager heartbeat. */
  static final int AM_HEARTBEAT_MILLIS = 100;

  /**
   * Subsets of at most this many single rows run their uber JVM with the C1 compiler only; see
   * {@link #uberJvmOptions(RowRanges)}.
   */
  static final int C1_ONLY_MAX_ROWS = 64;

  private JobSetup() {}

  /**
   * @param cSplitRows C's split rows, which cut the reducers' key ranges
   */
  static Job configure(Configuration base, JobSpec spec, List<byte[]> cSplitRows, PrivateJobDir dir)
      throws IOException, AccumuloException, AccumuloSecurityException {
    String name = "outerproduct " + spec.c() + " = " + spec.at() + "^T " + spec.semiring();
    Job job = Job.getInstance(base, name + " " + spec.b());
    // A jar the caller's configuration names (mapreduce.job.jar) wins: tasks on a real cluster
    // need the shaded job jar, while the class may have been loaded from a thin one.
    if (job.getConfiguration().get(MRJobConfig.JAR) == null) {
      job.setJarByClass(MapReduceMultiply.class);
    }
    Configuration conf = job.getConfiguration();
    // Configured in code, so there is no command line to parse; without the flag Hadoop's
    // submitter warns on every job that generic options were not parsed (OuterProductJob parses
    // them through ToolRunner, which sets the flag itself).
    conf.setBooleanIfUnset(Job.USED_GENERIC_PARSER, true);
    multiplySettings(conf, spec, cSplitRows, dir);
    input(job, spec, dir);
    job.setMapperClass(OuterProductMapper.class);
    mapOutput(job, spec);
    job.setNumReduceTasks(spec.reducers());
    output(job, spec, dir);
    dir.keepOutOfDistributedCache(conf);
    latency(conf);
    if (spec.tuned()) {
      tuning(conf);
    }
    if (spec.uber()) {
      uber(conf, spec.rows());
    }
    return job;
  }

  /** What the mapper, combiner and reducers read from the configuration ({@link MultiplyConf}). */
  private static void multiplySettings(
      Configuration conf, JobSpec spec, List<byte[]> cSplitRows, PrivateJobDir dir) {
    conf.set(MultiplyConf.SEMIRING, spec.semiring());
    conf.set(MultiplyConf.AT_TABLE, spec.at());
    conf.set(MultiplyConf.B_TABLE, spec.b());
    conf.set(MultiplyConf.C_TABLE, spec.c());
    conf.setBoolean(MultiplyConf.REMOVE_ZEROS, spec.removeZeros());
    conf.setLong(MultiplyConf.PRESUM_PRODUCTS, spec.presum());
    conf.set(MultiplyConf.CLIENT_PROPERTIES_PATH, dir.clientProperties().toString());
    MultiplyConf.setAuthorizations(conf, spec.auths());
    if (spec.atColumns() != null) {
      MultiplyConf.setD4m(conf, MultiplyConf.AT_COLUMNS, spec.atColumns().toD4m());
    }
    if (!spec.rows().isAll()) {
      MultiplyConf.setD4m(conf, MultiplyConf.ROW_SUBSET, spec.rows().toD4m());
    }
    MultiplyConf.setRows(
        conf,
        MultiplyConf.PARTITION_CUTS,
        RowPartitioner.cutsFromSplits(cSplitRows, spec.reducers()));
  }

  /**
   * Stripes when the mappers pre-sum in a window (one record per C row and window), else one record
   * per cell; the semiring's ⊕ as combiner either way. With stripes the combiner merges a row's
   * stripes of one spill: at SCALE 13 it cut the bytes shuffled by a third (5.5 to 3.7 per partial
   * product) for no time told apart on one machine, and on a cluster those bytes cross the network
   * (docs/mr-engine.md#tuning).
   */
  private static void mapOutput(Job job, JobSpec spec) {
    if (spec.presum() == 0) {
      job.setMapOutputKeyClass(CellKey.class);
      job.setMapOutputValueClass(Text.class);
      job.setCombinerClass(SemiringSumCombiner.class);
      job.setPartitionerClass(CellPartitioner.class);
      job.setReducerClass(SumReducer.class);
    } else {
      job.setMapOutputKeyClass(Text.class);
      job.setMapOutputValueClass(Stripe.class);
      job.setCombinerClass(StripeCombiner.class);
      job.setPartitionerClass(StripePartitioner.class);
      job.setReducerClass(StripeReducer.class);
    }
  }

  private static void input(Job job, JobSpec spec, PrivateJobDir dir)
      throws AccumuloException, AccumuloSecurityException {
    var input =
        AccumuloInputFormat.configure()
            .clientPropertiesPath(dir.clientProperties().toString())
            .table(spec.b())
            .auths(spec.auths());
    RowRanges rows = spec.rows();
    if (spec.inputRanges() != null) {
      // One map per range, each range spanning tablets as it must (docs/mr-engine.md#tuning).
      input.ranges(spec.inputRanges()).autoAdjustRanges(false);
    } else if (!rows.isAll()) {
      // One range per row would make AccumuloInputFormat open a scan (and a client) per row, and
      // the mapper one scan of AT per row: thousands of round trips for a queued multiply. One
      // range, the subset's span, with the tablet server seeking from row to row instead. The
      // span is still cut at B's tablets, one split (map) each.
      input.ranges(List.of(Ranges.span(rows)));
      if (rows.ranges().size() > 1) {
        input.addIterator(RowRangesIterator.setting(rows));
      }
    }
    if (spec.bColumns() != null) {
      input.addIterator(ColumnFilterIterator.setting(spec.bColumns()));
    }
    input.store(job);
    job.setInputFormatClass(AccumuloInputFormat.class);
  }

  private static void output(Job job, JobSpec spec, PrivateJobDir dir) {
    job.getConfiguration().set(MultiplyConf.OUTPUT, spec.output().label());
    if (spec.output() == Output.BULK) {
      job.setOutputFormatClass(AccumuloFileOutputFormat.class);
      job.setOutputKeyClass(Key.class);
      job.setOutputValueClass(Value.class);
      var files = AccumuloFileOutputFormat.configure().outputPath(dir.rfiles());
      if (spec.fileCompression() != null) {
        files.compression(spec.fileCompression());
        // the reducers write their files themselves (CellOutput), with this compression
        job.getConfiguration().set(MultiplyConf.FILE_COMPRESSION, spec.fileCompression());
      }
      files.store(job);
      job.getConfiguration()
          .setBoolean(FileOutputCommitter.SUCCESSFUL_JOB_OUTPUT_DIR_MARKER, false);
    } else {
      job.setOutputFormatClass(AccumuloOutputFormat.class);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(Mutation.class);
      AccumuloOutputFormat.configure()
          .clientPropertiesPath(dir.clientProperties().toString())
          .defaultTable(spec.c())
          .createTables(false)
          .store(job);
    }
  }

  /** Settings that cut fixed waits out of every multiply; the caller's customizer may undo them. */
  private static void latency(Configuration conf) {
    // The client learns that the job is done by polling; Hadoop's 5 s default adds 2.5 s on
    // average to every multiply, which is most of a queued one.
    conf.setInt(Job.COMPLETION_POLL_INTERVAL_KEY, COMPLETION_POLL_MILLIS);
    // The ApplicationMaster reports the job done only once the ResourceManager confirms its
    // unregistration, which it asks again after one heartbeat interval (1 s by default): a fixed
    // ~1.3 s between the job finishing and the client seeing it (JobPhases.notice). Not
    // setIfUnset: mapred-default.xml always sets it.
    conf.setInt(MRJobConfig.MR_AM_TO_RM_HEARTBEAT_INTERVAL_MS, AM_HEARTBEAT_MILLIS);
  }

  /**
   * Hadoop settings chosen by measurement (docs/mr-engine.md#tuning); a value from the caller's
   * configuration or a site file wins over each (only Hadoop's own default is replaced). The
   * reducers keep fetched map output in memory while they reduce, up to 70% of their heap, instead
   * of merging it all to disk first (Hadoop's default, 0): their input is pre-summed cells, a few
   * hundred MB at most per reducer at SCALE 14. A map task merges its spills 100 at a time instead
   * of 10: a whole-table map of SCALE 17 spills its 100 MB sort buffer dozens of times, and with
   * Hadoop's fan-in every spilled record was written again by intermediate merge passes before the
   * final one (at most one read buffer per spill, a few MB in all).
   */
  static void tuning(Configuration conf) {
    unlessConfigured(conf, MRJobConfig.REDUCE_INPUT_BUFFER_PERCENT, REDUCE_INPUT_BUFFER_PERCENT);
    unlessConfigured(conf, MRJobConfig.IO_SORT_FACTOR, IO_SORT_FACTOR);
  }

  /** Sets {@code key} unless a value other than mapred-default.xml's was given. */
  static void unlessConfigured(Configuration conf, String key, String value) {
    String[] sources = conf.getPropertySources(key);
    if (sources == null || (sources.length == 1 && sources[0].equals("mapred-default.xml"))) {
      conf.set(key, value);
    }
  }

  static final String REDUCE_INPUT_BUFFER_PERCENT = "0.7";

  static final String IO_SORT_FACTOR = "100";

  private static void uber(Configuration conf, RowRanges rows) {
    conf.setBoolean(MRJobConfig.JOB_UBERTASK_ENABLE, true);
    conf.setInt(MRJobConfig.JOB_UBERTASK_MAXREDUCES, 1);
    // Accumulo splits report their byte estimate as length; the cap is for HDFS inputs.
    conf.setLong(MRJobConfig.JOB_UBERTASK_MAXBYTES, Long.MAX_VALUE);
    conf.set(
        MRJobConfig.MR_AM_COMMAND_OPTS,
        conf.get(MRJobConfig.MR_AM_COMMAND_OPTS, "") + " " + uberJvmOptions(rows));
  }

  /**
   * JVM flags for an uber job's one JVM, which lives seconds. Serial GC always: no GC threads to
   * start and compete for the cores. C1 only for a few single rows, because C2's compiles compete
   * for the same two cores and the job ends before what they compile runs often: p50 with C1 only
   * against full tiered compilation was 6.5 against 7.5 s for 1 row of SCALE 10, 6.6 against 8.4 s
   * for 64 rows of SCALE 10 and 8.7 against 10.4 s for 64 rows of SCALE 12. A bigger subset sorts
   * millions of records, and C2's comparators pay: 1,024 rows of SCALE 12 took 17.6 s with C1 only
   * and 13.8-14.9 s tiered.
   */
  static String uberJvmOptions(RowRanges rows) {
    boolean fewRows =
        !rows.isAll()
            && rows.ranges().size() <= C1_ONLY_MAX_ROWS
            && rows.ranges().stream().allMatch(RowRange::isSingleRow);
    return fewRows ? "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC" : "-XX:+UseSerialGC";
  }
}
