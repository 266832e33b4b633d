package outerproduct.compare.engine;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.hadoop.io.Text;
import outerproduct.iterator.ResultTables;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.accumulo.ResultSplits;
import outerproduct.kernel.accumulo.ServerCode;
import outerproduct.kernel.cli.Choice;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.product.MultiplyBuilder;
import outerproduct.kernel.product.WindowSize;
import outerproduct.mr.MapReduceMultiply;
import outerproduct.mr.UberMode;
import outerproduct.multiply.Calibration;
import outerproduct.multiply.ExecutionPath;

/**
 * What the harness can run on the same inputs: every {@link ExecutionPath} under its own name (run
 * through the one entry point, {@link EngineRuns}), {@code auto} (the entry point's own choice),
 * and two benchmarks no user request runs: the ingest ceiling (the write path alone) and the
 * MapReduce engine's bulk output as first built (the baseline its tuning is measured against).
 */
public enum Engine implements Choice {
  CLIENT(ExecutionPath.CLIENT),
  ITERATOR(ExecutionPath.ITERATOR),
  ITERATOR_BULK(ExecutionPath.ITERATOR_BULK),
  MR(ExecutionPath.MR),
  MR_BULK(ExecutionPath.MR_BULK),
  /**
   * The ingest ceiling (docs/format.md): the iterator engine's write path (same RemoteWriteIterator
   * and settings, inside the tablet servers) replaying this multiply's partial products from a
   * products table. Its time excludes writing that table; its C must equal the oracle's too.
   */
  INGEST_CEILING(null, ExecutionPath.ITERATOR),
  /**
   * The MapReduce engine's bulk output untuned ({@link MapReduceMultiply#untuned()}: no pre-sum
   * window, Hadoop's defaults for the map output), so that its tuning is judged against the same
   * job in the same run.
   */
  MR_BULK_BASELINE(null, ExecutionPath.MR_BULK),
  /**
   * The one entry point's choice among every path ({@link AutoEngine}): {@code Multiply.run()}
   * itself, which creates the C of the path it chose.
   */
  AUTO(ExecutionPath.AUTO),
  /**
   * The iterator path answering the caller ({@link outerproduct.multiply.MultiplyAnswer}): C's
   * cells returned through the scan of B, no result table (docs/answers.md). Requests only.
   */
  ITERATOR_ANSWER(ExecutionPath.ITERATOR, true),
  /** The client path answering the caller: its sums handed back, no result table. */
  CLIENT_ANSWER(ExecutionPath.CLIENT, true),
  /** The one entry point's choice among the paths that answer the caller. */
  AUTO_ANSWER(ExecutionPath.AUTO, true),
  /**
   * The 2-hop neighbourhood as a request of its own ({@link outerproduct.multiply.TwoHop}, as it
   * chooses: the second hop in the tablet servers when they can): rows S of the graph, then their
   * neighbours' rows. No execution path: the two-hop workload only.
   */
  TWO_HOP(null, ExecutionPath.ITERATOR, true),
  /** The same request with its second hop formed in the client, as the client path would. */
  TWO_HOP_CLIENT(null, ExecutionPath.CLIENT, true);

  private final ExecutionPath path;

  /** The path whose engine does the work: {@link #path} itself, or the benchmark's. */
  private final ExecutionPath runs;

  /** Whether C goes back to the caller instead of into a table. */
  private final boolean answersCaller;

  Engine(ExecutionPath path) {
    this(path, path, false);
  }

  Engine(ExecutionPath path, boolean answersCaller) {
    this(path, path, answersCaller);
  }

  Engine(ExecutionPath path, ExecutionPath runs) {
    this(path, runs, false);
  }

  Engine(ExecutionPath path, ExecutionPath runs, boolean answersCaller) {
    this.path = path;
    this.runs = runs;
    this.answersCaller = answersCaller;
  }

  /**
   * Whether this engine hands C to the caller ({@link #answer}) instead of writing a table: the
   * request answered, not a table made readable.
   */
  public boolean answersCaller() {
    return answersCaller;
  }

  /** Whether the engine labelled {@code label} answers the caller. */
  public static boolean answersCaller(String label) {
    for (Engine e : values()) {
      if (e.label().equals(label)) {
        return e.answersCaller;
      }
    }
    return false;
  }

  /** A benchmark beside the paths (a bound or a baseline): never ranked among them. */
  public boolean isBenchmark() {
    return this == INGEST_CEILING || this == MR_BULK_BASELINE;
  }

  /** Whether the engine labelled {@code label} is a benchmark (records name engines by label). */
  public static boolean isBenchmark(String label) {
    return label.equals(INGEST_CEILING.label()) || label.equals(MR_BULK_BASELINE.label());
  }

  /** The path this engine runs; empty for the ingest ceiling, which is no path a request takes. */
  public Optional<ExecutionPath> path() {
    return Optional.ofNullable(path);
  }

  /** The harness's engine that runs {@code path} under its own name, into a table. */
  public static Engine of(ExecutionPath path) {
    for (Engine e : values()) {
      if (e.path == path && !e.answersCaller) {
        return e;
      }
    }
    throw new IllegalArgumentException("no engine runs path " + path);
  }

