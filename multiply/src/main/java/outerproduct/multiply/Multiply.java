package outerproduct.multiply;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.conf.Configuration;
import outerproduct.iterator.TableMult;
import outerproduct.iterator.TableMultResult;
import outerproduct.kernel.accumulo.ClusterSize;
import outerproduct.kernel.accumulo.ProductEstimate;
import outerproduct.kernel.accumulo.ResultReplacement;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.product.MultiplyBuilder;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.mr.MapReduceMultiply;
import outerproduct.mr.UberMode;

/**
 * C = ATᵀ ⊕.⊗ B on whichever {@link ExecutionPath} finishes first: the builder counts the request's
 * partial products ({@link ProductEstimate}), rules out the paths this caller cannot run ({@link
 * PathChecks}), predicts each other path's time from the cluster's {@link Calibration} and runs the
 * soonest, or the path {@link #path} names.
 *
 * <pre>{@code
 * Multiply.Result r = Multiply.on(clientPropertiesFile)
 *     .transposeOf("AT").times("B").into("C")
 *     .hadoop(yarnConfiguration)              // without it, no MapReduce path can run
 *     .rows("1,:,100,")
 *     .run();
 * r.decision().choice().why(); // "client: predicted 2.1× sooner than iterator, the next"
 * }</pre>
 *
 * <p>Each path runs with its own builder's defaults, sized to the cluster ({@link ClusterSize}):
 * the MapReduce engine in uber mode with one reducer for row subsets and one reducer per tablet
 * server for whole tables, the iterator engine with two scan threads per tablet server; on the two
 * tablet servers where the calibration was measured, those are the settings it measured. {@link
 * #iterator} and {@link #mapReduce} change them. C is created by the path that runs, as that path
 * needs it, so an existing C must suit the chosen path (see each engine's docs).
 */
public final class Multiply extends MultiplyBuilder<Multiply> {
  /**
   * What was decided before anything ran: the count (null where a path was named and nothing was
   * counted), the calibration, the path and why, the seconds deciding took (counting, the checks of
   * what can run, choosing), and the authorizations the count read with, which the path then reads
   * with (null where nothing was counted: the path resolves them).
   */
  public record Decision(
      ProductEstimate.Estimate estimate,
      Calibration calibration,
      Shape shape,
      PathChoice choice,
      double seconds,
      Authorizations reads) {
    /** The path that runs. */
    public ExecutionPath path() {
      return choice.path();
    }

    /** Every path's prediction or exclusion, one line each ({@link PathChoice#explain}). */
    public List<String> explain() {
      return choice.explain(calibration, shape);
    }
  }

  /**
   * The decision and the chosen path's result (the engine's own result, the others null). {@code
   * seconds} runs from the call, the estimate and creating C included, to C readable.
   */
  public record Result(
      Decision decision,
      long partialProducts,
      long entriesWritten,
      double seconds,
      ClientMultiply.Result client,
      TableMultResult iterator,
      MapReduceMultiply.Result mapReduce) {}

  private final Path clientPropertiesFile;
  private final Properties clientProperties;
  private ExecutionPath path = ExecutionPath.AUTO;
  private Calibration calibration;
  private Configuration hadoop;
  private AccumuloClient sharedClient;
  private Consumer<TableMult> iteratorSettings = mult -> {};
  private Consumer<MapReduceMultiply> mapReduceSettings = job -> {};
  private RunningMultiply running;

  private Multiply(Path file, Properties properties, String at, String b, String c) {
    super(at, b, c);
    this.clientPropertiesFile = file;
    this.clientProperties = properties;
  }

  @Override
  protected Multiply self() {
    return this;
  }

  /**
   * @param clientPropertiesFile Accumulo client properties, including the user's token (the
   *     MapReduce engine ships the file to its tasks)
   * @return the first of the table stages: {@code .transposeOf(AT).times(B).into(C)}
   * @throws IllegalArgumentException if the file cannot be read
   */
  public static TransposeOf<Into<Multiply>> on(Path clientPropertiesFile) {
    Properties p = readClientProperties(clientPropertiesFile);
    return tables(
        (at, b) ->
            c -> new Multiply(clientPropertiesFile, p, at, b, requireResult("into (C)", c, at, b)));
  }

