package outerproduct.multiply;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.hadoop.conf.Configuration;
import outerproduct.iterator.TableMult;
import outerproduct.kernel.accumulo.ProductEstimate;
import outerproduct.kernel.product.MultiplyBuilder;
import outerproduct.mr.MapReduceMultiply;
import outerproduct.mr.UberMode;

/**
 * C = ATᵀ ⊕.⊗ B on whichever engine finishes first: the builder counts the request's partial
 * products ({@link ProductEstimate}), predicts each engine's time from the cluster's {@link
 * Calibration} and runs the soonest, or the engine {@link #engine} names.
 *
 * <pre>{@code
 * Multiply.Result r = Multiply.on(clientPropertiesFile)
 *     .transposeOf("AT").times("B").into("C")
 *     .hadoop(yarnConfiguration)              // without it, only the iterator engine can run
 *     .rows("1,:,100,")
 *     .run();
 * r.decision().choice().why(); // "iterator: predicted 12× sooner; ..."
 * }</pre>
 *
 * <p>Each engine runs with its own builder's defaults (the MapReduce engine in uber mode for row
 * subsets, with one reducer, and two for whole tables), which are what the calibration measures;
 * {@link #iterator} and {@link #mapReduce} change them. C is created by the engine that runs, as
 * that engine needs it, so an existing C must suit the chosen engine (see each engine's docs).
 */
public final class Multiply extends MultiplyBuilder<Multiply> {
  /** Reducers of a whole-table MapReduce multiply unless {@link #mapReduce} says otherwise. */
  public static final int WHOLE_TABLE_REDUCERS = 2;

  /** What was decided before anything ran: the count, the calibration, the engine and why. */
  public record Decision(
      ProductEstimate.Estimate estimate, Calibration calibration, EngineChoice choice) {}

  /**
   * The decision and the chosen engine's result (the other is null). {@code seconds} runs from the
   * call, the estimate included, to C readable.
   */
  public record Result(
      Decision decision,
      long partialProducts,
      long entriesWritten,
      double seconds,
      TableMult.Result iterator,
      MapReduceMultiply.Result mapReduce) {}

  private final Path clientPropertiesFile;
  private final Properties clientProperties;
  private Engine engine = Engine.AUTO;
  private Calibration calibration;
  private Configuration hadoop;
  private AccumuloClient sharedClient;
  private Consumer<TableMult> iteratorSettings = mult -> {};
  private Consumer<MapReduceMultiply> mapReduceSettings = job -> {};

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
    Properties p;
    try {
      p = Accumulo.newClientProperties().from(clientPropertiesFile).build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "cannot read client properties file " + clientPropertiesFile + ": " + e.getMessage(), e);
    }
    return tables(
        (at, b) ->
            c -> new Multiply(clientPropertiesFile, p, at, b, requireResult("into (C)", c, at, b)));
  }

  /** {@link Engine#AUTO} (the default) or the engine to run regardless of the prediction. */
  public Multiply engine(Engine engine) {
    this.engine = Objects.requireNonNull(engine);
    return this;
  }

  /** The cost lines to predict with; default {@link Calibration#shipped()}. */
  public Multiply calibration(Calibration calibration) {
    this.calibration = Objects.requireNonNull(calibration);
    return this;
  }

  /** The Hadoop configuration of the YARN cluster the MapReduce engine submits to. */
  public Multiply hadoop(Configuration conf) {
    this.hadoop = new Configuration(Objects.requireNonNull(conf));
    return this;
  }

  /** A client to reuse for the estimate and the iterator engine (default: one per run). */
  public Multiply client(AccumuloClient client) {
    this.sharedClient = Objects.requireNonNull(client);
    return this;
  }

  /** Changes to the iterator engine's builder when it runs (pre-sum, monitoring, …). */
  public Multiply iterator(Consumer<TableMult> settings) {
    this.iteratorSettings = Objects.requireNonNull(settings);
    return this;
  }

  /** Changes to the MapReduce engine's builder when it runs (reducers, output, …). */
  public Multiply mapReduce(Consumer<MapReduceMultiply> settings) {
    this.mapReduceSettings = Objects.requireNonNull(settings);
    return this;
  }

  /** The engines this builder can run: MapReduce only with a Hadoop configuration. */
  public Set<Engine> available() {
    return hadoop == null ? EnumSet.of(Engine.ITERATOR) : EnumSet.of(Engine.ITERATOR, Engine.MR);
  }

  /**
   * Counts the partial products and chooses the engine, running nothing.
   *
   * @throws IllegalArgumentException if the asked engine is not available, or auto finds no
   *     calibrated engine
   */
  public Decision decide(AccumuloClient client) throws Exception {
    ProductEstimate.Estimate estimate = estimate(client);
    Calibration lines = calibration == null ? Calibration.shipped() : calibration;
    EngineChoice choice =
        EngineChoice.choose(engine, lines, Shape.of(rows), estimate.partialProducts(), available());
    return new Decision(estimate, lines, choice);
  }

  /** Decides, then runs the chosen engine. */
  public Result run() throws Exception {
    return run(null);
  }

  /**
   * Runs the engine {@code decision} chose (null: decides first), so that a caller that showed a
   * decision runs exactly that one without counting again. {@link Result#seconds} runs from this
   * call.
   */
  public Result run(Decision decision) throws Exception {
    long begin = System.nanoTime();
    try (AccumuloClient own =
        sharedClient == null ? Accumulo.newClient().from(clientProperties).build() : null) {
      AccumuloClient client = sharedClient == null ? own : sharedClient;
      Decision decided = decision == null ? decide(client) : decision;
      if (decided.choice().engine() == Engine.MR) {
        MapReduceMultiply.Result r = mapReduce().run();
        return new Result(
            decided, r.partialProducts(), r.entriesWritten(), secondsSince(begin), null, r);
      }
      TableMult.Result r = tableMult(client).run();
      return new Result(
          decided, r.partialProducts(), r.entriesWritten(), secondsSince(begin), r, null);
    }
  }

  private TableMult tableMult(AccumuloClient client) {
    TableMult mult = TableMult.on(clientProperties).transposeOf(at).times(b).into(c);
    copyRequestTo(mult);
    mult.client(client);
    iteratorSettings.accept(mult);
    return mult;
  }

  private MapReduceMultiply mapReduce() {
    MapReduceMultiply job =
        MapReduceMultiply.on(hadoop, clientPropertiesFile).transposeOf(at).times(b).into(c);
    copyRequestTo(job);
    job.uber(UberMode.AUTO).reducers(rows.isAll() ? WHOLE_TABLE_REDUCERS : 1);
    mapReduceSettings.accept(job);
    return job;
  }

  private static double secondsSince(long nanoTime) {
    return (System.nanoTime() - nanoTime) / 1e9;
  }
}