  /** Whether the MapReduce engine may run: a path of it, or auto, which may choose one. */
  public boolean needsYarn() {
    if (answersCaller) {
      return false;
    }
    return runs == ExecutionPath.AUTO || runs.engine() == ExecutionPath.Engine.MAPREDUCE;
  }

  /**
   * Engine knobs the harness sets: pre-sum window (iterator engine, products per tablet; 0 = off),
   * split points of a new C (the client path creates its C itself and ignores them), C's durability
   * (iterator engine; an explicit, reported choice), and the MapReduce job's reducers, uber mode,
   * extra job settings and pre-sum cells per map task; bulk files' compression (null: as C's
   * compactions); the calibration {@code auto} predicts with.
   */
  public record Settings(
      long presum,
      SortedSet<Text> resultSplits,
      String resultDurability,
      int mrReducers,
      UberMode mrUber,
      Map<String, String> mrConf,
      long mrPresum,
      String bulkCompression,
      Calibration calibration) {

    public Settings {
      Objects.requireNonNull(calibration, "calibration");
      Objects.requireNonNull(mrUber, "mrUber (UberMode.AUTO: uber for row subsets)");
    }

    /** The iterator engine's settings with the MapReduce engine's defaults. */
    public Settings(long presum, SortedSet<Text> resultSplits, String resultDurability) {
      this(
          presum,
          resultSplits,
          resultDurability,
          1,
          UberMode.AUTO,
          Map.of(),
          MapReduceMultiply.DEFAULT_PRESUM,
          null,
          Calibration.shipped());
    }

    /**
     * C's split rows for a new C of a request over {@code rows}: those asked ({@code --tablets-c
     * N}), else the ones the product gives a C its request names none ({@link
     * ResultSplits#byDefault}).
     */
    /** Gives {@code multiply} the split rows asked for; with none, the product's own default. */
    <B extends MultiplyBuilder<B>> B splitsAsked(B multiply) {
      return resultSplits == null ? multiply : multiply.cSplits(resultSplits);
    }

    SortedSet<Text> resultSplitsFor(AccumuloClient client, String at, RowRanges rows) {
      return resultSplits != null ? resultSplits : ResultSplits.byDefault(client, at, null, rows);
    }

    /** Sets C's {@code table.durability} when one was chosen (null: the table default). */
    void applyDurability(AccumuloClient client, String c) throws Exception {
      if (resultDurability != null) {
        client.tableOperations().setProperty(c, "table.durability", resultDurability);
      }
    }
  }

  /**
   * What every engine reports. {@code seconds} runs from the engine's start (C already created) to
   * C readable; {@code prepareSeconds} is the creating of C before it (or the wait for a C prepared
   * ahead, {@link outerproduct.kernel.accumulo.PreparedTables}), so a request's latency, what an
   * analyst waits, is their sum ({@link #requestSeconds}). {@code info} holds engine-specific,
   * informational fields for the report (job id, task counts, client-side phases, …).
   */
  public record Run(
      long partialProducts,
      long entriesWritten,
      double seconds,
      double prepareSeconds,
      Map<String, Object> info) {
    /** From the call, creating C included, to C readable. */
    public double requestSeconds() {
      return prepareSeconds + seconds;
    }

    /** This run, after {@code seconds} of creating C or waiting for a prepared one. */
    public Run afterPreparing(double seconds) {
      return new Run(partialProducts, entriesWritten, this.seconds, seconds, info);
    }
  }

  /**
   * Whether an unrecorded warm-up multiply warms this engine for the runs that follow: true where
   * its code runs in JVMs that stay up (the tablet servers, this client). A MapReduce job starts a
   * new ApplicationMaster and new task JVMs every time, so a warm-up is paid, not kept (SCALE 10:
   * 21.2 s for the warm-up against 19.5 s for the recorded run after it). {@code auto} is not
   * warmed either: it may choose MapReduce, and run after the other engines (put it last) it finds
   * the tablet servers warm.
   */
  public boolean keepsWarm() {
    return runs != ExecutionPath.AUTO && runs.engine() != ExecutionPath.Engine.MAPREDUCE;
  }

  /**
   * Bulk output's window: the pre-sum setting when it names a number of products, else sized by the
   * tablet servers ({@link WindowSize#AUTO}; a window is never off: it is how the files get
   * sorted).
   */
  public static long bulkWindow(Settings settings) {
    return settings.presum() > 0 ? settings.presum() : WindowSize.AUTO;
  }

  /**
   * Whether {@link #createResult} can make C before the request (all but {@code auto} and the
   * engines that answer the caller, which have no C).
   */
  public boolean preparesResultAhead() {
    return this != AUTO && !answersCaller;
  }

  @Override
  public String label() {
    if (path != null) {
      return answersCaller ? path.label() + "-answer" : path.label();
    }
    if (isTwoHop()) {
      return this == TWO_HOP ? "two-hop" : "two-hop-client";
    }
    return this == INGEST_CEILING ? "ingest-ceiling" : runs.label() + "-baseline";
  }