  /**
   * @throws IllegalArgumentException naming the file, if it cannot be read
   */
  static Properties readClientProperties(Path file) {
    try {
      return Accumulo.newClientProperties().from(file).build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "cannot read client properties file " + file + ": " + e.getMessage(), e);
    }
  }

  /** {@link ExecutionPath#AUTO} (the default) or the path to run regardless of the prediction. */
  public Multiply path(ExecutionPath path) {
    this.path = Objects.requireNonNull(path);
    return this;
  }

  /** The cost lines to predict with; default {@link Calibration#installedOrShipped()}. */
  public Multiply calibration(Calibration calibration) {
    this.calibration = Objects.requireNonNull(calibration);
    return this;
  }

  /** The Hadoop configuration of the YARN cluster the MapReduce engine submits to. */
  public Multiply hadoop(Configuration conf) {
    this.hadoop = new Configuration(Objects.requireNonNull(conf));
    return this;
  }

  /** A client to reuse for the estimate and the paths that run here (default: one per run). */
  public Multiply client(AccumuloClient client) {
    this.sharedClient = Objects.requireNonNull(client);
    return this;
  }

  /** Changes to the iterator engine's builder when it runs (pre-sum, bulk files, …). */
  public Multiply iterator(Consumer<TableMult> settings) {
    this.iteratorSettings = Objects.requireNonNull(settings);
    return this;
  }

  /** Changes to the MapReduce engine's builder when it runs (reducers, pre-sum, …). */
  public Multiply mapReduce(Consumer<MapReduceMultiply> settings) {
    this.mapReduceSettings = Objects.requireNonNull(settings);
    return this;
  }

  /**
   * Counts the partial products and chooses, running nothing: {@link #decide(AccumuloClient,
   * PathChoice.Checking)} asking only the checks the choice needs.
   *
   * @throws IllegalArgumentException if the asked path cannot run, or auto finds no candidate
   */
  public Decision decide(AccumuloClient client) throws Exception {
    return decide(client, PathChoice.Checking.UNTIL_CHOSEN);
  }

  /**
   * Counts the partial products, asks which paths this caller can run (from the soonest predicted
   * on, or of every path) and chooses, running nothing.
   *
   * @throws IllegalArgumentException if the asked path cannot run, or auto finds no candidate
   */
  public Decision decide(AccumuloClient client, PathChoice.Checking checking) throws Exception {
    long begin = System.nanoTime();
    ResultState.checkTakeable(client, c, reuse());
    Authorizations reads = readAuthorizations(client);
    ProductEstimate.Estimate estimate = estimate(client, reads);
    Calibration lines = calibration == null ? Calibration.installedOrShipped() : calibration;
    PathChecks checks =
        new PathChecks(
            client,
            b,
            c,
            hadoop,
            estimate.partialProducts() + Math.max(0, estimate.margin()),
            reuse());
    Shape shape = Shape.of(rows);
    PathChoice choice = PathChoice.choose(path, lines, shape, estimate, checks, checking);
    return new Decision(estimate, lines, shape, choice, secondsSince(begin), reads);
  }

  /**
   * Runs: the path {@link #path} names without counting, or for {@link ExecutionPath#AUTO} the one
   * {@link #decide} chooses.
   */
  public Result run() throws Exception {
    return run(null);
  }

  /**
   * Starts {@link #run()} on a thread of its own and returns at once: the handle tells how far the
   * multiply is, waits for its result, and cancels it ({@link RunningMultiply#cancel}: the engine
   * stops at its next safe point, C is marked cancelled, staging is removed, a job is killed).
   */
  public RunningMultiply start() {
    RunningMultiply handle = new RunningMultiply(cancellation);
    running = handle;
    Thread thread =
        new Thread(
            () -> {
              try {
                handle.finished(run());
              } catch (Throwable e) {
                handle.failed(e);
              }
            },
            "multiply into " + c);
    thread.setDaemon(true);
    thread.start();
    return handle;
  }

  /**
   * Runs the path {@code decision} chose (null: as {@link #run()}), so that a caller that showed a
   * decision runs exactly that one without counting again. {@link Result#seconds} runs from this
   * call.
   */
  public Result run(Decision decision) throws Exception {
    long begin = System.nanoTime();
    try (AccumuloClient own =
        sharedClient == null ? Accumulo.newClient().from(clientProperties).build() : null) {
      AccumuloClient client = sharedClient == null ? own : sharedClient;
      if (decision == null && path != ExecutionPath.AUTO) {
        ResultState.checkTakeable(client, c, reuse());
      }
      Decision decided =
          decision != null ? decision : path == ExecutionPath.AUTO ? decide(client) : named();
      cancellation.throwIfRequested("the multiply, before " + decided.path() + " started");
      if (running != null) {
        running.running(decided.path());
      }
      try (ResultReplacement replacement = replacing(client)) {
        Result result = runPath(client, decided, begin);
        replacement.swapIn();
        return result;
      }
    }
  }

  /** The engine of the path that runs decides C's default splits, in its own builder. */
  @Override
  protected boolean splitsNewCByDefault() {
    return false;
  }

  /** Runs the path {@code decided} chose, into {@link #c}. */
  private Result runPath(AccumuloClient client, Decision decided, long begin) throws Exception {
    ExecutionPath chosen = decided.path();
    return switch (chosen.engine()) {
      case CLIENT -> {
        ClientMultiply.Result r = clientMultiply(client, decided.reads());
        yield new Result(
            decided, r.partialProducts(), r.entriesWritten(), secondsSince(begin), r, null, null);
      }
      case ITERATOR -> {
        TableMultResult r = tableMult(client, chosen.output(), decided.reads()).run();
        yield new Result(
            decided, r.partialProducts(), r.entriesWritten(), secondsSince(begin), null, r, null);
      }
      case MAPREDUCE -> {
        MapReduceMultiply.Result r = mapReduce(client, chosen, decided.reads()).run();
        yield new Result(
            decided, r.partialProducts(), r.entriesWritten(), secondsSince(begin), null, null, r);
      }
    };
  }

  /** The decision for a named path: nothing counted or predicted. */
  private Decision named() {
    return new Decision(
        null,
        calibration == null ? Calibration.installedOrShipped() : calibration,
        Shape.of(rows),
        new PathChoice(path, Map.of(), Map.of(), Set.of(), "asked for " + path),
        0,
        null);
  }

  private ClientMultiply.Result clientMultiply(AccumuloClient client, Authorizations reads)
      throws Exception {
    if (addToExisting) {
      throw new IllegalArgumentException(
          "path client: addToExisting is for the iterator paths; the client path writes a new,"
              + " empty C");
    }
    return ClientMultiply.multiply(
        client,
        Semirings.forName(semiring),
        at,
        b,
        c,
        rows,
        atColumns,
        bColumns,
        reads != null ? reads : readAuthorizations(client),
        cancellation);
  }

  private TableMult tableMult(AccumuloClient client, Output output, Authorizations reads) {
    TableMult mult = TableMult.on(clientProperties).transposeOf(at).times(b).into(c);
    copyRequestTo(mult, reads);
    mult.client(client).output(output);
    if (running != null) {
      mult.onProgress(p -> running.reported(p.partialProducts()));
    }
    iteratorSettings.accept(mult);
    return mult;
  }

  private MapReduceMultiply mapReduce(
      AccumuloClient client, ExecutionPath chosen, Authorizations reads) {
    if (hadoop == null) {
      throw new IllegalArgumentException(
          "path "
              + chosen
              + ": the MapReduce engine needs the YARN cluster's Hadoop configuration");
    }
    MapReduceMultiply job =
        MapReduceMultiply.on(hadoop, clientPropertiesFile).transposeOf(at).times(b).into(c);
    copyRequestTo(job, reads);
    job.uber(UberMode.AUTO)
        .reducers(rows.isAll() ? ClusterSize.wholeTableReducers(client) : 1)
        .output(chosen.output());
    mapReduceSettings.accept(job);
    return job;
  }

  private static double secondsSince(long nanoTime) {
    return (System.nanoTime() - nanoTime) / 1e9;
  }
}
