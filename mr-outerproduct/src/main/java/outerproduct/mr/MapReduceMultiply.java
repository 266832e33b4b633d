package outerproduct.mr;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.function.Consumer;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import outerproduct.kernel.accumulo.BalancedRanges;
import outerproduct.kernel.accumulo.BulkImportCheck;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.accumulo.InputTables;
import outerproduct.kernel.accumulo.ResultReplacement;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.accumulo.ServerCode;
import outerproduct.kernel.product.MultiplyBuilder;
import outerproduct.kernel.product.MultiplyCancelledException;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.product.WindowSize;
import outerproduct.kernel.semiring.Semirings;

/**
 * C = ATᵀ ⊕.⊗ B as one MapReduce job: AccumuloInputFormat over B (as many splits as B has tablets,
 * cut at rows of equal work where degree tables tell it), mappers joining B's rows with AT's
 * through the kernel, the semiring's ⊕ as combiner and reducer, C written through
 * AccumuloOutputFormat or as RFiles and one bulk import.
 *
 * <pre>{@code
 * MapReduceMultiply.Result r = MapReduceMultiply.on(conf, Path.of("client.properties"))
 *     .transposeOf("AT").times("B").into("C").semiring("plus-times-long")
 *     .rows("1,:,100,").reducers(2).output(Output.BULK).run();
 * }</pre>
 *
 * <p>Credentials: the client properties file is copied to a private directory on the job's file
 * system ({@link PrivateJobDir}) and only its path enters the job configuration; tasks read it from
 * there (not through the distributed cache, whose copies outlive the job on every node), and it is
 * deleted when the job ends. The job itself is wired by {@link JobSetup}; its counters are read by
 * {@link JobResults}.
 */
public final class MapReduceMultiply extends MultiplyBuilder<MapReduceMultiply> {
  /** The job's counters and times. */
  public record Result(
      String jobId,
      long rowsAligned,
      long partialProducts,
      long mapOutput,
      long combinerIn,
      long combinerOut,
      long entriesWritten,
      int maps,
      int reduces,
      long taskAttempts,
      long failedAttempts,
      boolean uber,
      TaskMemory taskMemory,
      JobTraffic traffic,
      JobPhases phases,
      double seconds) {
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
   * Each map's pre-sum window sized to its heap ({@link MultiplyConf#presumProducts}); measured
   * lever by lever in docs/mr-engine.md#tuning.
   */
  public static final long DEFAULT_PRESUM = WindowSize.AUTO;

  /** The bulk files' compression of {@link #untuned()}: Accumulo's default. */
  public static final String UNTUNED_COMPRESSION = "gz";

  private final Configuration base;
  private final Properties clientProperties;
  private int reducers = 1;
  private long presum = DEFAULT_PRESUM;
  private boolean tuned = true;
  private String fileCompression;
  private Output output = Output.BATCH_WRITER;
  private boolean removeZeros;
  private UberMode uber = UberMode.OFF;
  private Consumer<Job> customizer = job -> {};
  private Consumer<Job> onSubmit = job -> {};

  @Override
  protected MapReduceMultiply self() {
    return this;
  }

  private MapReduceMultiply(
      Configuration base, Properties properties, String at, String b, String c) {
    super(at, b, c);
    this.base = base;
    this.clientProperties = properties;
  }

  /**
   * @param conf the cluster's Hadoop configuration (the job starts from a copy)
   * @param clientPropertiesFile Accumulo client properties, including the user's token
   * @return the first of the table stages: {@code .transposeOf(AT).times(B).into(C)}
   * @throws IllegalArgumentException if the file cannot be read
   */
  public static TransposeOf<Into<MapReduceMultiply>> on(
      Configuration conf, java.nio.file.Path clientPropertiesFile) {
    Properties p;
    try {
      p = Accumulo.newClientProperties().from(clientPropertiesFile).build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "cannot read client properties file " + clientPropertiesFile + ": " + e.getMessage(), e);
    }
    Configuration copy = new Configuration(conf);
    return tables(
        (at, b) -> c -> new MapReduceMultiply(copy, p, at, b, requireResult("into (C)", c, at, b)));
  }

