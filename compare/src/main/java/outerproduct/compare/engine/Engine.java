package outerproduct.compare.engine;

import java.util.Map;
import java.util.Objects;
import java.util.SortedSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.hadoop.io.Text;
import outerproduct.iterator.OutputMode;
import outerproduct.iterator.ResultTables;
import outerproduct.iterator.TableMult;
import outerproduct.kernel.cli.Choice;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.mr.MapReduceMultiply;
import outerproduct.mr.UberMode;
import outerproduct.multiply.Calibration;

/** The engines the harness can run on the same inputs, by the names docs/format.md gives them. */
public enum Engine implements Choice {
  ITERATOR("iterator") {
    @Override
    public Run multiply(
        Target target,
        Semiring<?> semiring,
        String at,
        String b,
        String c,
        RowRanges rows,
        Settings settings)
        throws Exception {
      return EngineRuns.iterator(
          target, semiring, at, b, c, rows, settings, OutputMode.BATCH_WRITER);
    }

    @Override
    public void createResult(Target target, Semiring<?> semiring, String c, Settings settings)
        throws Exception {
      ResultTables.prepare(target.client(), c, semiring.name(), settings.resultSplits(), false);
      settings.applyDurability(target.client(), c);
    }
  },
  /**
   * The iterator engine writing C through files its tablet servers stage, imported into C once
   * every tablet is done ({@link OutputMode#BULK}); C is the iterator engine's kind.
   */
  ITERATOR_BULK("iterator-bulk") {
    @Override
    public Run multiply(
        Target target,
        Semiring<?> semiring,
        String at,
        String b,
        String c,
        RowRanges rows,
        Settings settings)
        throws Exception {
      return EngineRuns.iterator(target, semiring, at, b, c, rows, settings, OutputMode.BULK);
    }

    @Override
    public void createResult(Target target, Semiring<?> semiring, String c, Settings settings)
        throws Exception {
      ITERATOR.createResult(target, semiring, c, settings);
    }
  },
  /**
   * The ingest ceiling (docs/format.md): the iterator engine's write path (same RemoteWriteIterator
   * and settings, inside the tablet servers) replaying this multiply's partial products from a
   * products table. Its time excludes writing that table; its C must equal the oracle's too.
   */
  INGEST_CEILING("ingest-ceiling") {
    @Override
    public Run multiply(
        Target target,
        Semiring<?> semiring,
        String at,
        String b,
        String c,
        RowRanges rows,
        Settings settings)
        throws Exception {
      AccumuloClient client = target.client();
      if (!rows.isAll()) {
        throw new IllegalArgumentException("ingest-ceiling replays whole-table products only");
      }
      String products = "P_" + c;
      ProductsTable.write(client, target.volumes().get(), semiring, at, b, products);
      TableMult.Result r =
          TableMult.on(target.clientProperties())
              .transposeOf(at)
              .times(b)
              .into(c)
              .semiring(semiring.name())
              .presum(settings.presum())
              .replayProducts(products);
      client.tableOperations().delete(products);
      return new Run(r.partialProducts(), r.entriesWritten(), r.seconds(), 0, Map.of());
    }

    @Override
    public void createResult(Target target, Semiring<?> semiring, String c, Settings settings)
        throws Exception {
      ITERATOR.createResult(target, semiring, c, settings);
    }
  },
  CLIENT("client") {
    @Override
    public Run multiply(
        Target target,
        Semiring<?> semiring,
        String at,
        String b,
        String c,
        RowRanges rows,
        Settings settings)
        throws Exception {
      AccumuloClient client = target.client();
      ClientEngine.Result r =
          ClientEngine.multiply(
              client,
              semiring,
              at,
              b,
              c,
              rows,
              client.securityOperations().getUserAuthorizations(client.whoami()));
      return new Run(r.partialProducts(), r.entriesWritten(), r.seconds(), 0, Map.of());
    }

    /** A plain table: the baseline writes each cell of C once, already summed. */
    @Override
    public void createResult(Target target, Semiring<?> semiring, String c, Settings settings)
        throws Exception {
      target.client().tableOperations().create(c);
    }
  },
  /** The MapReduce job on the target's YARN cluster ({@link EngineRuns#mapReduce}). */
  MR("mr") {
    @Override
    public Run multiply(
        Target target,
        Semiring<?> semiring,
        String at,
        String b,
        String c,
        RowRanges rows,
        Settings settings)
        throws Exception {
      return EngineRuns.mapReduce(target, semiring, at, b, c, rows, settings);
    }

    /** A plain table with C's split points; the job's reducers write each cell once. */
    @Override
    public void createResult(Target target, Semiring<?> semiring, String c, Settings settings)
        throws Exception {
      NewTableConfiguration cConfig = new NewTableConfiguration();
      if (!settings.resultSplits().isEmpty()) {
        cConfig.withSplits(settings.resultSplits());
      }
      target.client().tableOperations().create(c, cConfig);
    }
  },

