package outerproduct.mr;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.SystemPermission;
import org.apache.accumulo.hadoop.mapreduce.AccumuloFileOutputFormat;
import org.apache.accumulo.hadoop.mapreduce.AccumuloInputFormat;
import org.apache.accumulo.hadoop.mapreduce.AccumuloOutputFormat;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import outerproduct.kernel.accumulo.Ranges;
import outerproduct.kernel.accumulo.InputTables;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.accumulo.RowRangesIterator;
import outerproduct.kernel.d4m.RowRange;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.product.MultiplyBuilder;
import outerproduct.kernel.product.PresumBuffer;
import outerproduct.mr.io.CellKey;
import outerproduct.mr.io.CellPartitioner;
import outerproduct.mr.task.MutationReducer;
import outerproduct.mr.task.OuterProductMapper;
import outerproduct.mr.task.RFileReducer;
import outerproduct.mr.task.SemiringSumCombiner;

/**
 * C = ATᵀ ⊕.⊗ B as one MapReduce job: AccumuloInputFormat over B (one split per tablet of B),
 * mappers joining B's rows with AT's through the kernel, the semiring's ⊕ as combiner and
 * reducer, C written through AccumuloOutputFormat or as RFiles and one bulk import.
 *
 * <pre>{@code
 * MapReduceMultiply.Result r = MapReduceMultiply.on(conf, Path.of("client.properties"))
 *     .transposeOf("AT").times("B").into("C").semiring("plus-times-long")
 *     .rows("1,:,100,").reducers(2).output(Output.BULK).run();
 * }</pre>
 *
 * <p>Credentials: the client properties file is copied to a private directory on the job's file
 * system (permission 700) and only its path enters the job configuration; tasks read it from
 * there (not through the distributed cache, whose copies outlive the job on every node), and it
 * is deleted when the job ends.
 */
public final class MapReduceMultiply extends MultiplyBuilder<MapReduceMultiply> {
  /** How reducers deliver C. */
  public enum Output { BATCH_WRITER, BULK }

  /** The job's counters and times. */
  public record Result(String jobId, long rowsAligned, long partialProducts, long mapOutput, long combinerIn,
      long combinerOut, long entriesWritten, int maps, int reduces, long taskAttempts,
      long failedAttempts, boolean uber, TaskMemory taskMemory, JobPhases phases, double seconds) {
    /** Partial products per second over {@link #seconds} (submit to C complete). */
    public double partialProductsPerSecond() {
      return partialProducts / seconds;
    }
  }

  /**
   * The largest resident set of any map and of any reduce task attempt, in bytes, as YARN's
   * process-tree sampling saw it (Hadoop's {@code *_PHYSICAL_MEMORY_BYTES_MAX} counters); 0 where
   * the job ran no such task or the platform has no process-tree reader. Under uber mode both are
   * the ApplicationMaster's JVM, which runs every task.
   */
  public record TaskMemory(long mapPeakBytes, long reducePeakBytes) {}

  /**
   * No in-mapper pre-sum unless {@link #presum} asks for it. Measured on Graphulo's fixtures
   * (docs/mr-engine.md): at SCALE 14 a 1M-cell buffer per map cut the map output by 11% (C has
   * 20M cells, so a map's share is many times the buffer) and the job took 6% longer; on a
   * 1,024-row subset of SCALE 12 it cut the map output by 27% and saved about 1 s of 20. It can
   * only pay where a map's products fall on far fewer cells than there are products, and only
   * while those cells fit the buffer.
   */
  public static final int DEFAULT_PRESUM = 0;
  static final int COMPLETION_POLL_MILLIS = 200;
  /** ApplicationMaster to ResourceManager heartbeat. */
  static final int AM_HEARTBEAT_MILLIS = 100;
  /**
   * Subsets of at most this many single rows run their uber JVM with the C1 compiler only; see
   * {@link #uberJvmOptions(RowRanges)}.
   */
  static final int C1_ONLY_MAX_ROWS = 64;

  private final Configuration base;
  private final java.nio.file.Path clientPropertiesFile;
  private final Properties clientProperties;
  private int reducers = 1;
  private int presum = DEFAULT_PRESUM;
  private Output output = Output.BATCH_WRITER;
  private boolean removeZeros;
  private boolean uber;
  private SortedSet<Text> cSplits = new TreeSet<>();
  private Consumer<Job> customizer = job -> {};
  private Consumer<Job> onSubmit = job -> {};

  @Override
  protected MapReduceMultiply self() {
    return this;
  }

