package outerproduct.multiply;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.Authorizations;
import outerproduct.iterator.IteratorAnswer;
import outerproduct.iterator.ProductStack;
import outerproduct.kernel.accumulo.ProductEstimate;
import outerproduct.kernel.answer.Answer;
import outerproduct.kernel.product.Cancellation;
import outerproduct.kernel.product.MultiplyBuilder;
import outerproduct.kernel.semiring.Semirings;

/**
 * C = ATᵀ ⊕.⊗ B handed to the caller, with no result table: on whichever of the paths that can
 * answer this way ({@link #ANSWERING}) the estimate and the calibration say finishes first, or the
 * one {@link #path} names. The client path returns what it summed; the iterator engine's tablet
 * servers pre-sum their products and return them through the scan ({@link IteratorAnswer}).
 *
 * <pre>{@code
 * MultiplyAnswer.Result r = MultiplyAnswer.on(clientPropertiesFile)
 *     .transposeOf("AT").times("B").rows("1,:,100,").run();
 * r.answer().cells().forEachRemaining(cell -> ...);
 * }</pre>
 *
 * <p>The caller holds C, so a request is bounded: {@link #maxCells} (default {@link
 * Answer#DEFAULT_MAX_CELLS}) cells. One whose estimated partial products (at least as many as C's
 * cells) pass it is refused before anything runs, and one that receives more fails at that point.
 *
 * <p>The prediction uses each path's calibration line for answering the caller ({@link
 * Calibration#forAnswers}); a calibration without them (older than those lines) has each path's
 * line writing C into a table, which overstates both paths (an answer creates and writes no table),
 * and the choice takes the one they put first. Visibility labels are those the cells would carry in
 * C, and the scans read with the caller's authorizations, as for a table.
 */
public final class MultiplyAnswer extends MultiplyBuilder<MultiplyAnswer> {
  /** The paths that can answer the caller. */
  public static final Set<ExecutionPath> ANSWERING =
      EnumSet.of(ExecutionPath.CLIENT, ExecutionPath.ITERATOR);

  private static final String WRITES_TABLES = "writes C into a table; it cannot answer the caller";

  /**
   * The decision, the answer, and the seconds from the call to the answer's runs in hand; handing
   * out its cells ({@link Answer#cells()}) decodes and merges them, after that.
   */
  public record Result(Multiply.Decision decision, Answer answer, double seconds) {}

  private final Properties clientProperties;
  private ExecutionPath path = ExecutionPath.AUTO;
  private Calibration calibration;
  private AccumuloClient sharedClient;
  private long maxCells = Answer.DEFAULT_MAX_CELLS;
  private Consumer<IteratorAnswer> iteratorSettings = answer -> {};

  private MultiplyAnswer(Properties clientProperties, String at, String b) {
    super(at, b, null);
    this.clientProperties = clientProperties;
  }

  @Override
  protected MultiplyAnswer self() {
    return this;
  }

  /**
   * @param clientPropertiesFile Accumulo client properties, including the user's token
   * @return the table stages: {@code .transposeOf(AT).times(B)}
   * @throws IllegalArgumentException if the file cannot be read
   */
  public static TransposeOf<MultiplyAnswer> on(Path clientPropertiesFile) {
    Properties p = Multiply.readClientProperties(clientPropertiesFile);
    return tables((at, b) -> new MultiplyAnswer(p, at, b));
  }

  /** {@link ExecutionPath#AUTO} (the default), or one of {@link #ANSWERING}. */
  public MultiplyAnswer path(ExecutionPath path) {
    this.path = Objects.requireNonNull(path);
    return this;
  }

  /** The cost lines to predict with; default {@link Calibration#installedOrShipped()}. */
  public MultiplyAnswer calibration(Calibration calibration) {
    this.calibration = Objects.requireNonNull(calibration);
    return this;
  }

  /** A client to reuse (default: one per run). */
  public MultiplyAnswer client(AccumuloClient client) {
    this.sharedClient = Objects.requireNonNull(client);
    return this;
  }

  /** The cells the caller may hold; default {@link Answer#DEFAULT_MAX_CELLS}. */
  public MultiplyAnswer maxCells(long cells) {
    if (cells < 1) {
      throw new IllegalArgumentException("maxCells must be at least 1, got " + cells);
    }
    this.maxCells = cells;
    return this;
  }

  /** Changes to the iterator engine's builder when it answers (scan threads, window). */
  public MultiplyAnswer iterator(Consumer<IteratorAnswer> settings) {
    this.iteratorSettings = Objects.requireNonNull(settings);
    return this;
  }

  /**
   * Counts the partial products and chooses among {@link #ANSWERING}, running nothing.
   *
   * @throws IllegalArgumentException if the asked path cannot answer here, or none can
   * @throws IllegalStateException if the estimate passes the bound
   */
  public Multiply.Decision decide(AccumuloClient client, PathChoice.Checking checking)
      throws Exception {
    long begin = System.nanoTime();
    return decide(client, checking, readAuthorizations(client), begin);
  }