  /**
   * The one entry point's choice ({@link AutoEngine}): iterator or MapReduce, whichever the
   * estimate and the calibration predict finishes first, run as the harness runs that engine.
   */
  AUTO("auto") {
    @Override
    public Run multiply(
        Target target,
        Semiring<?> semiring,
        String at,
        String b,
        String c,
        RowRanges rows,
        Settings settings) {
      throw new UnsupportedOperationException(
          "auto creates C after its choice: use createAndMultiply");
    }

    @Override
    public Run createAndMultiply(
        Target target,
        Semiring<?> semiring,
        String at,
        String b,
        String c,
        RowRanges rows,
        Settings settings)
        throws Exception {
      return AutoEngine.createAndMultiply(target, semiring, at, b, c, rows, settings);
    }

    @Override
    public void createResult(Target target, Semiring<?> semiring, String c, Settings settings) {
      throw new UnsupportedOperationException("auto's C depends on its choice; none is prepared");
    }

    @Override
    public boolean preparesResultAhead() {
      return false;
    }
  };

  /**
   * Engine knobs the harness sets: pre-sum window (iterator engine, products per tablet; 0 = off),
   * split points of a new C (the client baseline creates its C itself and ignores them), C's
   * durability (iterator engine; an explicit, reported choice), and the MapReduce job's reducers,
   * output, uber mode, extra job settings and pre-sum cells per map task; iterator-bulk's file
   * compression (null: as C's compactions); the calibration {@code auto} predicts with.
   */
  public record Settings(
      long presum,
      SortedSet<Text> resultSplits,
      String resultDurability,
      int mrReducers,
      MapReduceMultiply.Output mrOutput,
      UberMode mrUber,
      Map<String, String> mrConf,
      long mrPresum,
      String bulkCompression,
      Calibration calibration) {

    public Settings {
      Objects.requireNonNull(calibration, "calibration");
      Objects.requireNonNull(mrOutput, "mrOutput");
      Objects.requireNonNull(mrUber, "mrUber (UberMode.AUTO: uber for row subsets)");
    }

    /** The iterator engine's settings with the MapReduce engine's defaults. */
    public Settings(long presum, SortedSet<Text> resultSplits, String resultDurability) {
      this(
          presum,
          resultSplits,
          resultDurability,
          1,
          MapReduceMultiply.Output.BATCH_WRITER,
          UberMode.AUTO,
          Map.of(),
          MapReduceMultiply.DEFAULT_PRESUM,
          null,
          Calibration.shipped());
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
    return this != MR && this != AUTO;
  }

  /**
   * Bulk output's window: the pre-sum setting when it names a number of products, else TableMult's
   * default (a window is never off: it is how the files get sorted).
   */
  public static long bulkWindow(Settings settings) {
    return settings.presum() > 0 ? settings.presum() : TableMult.DEFAULT_WINDOW;
  }

  /** Whether {@link #createResult} can make C before the request (all but {@code auto}). */
  public boolean preparesResultAhead() {
    return true;
  }

  private final String name;

  Engine(String name) {
    this.name = name;
  }

  @Override
  public String label() {
    return name;
  }

  /** The label, so that logs name engines as users type them. */
  @Override
  public String toString() {
    return name;
  }

  /**
   * Multiplies into {@code c}, which {@link #createResult} created; {@link Run#prepareSeconds} is 0
   * (see {@link #createAndMultiply}).
   */
  public abstract Run multiply(
      Target target,
      Semiring<?> semiring,
      String at,
      String b,
      String c,
      RowRanges rows,
      Settings settings)
      throws Exception;

  /**
   * Creates C as this engine needs it: the iterator engine's with its ⊕ combiner, the others plain.
   * The harness does it before the engine's clock starts, per request or ahead of the requests.
   */
  public abstract void createResult(
      Target target, Semiring<?> semiring, String c, Settings settings) throws Exception;

  /** Creates C, then multiplies: a request that does not find its C prepared. */
  public Run createAndMultiply(
      Target target,
      Semiring<?> semiring,
      String at,
      String b,
      String c,
      RowRanges rows,
      Settings settings)
      throws Exception {
    long begin = System.nanoTime();
    createResult(target, semiring, c, settings);
    double prepareSeconds = secondsSince(begin);
    return multiply(target, semiring, at, b, c, rows, settings).afterPreparing(prepareSeconds);
  }

  private static double secondsSince(long nanoTime) {
    return (System.nanoTime() - nanoTime) / 1e9;
  }
}