  private MapReduceMultiply(Configuration base, java.nio.file.Path file, Properties properties) {
    this.base = base;
    this.clientPropertiesFile = file;
    this.clientProperties = properties;
  }

  /**
   * @param conf the cluster's Hadoop configuration (the job starts from a copy)
   * @param clientPropertiesFile Accumulo client properties, including the user's token
   * @throws IllegalArgumentException if the file cannot be read
   */
  public static MapReduceMultiply on(Configuration conf, java.nio.file.Path clientPropertiesFile) {
    Properties p;
    try {
      p = Accumulo.newClientProperties().from(clientPropertiesFile).build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("cannot read client properties file " + clientPropertiesFile
          + ": " + e.getMessage(), e);
    }
    return new MapReduceMultiply(new Configuration(conf), clientPropertiesFile, p);
  }

  public MapReduceMultiply reducers(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("reducers must be >= 1, got " + n);
    }
    this.reducers = n;
    return this;
  }

  /**
   * Distinct cells each map task pre-sums in memory before its output is sorted (in-mapper
   * combining; the Hadoop combiner still runs on what leaves); 0 = off.
   */
  public MapReduceMultiply presum(long cells) {
    this.presum = PresumBuffer.checkCells("presum", cells);
    return this;
  }

  public MapReduceMultiply output(Output how) {
    this.output = Objects.requireNonNull(how);
    return this;
  }

  /** Drop cells of C whose sum is the semiring's zero (the reducers skip them). */
  public MapReduceMultiply removeZeros() {
    this.removeZeros = true;
    return this;
  }

  /**
   * Run the whole job inside its ApplicationMaster's JVM (Hadoop's uber mode): no container
   * start per task. For small, queued multiplies; at most 9 maps and one reducer qualify.
   */
  public MapReduceMultiply uber(boolean enabled) {
    this.uber = enabled;
    return this;
  }

  /** Split rows for C when the job creates it; reducers are partitioned by them. */
  public MapReduceMultiply cSplits(SortedSet<Text> splits) {
    this.cSplits = new TreeSet<>(splits);
    return this;
  }

  /** Last changes to the job before submission (extra settings; tests swap a task class). */
  public MapReduceMultiply customize(Consumer<Job> changes) {
    this.customizer = Objects.requireNonNull(changes);
    return this;
  }

  /** Called right after submission, e.g. to print the tracking URL. */
  public MapReduceMultiply onSubmit(Consumer<Job> listener) {
    this.onSubmit = Objects.requireNonNull(listener);
    return this;
  }

  /**
   * Checks the tables, prepares C, runs the job and, for bulk output, imports its files.
   *
   * @throws IllegalArgumentException for a missing, unreadable or unsuitable table, before the
   *     job is submitted and with C untouched
   * @throws JobFailedException when the job fails, with its first task diagnostic
   */
  public Result run() throws IOException, InterruptedException, AccumuloException,
      AccumuloSecurityException, TableNotFoundException {
    requireSet("transposeOf (AT)", at);
    requireSet("times (B)", b);
    requireSet("into (C)", c);
    if (c.equals(at) || c.equals(b)) {
      throw new IllegalArgumentException("result table '" + c + "' must differ from inputs AT '" + at
          + "' and B '" + b + "'");
    }
    long begin = System.nanoTime();
    try (AccumuloClient client = Accumulo.newClient().from(clientProperties).build()) {
      InputTables.checkReadable(client, at);
      InputTables.checkReadable(client, b);
      if (output == Output.BULK) {
        checkMayBulkImport(client);
      }
      if (client.tableOperations().exists(c)) {
        ResultState.checkMayWrite(client, c);
        ResultState.checkFinishedOrClear(client, c, replaceIncomplete);
      }
      ResultTable.prepare(client, c, cSplits);
      Path workDir = privateWorkDir();
      FileSystem fs = workDir.getFileSystem(base);
      try {
        Job job = configure(client, workDir);
        customizer.accept(job);
        ResultState.writing(client, c, "mr");
        Result result;
        try {
          // Wall clock, not nanoTime: the phases are read against the tasks' reported times.
          long submitBegin = System.currentTimeMillis();
          submit(job);
          long submitted = System.currentTimeMillis();
          onSubmit.accept(job);
          if (!waitFor(job)) {
            throw JobFailedException.of(job, ResultState.incomplete(client, c, "job " + job.getJobID() + " failed"));
          }
          long done = System.currentTimeMillis();
          long imported = done;
          if (output == Output.BULK) {
            importFiles(client, fs, new Path(workDir, "rfiles"));
            imported = System.currentTimeMillis();
          }
          double seconds = (System.nanoTime() - begin) / 1e9;
          result = result(job, new JobPhases.ClientTimes(submitBegin, submitted, done, imported), seconds);
        } catch (IOException | InterruptedException | AccumuloException | RuntimeException e) {
          if (!(e instanceof JobFailedException)) {
            ResultState.incomplete(client, c, String.valueOf(e.getMessage()));
          }
          throw e;
        }
        ResultState.complete(client, c);
        return result;
      } finally {
        fs.delete(workDir, true);
      }
    }
  }

  /**
   * Accumulo 2.1's client-side bulk import reads the system configuration (to pick the crypto
   * service), which needs System permission SYSTEM; without it the import fails after the whole
   * job has run. Asked up front instead, before C is created.
   */
  private static void checkMayBulkImport(AccumuloClient client) throws AccumuloException,
      AccumuloSecurityException {
    String user = client.whoami();
    if (!client.securityOperations().hasSystemPermission(user, SystemPermission.SYSTEM)) {
      throw new IllegalArgumentException("output bulk: user '" + user + "' lacks System permission"
          + " SYSTEM, which Accumulo 2.1's bulk import needs to read the system configuration;"
          + " use output batchwriter or grant it");
    }
  }

  /**
   * Accumulo ships a client properties path through the distributed cache, and a NodeManager
   * keeps localized files after the job ends (until its cache is trimmed): the password would
   * stay on every node's disk. Without the cache entry, tasks read the private copy straight
   * from the job's file system (Accumulo's fallback), and it is deleted when the job ends.
   */
  private static void keepOutOfDistributedCache(Configuration conf, Path propertiesPath) {
    String[] cached = conf.getStrings(MRJobConfig.CACHE_FILES);
    if (cached == null) {
      return;
    }
    List<String> kept = new ArrayList<>();
    for (String uri : cached) {
      if (!java.net.URI.create(uri).getPath().equals(propertiesPath.toUri().getPath())) {
        kept.add(uri);
      }
    }
    if (kept.isEmpty()) {
      conf.unset(MRJobConfig.CACHE_FILES);
    } else {
      conf.setStrings(MRJobConfig.CACHE_FILES, kept.toArray(String[]::new));
    }
  }

  private Job configure(AccumuloClient client, Path workDir) throws IOException,
      AccumuloException, AccumuloSecurityException, TableNotFoundException {
    Path propertiesPath = new Path(workDir, "client.properties");
    copyPrivately(propertiesPath);
    Job job = Job.getInstance(base, "outerproduct " + c + " = " + at + "^T " + semiring + " " + b);
    // A jar the caller's configuration names (mapreduce.job.jar) wins: tasks on a real cluster
    // need the shaded job jar, while the class may have been loaded from a thin one.
    if (job.getConfiguration().get(MRJobConfig.JAR) == null) {
      job.setJarByClass(MapReduceMultiply.class);
    }
    Configuration conf = job.getConfiguration();
    // This builder is configured in code, so there is no command line to parse; without the flag
    // Hadoop's submitter warns on every job that generic options were not parsed (OuterProductJob
    // parses them through ToolRunner, which sets the flag itself).
    conf.setBooleanIfUnset(Job.USED_GENERIC_PARSER, true);
    conf.set(MultiplyConf.SEMIRING, semiring);
    conf.set(MultiplyConf.AT_TABLE, at);
    conf.set(MultiplyConf.B_TABLE, b);
    conf.set(MultiplyConf.C_TABLE, c);
    conf.setBoolean(MultiplyConf.REMOVE_ZEROS, removeZeros);
    conf.setInt(MultiplyConf.PRESUM_CELLS, presum);
    conf.set(MultiplyConf.CLIENT_PROPERTIES_PATH, propertiesPath.toString());
    if (atColumns != null) {
      conf.set(MultiplyConf.AT_COLUMNS, atColumns.toD4m());
    }
    List<byte[]> cSplitRows = bytes(client.tableOperations().listSplits(c));
    MultiplyConf.setRows(conf, MultiplyConf.PARTITION_CUTS, CellPartitioner.cutsFromSplits(cSplitRows, reducers));

    var input = AccumuloInputFormat.configure().clientPropertiesPath(propertiesPath.toString()).table(b);
    if (!rows.isAll()) {
      // One range per row would make AccumuloInputFormat open a scan (and a client) per row, and
      // the mapper one scan of AT per row: thousands of round trips for a queued multiply. One
      // range, the subset's span, with the tablet server seeking from row to row instead. The
      // span is still cut at B's tablets, one split (map) each.
      input.ranges(List.of(Ranges.span(rows)));
      if (rows.ranges().size() > 1) {
        input.addIterator(RowRangesIterator.setting(rows));
      }
      conf.set(MultiplyConf.ROW_SUBSET, rows.toD4m());
    }
    if (bColumns != null) {
      List<IteratorSetting.Column> columns = new ArrayList<>();
      for (String column : bColumns.columns()) {
        columns.add(new IteratorSetting.Column(new Text(), new Text(column)));
      }
      input.fetchColumns(columns);
    }
    input.store(job);
    job.setInputFormatClass(AccumuloInputFormat.class);
    job.setMapperClass(OuterProductMapper.class);
    job.setMapOutputKeyClass(CellKey.class);
    job.setMapOutputValueClass(Text.class);
    job.setCombinerClass(SemiringSumCombiner.class);
    job.setPartitionerClass(CellPartitioner.class);
    job.setNumReduceTasks(reducers);

    if (output == Output.BULK) {
      job.setReducerClass(RFileReducer.class);
      job.setOutputFormatClass(AccumuloFileOutputFormat.class);
      job.setOutputKeyClass(Key.class);
      job.setOutputValueClass(Value.class);
      AccumuloFileOutputFormat.configure().outputPath(new Path(workDir, "rfiles")).store(job);
      conf.setBoolean(FileOutputCommitter.SUCCESSFUL_JOB_OUTPUT_DIR_MARKER, false);
    } else {
      job.setReducerClass(MutationReducer.class);
      job.setOutputFormatClass(AccumuloOutputFormat.class);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(Mutation.class);
      AccumuloOutputFormat.configure().clientPropertiesPath(propertiesPath.toString()).defaultTable(c)
          .createTables(false).store(job);
    }
    keepOutOfDistributedCache(conf, propertiesPath);
    // The client learns that the job is done by polling; Hadoop's 5 s default adds 2.5 s on
    // average to every multiply, which is most of a queued one. customize() may override it.
    conf.setInt(Job.COMPLETION_POLL_INTERVAL_KEY, COMPLETION_POLL_MILLIS);
    // The ApplicationMaster reports the job done only once the ResourceManager confirms its
    // unregistration, which it asks again after one heartbeat interval (1 s by default): a fixed
    // ~1.3 s between the job finishing and the client seeing it (JobPhases.notice). Not setIfUnset:
    // mapred-default.xml always sets it. customize() may override it.
    conf.setInt(MRJobConfig.MR_AM_TO_RM_HEARTBEAT_INTERVAL_MS, AM_HEARTBEAT_MILLIS);
    if (uber) {
      conf.setBoolean(MRJobConfig.JOB_UBERTASK_ENABLE, true);
      conf.setInt(MRJobConfig.JOB_UBERTASK_MAXREDUCES, 1);
      // Accumulo splits report their byte estimate as length; the cap is for HDFS inputs.
      conf.setLong(MRJobConfig.JOB_UBERTASK_MAXBYTES, Long.MAX_VALUE);
      conf.set(MRJobConfig.MR_AM_COMMAND_OPTS,
          conf.get(MRJobConfig.MR_AM_COMMAND_OPTS, "") + " " + uberJvmOptions(rows));
    }
    return job;
  }

  /**
   * JVM flags for an uber job's one JVM, which lives seconds. Serial GC always: no GC threads to
   * start and compete for the cores. C1 only for a few single rows, because C2's compiles
   * compete for the same two cores and the job ends before what they compile runs often: p50
   * with C1 only against full tiered compilation was 6.5 against 7.5 s for 1 row of SCALE 10,
   * 6.6 against 8.4 s for 64 rows of SCALE 10 and 8.7 against 10.4 s for 64 rows of SCALE 12.
   * A bigger subset sorts millions of records, and C2's comparators pay: 1,024 rows of SCALE 12
   * took 17.6 s with C1 only and 13.8-14.9 s tiered.
   */
  static String uberJvmOptions(RowRanges rows) {
    boolean fewRows = !rows.isAll() && rows.ranges().size() <= C1_ONLY_MAX_ROWS
        && rows.ranges().stream().allMatch(RowRange::isSingleRow);
    return fewRows ? "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC" : "-XX:+UseSerialGC";
  }

  /** A directory only the submitting user can read, for the client properties and RFiles. */
  private Path privateWorkDir() throws IOException {
    FileSystem fs = FileSystem.get(base);
    Path dir = new Path(fs.getHomeDirectory(), ".outerproduct/job-" + UUID.randomUUID());
    fs.mkdirs(dir, new FsPermission((short) 0700));
    fs.setPermission(dir, new FsPermission((short) 0700));
    return fs.makeQualified(dir);
  }

  private void copyPrivately(Path target) throws IOException {
    FileSystem fs = target.getFileSystem(base);
    try (OutputStream out = fs.create(target, new FsPermission((short) 0600), false, 4096,
        fs.getDefaultReplication(target), fs.getDefaultBlockSize(target), null)) {
      Files.copy(clientPropertiesFile, out);
    }
    fs.setPermission(target, new FsPermission((short) 0600));
  }

  private void importFiles(AccumuloClient client, FileSystem fs, Path dir) throws IOException,
      AccumuloException, AccumuloSecurityException, TableNotFoundException {
    for (FileStatus file : fs.listStatus(dir)) {
      if (!file.getPath().getName().endsWith(".rf")) {
        fs.delete(file.getPath(), true);
      }
    }
    client.tableOperations().importDirectory(dir.toString()).to(c).tableTime(true).load();
  }

  private static void submit(Job job) throws IOException, InterruptedException {
    try {
      job.submit();
    } catch (ClassNotFoundException e) {
      throw new IOException("job class missing from the classpath: " + e.getMessage(), e);
    }
  }

  private static boolean waitFor(Job job) throws IOException, InterruptedException {
    try {
      return job.waitForCompletion(false);
    } catch (ClassNotFoundException e) {
      throw new IOException("job class missing from the classpath: " + e.getMessage(), e);
    }
  }

  /** The job's counters and phases, read after the job (from its ApplicationMaster or the history server). */
  private static Result result(Job job, JobPhases.ClientTimes clientTimes, double seconds)
      throws IOException, InterruptedException {
    TaskReport[] maps = job.getTaskReports(TaskType.MAP);
    TaskReport[] reduces = job.getTaskReports(TaskType.REDUCE);
    JobPhases phases = JobPhases.of(clientTimes, maps, reduces, job.getStatus().getFinishTime());
    var counters = job.getCounters();
    return new Result(job.getJobID().toString(),
        counters.findCounter(OuterProductCounter.ROWS_ALIGNED).getValue(),
        counters.findCounter(OuterProductCounter.PARTIAL_PRODUCTS).getValue(),
        counters.findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue(),
        counters.findCounter(OuterProductCounter.COMBINER_IN).getValue(),
        counters.findCounter(OuterProductCounter.COMBINER_OUT).getValue(),
        counters.findCounter(OuterProductCounter.ENTRIES_WRITTEN).getValue(),
        maps.length, reduces.length,
        counters.findCounter(JobCounter.TOTAL_LAUNCHED_MAPS).getValue()
            + counters.findCounter(JobCounter.TOTAL_LAUNCHED_REDUCES).getValue(),
        counters.findCounter(JobCounter.NUM_FAILED_MAPS).getValue()
            + counters.findCounter(JobCounter.NUM_FAILED_REDUCES).getValue(),
        job.isUber(), new TaskMemory(counters.findCounter(TaskCounter.MAP_PHYSICAL_MEMORY_BYTES_MAX).getValue(),
            counters.findCounter(TaskCounter.REDUCE_PHYSICAL_MEMORY_BYTES_MAX).getValue()),
        phases, seconds);
  }

  private static List<byte[]> bytes(java.util.Collection<Text> rows) {
    List<byte[]> out = new ArrayList<>(rows.size());
    for (Text row : rows) {
      out.add(row.copyBytes());
    }
    return out;
  }

  static TaskCompletionEvent[] failedEvents(Job job) throws IOException, InterruptedException {
    List<TaskCompletionEvent> failed = new ArrayList<>();
    int from = 0;
    TaskCompletionEvent[] events;
    do {
      events = job.getTaskCompletionEvents(from, 100);
      for (TaskCompletionEvent e : events) {
        // The last allowed attempt of a task is reported as TIPFAILED, not FAILED.
        if (e.getStatus() == TaskCompletionEvent.Status.FAILED
            || e.getStatus() == TaskCompletionEvent.Status.TIPFAILED) {
          failed.add(e);
        }
      }
      from += events.length;
    } while (events.length > 0);
    return failed.toArray(TaskCompletionEvent[]::new);
  }
}