  private Multiply.Decision decide(
      AccumuloClient client, PathChoice.Checking checking, Authorizations reads, long begin)
      throws Exception {
    ProductEstimate.Estimate estimate = estimate(client, reads);
    if (estimate.partialProducts() > maxCells) {
      throw Answer.overBound(
          "up to " + estimate.partialProducts() + " cells (its partial products, estimated)",
          maxCells);
    }
    Calibration lines = calibration == null ? Calibration.installedOrShipped() : calibration;
    Shape shape = Shape.of(rows);
    long products = estimate.partialProducts();
    // Only the answering paths' lines compete, each's answer line where measured; the others
    // are shown excluded for what they are.
    Calibration answering = lines.forAnswers(ANSWERING);
    PathChoice chosen =
        PathChoice.choose(
            path, answering, shape, estimate, p -> whyNot(client, p, products), checking);
    Map<ExecutionPath, String> excluded = new EnumMap<>(chosen.excluded());
    for (ExecutionPath p : ExecutionPath.runnable()) {
      if (!ANSWERING.contains(p)) {
        excluded.put(p, WRITES_TABLES);
      }
    }
    PathChoice choice =
        new PathChoice(
            chosen.path(), chosen.predictedSeconds(), excluded, chosen.unchecked(), chosen.why());
    return new Multiply.Decision(
        estimate, answering, shape, choice, (System.nanoTime() - begin) / 1e9, reads);
  }

  private Optional<String> whyNot(AccumuloClient client, ExecutionPath p, long products)
      throws Exception {
    if (!ANSWERING.contains(p)) {
      return Optional.of(WRITES_TABLES);
    }
    if (p == ExecutionPath.ITERATOR) {
      return ProductStack.missingServerCode(client, b);
    }
    return products > ClientMultiply.cellBudget()
        ? Optional.of(
            String.format(
                Locale.ROOT,
                "C may hold %d cells, past the %d this JVM holds in memory",
                products,
                ClientMultiply.cellBudget()))
        : Optional.empty();
  }

  /** Decides as {@link #decide} (only the checks the choice needs) and runs the chosen path. */
  public Result run() throws Exception {
    return run(null);
  }

  /**
   * Runs the path {@code decision} chose (null: decide first). Deciding a request for a few single
   * rows, auto starts the client path's answer beside its estimate ({@link ClientHeadStart}) and
   * keeps it when the decision is the client path.
   */
  public Result run(Multiply.Decision decision) throws Exception {
    long begin = System.nanoTime();
    try (AccumuloClient own =
        sharedClient == null ? Accumulo.newClient().from(clientProperties).build() : null) {
      AccumuloClient client = sharedClient == null ? own : sharedClient;
      if (decision == null && path == ExecutionPath.AUTO && ClientHeadStart.worthIt(rows)) {
        return runWithHeadStart(client, begin);
      }
      Multiply.Decision decided =
          decision != null ? decision : decide(client, PathChoice.Checking.UNTIL_CHOSEN);
      cancellation.throwIfRequested("the answer, before " + decided.path() + " started");
      Answer answer =
          decided.path() == ExecutionPath.CLIENT
              ? clientAnswer(client, reads(client, decided), cancellation)
              : iteratorAnswer(client, decided.reads()).run();
      return new Result(decided, answer, (System.nanoTime() - begin) / 1e9);
    }
  }

  private Result runWithHeadStart(AccumuloClient client, long begin) throws Exception {
    long deciding = System.nanoTime();
    Authorizations reads = readAuthorizations(client);
    try (ClientHeadStart early =
        ClientHeadStart.start(
            cancellation,
            own -> ClientHeadStart.unchecked(() -> clientAnswer(client, reads, own)))) {
      Multiply.Decision decided;
      try {
        decided = decide(client, PathChoice.Checking.UNTIL_CHOSEN, reads, deciding);
      } catch (Exception | Error e) {
        early.drop();
        throw e;
      }
      if (decided.path() == ExecutionPath.CLIENT) {
        return new Result(decided, early.take(), (System.nanoTime() - begin) / 1e9);
      }
      early.drop();
      cancellation.throwIfRequested("the answer, before " + decided.path() + " started");
      Answer answer = iteratorAnswer(client, reads).run();
      return new Result(decided, answer, (System.nanoTime() - begin) / 1e9);
    }
  }

  private Authorizations reads(AccumuloClient client, Multiply.Decision decided) {
    return decided.reads() != null ? decided.reads() : readAuthorizations(client);
  }

  private Answer clientAnswer(AccumuloClient client, Authorizations reads, Cancellation stop)
      throws Exception {
    return ClientAnswer.answer(
        client,
        Semirings.forName(semiring),
        at,
        b,
        rows,
        atColumns,
        bColumns,
        reads,
        maxCells,
        stop);
  }

  private IteratorAnswer iteratorAnswer(AccumuloClient client, Authorizations reads) {
    IteratorAnswer answer = IteratorAnswer.on(clientProperties).transposeOf(at).times(b);
    copyRequestTo(answer, reads);
    answer.client(client).maxCells(maxCells);
    iteratorSettings.accept(answer);
    return answer;
  }
}