  public MapReduceMultiply reducers(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("reducers must be >= 1, got " + n);
    }
    this.reducers = n;
    return this;
  }

  /**
   * Products each map task holds in its pre-sum window before they are sorted, ⊕-ed per cell and
   * written to the map output (in-mapper combining; the Hadoop combiner still runs on what leaves);
   * 0 = off; {@link WindowSize#AUTO} = sized to the task's heap ({@link
   * MultiplyConf#presumProducts}).
   */
  public MapReduceMultiply presum(long products) {
    this.presum = products == WindowSize.AUTO ? products : WindowSize.check("presum", products);
    return this;
  }

  /**
   * The engine as first built, before its tuning: no pre-sum window (so one map output record per
   * partial product, no stripes), Hadoop's own defaults for everything {@link JobSetup#tuning}
   * sets, and bulk files in {@value #UNTUNED_COMPRESSION}, which its reducers wrote whatever C
   * said. A benchmark's baseline, so that the tuning is judged against the same job in the same
   * run; a later {@link #presum} or {@link #fileCompression} still applies.
   */
  public MapReduceMultiply untuned() {
    this.presum = 0;
    this.tuned = false;
    this.fileCompression = UNTUNED_COMPRESSION;
    return this;
  }

  /**
   * Bulk output: the reducers' files' compression ({@value FileCompression#COMPRESSIONS}); null
   * (the default): C's {@code table.file.compress.type}, as the iterator engine's files follow it.
   */
  public MapReduceMultiply fileCompression(String compression) {
    this.fileCompression = FileCompression.check(compression);
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
   * Whether the whole job runs inside its ApplicationMaster's JVM (Hadoop's uber mode); off unless
   * asked for. With {@link UberMode#AUTO}, row subsets run uber.
   */
  public MapReduceMultiply uber(UberMode mode) {
    this.uber = Objects.requireNonNull(mode);
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
   * @throws IllegalArgumentException for a missing, unreadable or unsuitable table, before the job
   *     is submitted and with C untouched
   * @throws JobFailedException when the job fails, with its first task diagnostic
   */
  public Result run()
      throws IOException,
          InterruptedException,
          AccumuloException,
          AccumuloSecurityException,
          TableNotFoundException {
    long begin = System.nanoTime();
    try (AccumuloClient client = Accumulo.newClient().from(clientProperties).build();
        ResultReplacement replacement = replacing(client)) {
      checkBeforeRun(client);
      boolean createdC = takeC(client);
      try (PrivateJobDir dir = PrivateJobDir.create(client, base, clientProperties, c)) {
        List<byte[]> cSplitRows = bytes(client.tableOperations().listSplits(c));
        JobSpec spec =
            spec(
                FileCompression.of(client, c, fileCompression),
                inputRanges(client),
                readAuthorizations(client));
        Job job = JobSetup.configure(base, spec, cSplitRows, dir);
        job.getConfiguration().set(MultiplyConf.C_TABLE_ID, ResultState.idOf(client, c));
        customizer.accept(job);
        Result result = runJob(client, job, dir, begin);
        ResultState.complete(client, c);
        replacement.swapIn();
        return result;
      } catch (MultiplyCancelledException e) {
        throw new MultiplyCancelledException(
            "MapReduce multiply cancelled: "
                + e.getMessage()
                + "; "
                + ResultState.cancelled(client, c, createdC));
      } catch (Exception e) { // rethrown as the checked types the block throws
        if (!(e instanceof JobFailedException)) {
          ResultState.incomplete(client, c, String.valueOf(e.getMessage()));
        }
        throw e;
      }
    }
  }

  /** Everything that can be refused is refused here, before C is created or changed. */
  private void checkBeforeRun(AccumuloClient client)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    if (addToExisting) {
      throw new IllegalArgumentException(
          "addToExisting (--add-to-existing): the MapReduce engine writes C's final sums into a C"
              + " without a combiner and cannot add to what C holds; use the iterator engine");
    }
    InputTables.checkReadable(client, Semirings.encodingOf(semiring), authorizations, at, b);
    ServerCode.requireFilters(client, rows, at, atColumns, b, bColumns);
    if (output == Output.BULK) {
      BulkImportCheck.check(client, List.of(c));
    }
    if (client.tableOperations().exists(c)) {
      ResultState.checkMayWrite(client, c);
    }
  }

  /**
   * Creates C or checks the one there, and takes it for this job ({@link ResultState#claim}): of
   * two multiplies into one C exactly one proceeds. An existing C is taken before it is checked, so
   * an unfinished one the caller asked to replace is emptied first.
   *
   * @return whether C was created here
   */
  private boolean takeC(AccumuloClient client)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    boolean existed = client.tableOperations().exists(c);
    String before = existed ? ResultState.claim(client, c, "mr", reuse()) : null;
    try {
      ResultTable.prepare(client, c, cSplits, Semirings.encodingOf(semiring));
    } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
      if (existed) {
        ResultState.release(client, c, before);
      }
      throw e;
    }
    if (!existed) {
      ResultState.claim(client, c, "mr", reuse());
    }
    return !existed;
  }

  /**
   * A whole table's maps cut at rows of about equal work ({@link BalancedRanges}): the last map
   * decides the job's time. Row subsets and {@link #untuned()} keep one map per tablet of B.
   */
  private List<Range> inputRanges(AccumuloClient client)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    return tuned && rows.isAll() ? BalancedRanges.asManyAsTablets(client, at, b) : null;
  }

  private JobSpec spec(String compression, List<Range> inputRanges, Authorizations auths) {
    return new JobSpec(
        at,
        b,
        c,
        semiring,
        rows,
        atColumns,
        bColumns,
        removeZeros,
        presum,
        reducers,
        output,
        uber.appliesTo(rows),
        tuned,
        compression,
        inputRanges,
        auths);
  }

  private Result runJob(AccumuloClient client, Job job, PrivateJobDir dir, long begin)
      throws IOException,
          InterruptedException,
          AccumuloException,
          AccumuloSecurityException,
          TableNotFoundException {
    // Wall clock, not nanoTime: the phases are read against the tasks' reported times.
    long submitBegin = System.currentTimeMillis();
    cancellation.throwIfRequested("the job, before its submission");
    submit(job);
    long submitted = System.currentTimeMillis();
    onSubmit.accept(job);
    if (!JobWait.until(job, cancellation)) {
      throw JobFailedException.of(
          job, ResultState.incomplete(client, c, "job " + job.getJobID() + " failed"));
    }
    long done = System.currentTimeMillis();
    long imported = done;
    if (output == Output.BULK) {
      dir.shareRFilesWithServers();
      ReducerFiles.importInto(client, c, job, dir.fileSystem(), dir.rfiles());
      imported = System.currentTimeMillis();
    }
    double seconds = (System.nanoTime() - begin) / 1e9;
    return JobResults.read(
        job, new JobPhases.ClientTimes(submitBegin, submitted, done, imported), seconds);
  }

  private static void submit(Job job) throws IOException, InterruptedException {
    try {
      job.submit();
    } catch (ClassNotFoundException e) {
      throw new IOException("job class missing from the classpath: " + e.getMessage(), e);
    }
  }

  private static List<byte[]> bytes(Collection<Text> rows) {
    List<byte[]> out = new ArrayList<>(rows.size());
    for (Text row : rows) {
      out.add(row.copyBytes());
    }
    return out;
  }
}