  /** Whether this asks for 2-hop neighbourhoods (the two-hop workload only), not a multiply. */
  public boolean isTwoHop() {
    return this == TWO_HOP || this == TWO_HOP_CLIENT;
  }

  /** The label, so that logs name engines as users type them. */
  @Override
  public String toString() {
    return label();
  }

  /**
   * Multiplies into {@code c}: a C {@link #createResult} prepared, or, where none exists, the one
   * the path creates inside its own time; {@link Run#prepareSeconds} is 0 (see {@link
   * #createAndMultiply}).
   */
  public Run multiply(Operands on, String c, RowRanges rows) throws Exception {
    if (this == INGEST_CEILING) {
      return EngineRuns.ingestCeiling(on, c, rows);
    }
    if (this == MR_BULK_BASELINE) {
      return EngineRuns.untuned(on, c, rows);
    }
    if (this == AUTO) {
      throw new UnsupportedOperationException(
          "auto creates C after its choice: use createAndMultiply");
    }
    if (answersCaller) {
      throw new UnsupportedOperationException(label() + " writes no table: use answer");
    }
    return EngineRuns.path(path, on, c, rows);
  }

  /**
   * Creates C as this engine needs it: the iterator engine's with its ⊕ combiner, the others plain
   * (the server-side paths' with C's split points), for a C prepared ahead of the requests ({@code
   * --prepared-c}) or given a durability ({@link #createAndMultiply}).
   */
  public void createResult(Operands on, String c, RowRanges rows) throws Exception {
    if (this == AUTO || answersCaller) {
      throw new UnsupportedOperationException(label() + " has no C prepared ahead");
    }
    AccumuloClient client = on.target().client();
    Settings settings = on.settings();
    ExecutionPath.Engine kind = runs.engine();
    switch (kind) {
      case ITERATOR -> {
        ResultTables.prepare(
            client,
            c,
            on.semiring().name(),
            settings.resultSplitsFor(client, on.at(), rows),
            false,
            ServerCode.contextOf(client, on.b()));
        settings.applyDurability(client, c);
      }
      case MAPREDUCE -> {
        NewTableConfiguration cConfig = FileCompression.newTable();
        SortedSet<Text> splits = settings.resultSplitsFor(client, on.at(), rows);
        if (!splits.isEmpty()) {
          cConfig.withSplits(splits);
        }
        client.tableOperations().create(c, cConfig);
      }
      // the client path writes each cell of C once, already summed
      case CLIENT -> client.tableOperations().create(c, FileCompression.newTable());
    }
  }

  /**
   * A request that does not find its C prepared: the path creates the C it needs inside its own
   * time, as a user's {@code scripts/multiply --path} does and as {@code auto}'s chosen path does,
   * so that their request times compare like with like. Only a C durability the harness was asked
   * for ({@link Settings#resultDurability}, which no path sets) makes the harness create the
   * iterator engine's C first, its time in {@link Run#prepareSeconds}.
   */
  public Run createAndMultiply(Operands on, String c, RowRanges rows) throws Exception {
    if (this == AUTO) {
      return AutoEngine.createAndMultiply(on, c, rows);
    }
    if (answersCaller) {
      throw new UnsupportedOperationException(label() + " writes no table: use answer");
    }
    boolean durability = on.settings().resultDurability() != null;
    if (!durability || runs.engine() != ExecutionPath.Engine.ITERATOR) {
      return multiply(on, c, rows);
    }
    long begin = System.nanoTime();
    createResult(on, c, rows);
    double prepareSeconds = (System.nanoTime() - begin) / 1e9;
    return multiply(on, c, rows).afterPreparing(prepareSeconds);
  }

  /**
   * What an engine that answers the caller gave: its run (nothing written, no C to prepare) and the
   * answer's checksum and cell count, computed from the cells as {@link
   * outerproduct.kernel.accumulo.TableChecksum} computes them from a table.
   */
  public record Answered(Run run, String checksum, long cells) {}

  /**
   * Asks for C's cells of {@code rows} and (null: all) AT's columns {@code atColumns} ({@link
   * #answersCaller} engines only): {@code auto-answer} chooses among the paths that answer, the
   * others run their path by name; {@code two-hop} and {@code two-hop-client} ask for the 2-hop
   * neighbourhood of the vertices {@code atColumns} names in the graph B (its rows are all).
   */
  public Answered answer(Operands on, RowRanges rows, ColumnFilter atColumns) throws Exception {
    if (!answersCaller) {
      throw new UnsupportedOperationException(label() + " writes a table: use multiply");
    }
    if (isTwoHop()) {
      if (atColumns == null || !rows.isAll()) {
        throw new IllegalArgumentException(label() + " asks for vertices of the whole graph");
      }
      return EngineRuns.twoHop(on, atColumns.columns(), this == TWO_HOP_CLIENT);
    }
    return EngineRuns.answer(path, on, rows, atColumns);
  }
}
