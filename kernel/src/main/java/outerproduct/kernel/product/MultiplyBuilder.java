package outerproduct.kernel.product;

import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.BiFunction;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.accumulo.DegreeTables;
import outerproduct.kernel.accumulo.ProductEstimate;
import outerproduct.kernel.accumulo.ReadAuthorizations;
import outerproduct.kernel.accumulo.ResultReplacement;
import outerproduct.kernel.accumulo.ResultSplits;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.kernel.semiring.ValueEncoding;

/**
 * What every engine's builder asks the same way: C = ATᵀ ⊕.⊗ B over which tables, in which
 * semiring, restricted to which rows k and columns. An engine's builder extends this with how it
 * runs ({@code TableMult}: pre-sum, monitoring; {@code MapReduceMultiply}: reducers, output).
 *
 * <p>The tables come first, in stages, as {@code AccumuloClient.builder()} asks for an instance
 * before anything else: {@code on(...)} returns a {@link TransposeOf}, whose only call names AT,
 * then {@link Times} names B and {@link Into} names C; only then are the options and {@code run()}
 * reachable, so a multiply without its tables does not compile. Arguments are checked when given,
 * so a bad one fails at the call that passed it.
 *
 * @param <S> the engine's builder, returned by every setter for chaining
 */
public abstract class MultiplyBuilder<S extends MultiplyBuilder<S>> {
  /** First stage: the table holding AT, whose rows are the shared dimension k. */
  @FunctionalInterface
  public interface TransposeOf<R> {
    Times<R> transposeOf(String atTable);
  }

  /** Second stage: the table holding B. */
  @FunctionalInterface
  public interface Times<R> {
    R times(String bTable);
  }

  /** Third stage: the result table C (created with the semiring's combiner if missing). */
  @FunctionalInterface
  public interface Into<S> {
    S into(String cTable);
  }

  protected final String at;
  protected final String b;

  /** C; null only where an engine writes another result instead (TableMult's transpose). */
  protected String c;

  protected String semiring = Semirings.DEFAULT;
  protected RowRanges rows = RowRanges.all();
  protected ColumnFilter atColumns;
  protected ColumnFilter bColumns;
  protected boolean replaceIncomplete;
  protected boolean addToExisting;
  protected boolean replace;
  protected SortedSet<Text> cSplits = new TreeSet<>();
  private boolean cSplitsAsked;

  /** The labels to read with; null: all of the user's. */
  protected Authorizations authorizations;

  /** Set only on a builder made for one request by the one that decided it (copyRequestTo). */
  private Authorizations resolvedReads;

  protected Cancellation cancellation = new Cancellation();

  protected MultiplyBuilder(String at, String b, String c) {
    this.at = at;
    this.b = b;
    this.c = c;
  }

  /**
   * The two table stages, each checking its name, ending in {@code last}.
   *
   * @param last given AT and B, the stage that names the result
   */
  protected static <R> TransposeOf<R> tables(BiFunction<String, String, R> last) {
    return at -> {
      requireName("transposeOf (AT)", at);
      return b -> {
        requireName("times (B)", b);
        return last.apply(at, b);
      };
    };
  }

  /**
   * @throws IllegalArgumentException naming the builder call that was given no table
   */
  protected static String requireName(String call, String table) {
    if (table == null || table.isEmpty()) {
      throw new IllegalArgumentException(call + ": no table name given");
    }
    return table;
  }

  /**
   * @throws IllegalArgumentException if {@code result} is one of the inputs
   */
  protected static String requireResult(String call, String result, String at, String b) {
    requireName(call, result);
    if (result.equals(at) || result.equals(b)) {
      throw new IllegalArgumentException(
          call
              + ": result table '"
              + result
              + "' must differ from inputs AT '"
              + at
              + "' and B '"
              + b
              + "'");
    }
    return result;
  }

  /** This builder, typed as the engine's. */
  protected abstract S self();

  /**
   * @param name a built-in semiring or a class name
   * @throws IllegalArgumentException if it names no usable semiring
   */
  public S semiring(String name) {
    Semirings.forName(name);
    this.semiring =
        name.equals(Semirings.withEncoding(name, ValueEncoding.TEXT))
            ? Semirings.withEncoding(name, Semirings.encodingOf(semiring))
            : name;
    return self();
  }

  /**
   * How AT's, B's and C's values are stored: text (the default) or one of Accumulo's {@code
   * LongCombiner} encodings, with {@code plus-times-long} ({@link ValueEncoding}).
   *
   * @throws IllegalArgumentException if the semiring's values are not 64-bit integers
   */
  public S valueEncoding(ValueEncoding encoding) {
    this.semiring = Semirings.withEncoding(semiring, encoding);
    return self();
  }

  /** Shared rows k to use, in D4M syntax. */
  public S rows(String d4mRows) {
    this.rows = RowRanges.parse(d4mRows);
    return self();
  }

  public S rows(RowRanges rows) {
    this.rows = Objects.requireNonNull(rows);
    return self();
  }

  /** Columns of AT to use, i.e. rows of C, in D4M syntax. */
  public S atColumns(String d4mColumns) {
    this.atColumns = ColumnFilter.parse(d4mColumns);
    return self();
  }

  /** Columns of B to use, i.e. columns of C, in D4M syntax. */
  public S bColumns(String d4mColumns) {
    this.bColumns = ColumnFilter.parse(d4mColumns);
    return self();
  }

  /**
   * This multiply's partial products, counted before anything runs ({@link ProductEstimate}) from
   * the inputs' degree tables, or, where one is missing, from a sample of the inputs' rows ({@link
   * ProductEstimate#sampled}, whose estimate states its error); an upper bound with column filters.
   *
   * @throws IllegalArgumentException naming a missing input table
   */
  public ProductEstimate.Estimate estimate(AccumuloClient client) throws TableNotFoundException {
    return estimate(client, readAuthorizations(client));
  }

  /** As {@link #estimate(AccumuloClient)}, reading with {@code auths} already resolved. */
  protected final ProductEstimate.Estimate estimate(AccumuloClient client, Authorizations auths)
      throws TableNotFoundException {
    boolean filtered = atColumns != null || bColumns != null;
    boolean degrees =
        client.tableOperations().exists(DegreeTables.of(b))
            && (at == null || client.tableOperations().exists(DegreeTables.of(at)));
    if (!degrees) {
      return ProductEstimate.sampled(client, at, b, rows, filtered, auths);
    }
    return at == null
        ? ProductEstimate.ofRows(client, b, rows, filtered, auths)
        : ProductEstimate.of(client, at, b, rows, filtered, auths);
  }

  /**
   * Gives {@code other} this builder's request: semiring, rows, column filters and what it may do
   * with a C that holds something. What one engine's builder was asked, another can then run.
   */
  protected final void copyRequestTo(MultiplyBuilder<?> other) {
    other.semiring = semiring;
    other.rows = rows;
    other.atColumns = atColumns;
    other.bColumns = bColumns;
    other.replaceIncomplete = replaceIncomplete;
    other.addToExisting = addToExisting;
    // replace is not copied: the builder that was asked replaces C once, and the one it runs
    // writes the successor it names (see replacing)
    other.cSplits = cSplits;
    other.cSplitsAsked = cSplitsAsked;
    other.authorizations = authorizations;
    other.resolvedReads = null;
    other.cancellation = cancellation;
  }

  /**
   * As {@link #copyRequestTo(MultiplyBuilder)}, for a builder made to run this one request: it
   * reads with {@code resolved}, the authorizations this builder resolved while deciding, instead
   * of asking the servers for them again (one RPC of an answer's few). Null: it asks.
   */
  protected final void copyRequestTo(MultiplyBuilder<?> other, Authorizations resolved) {
    copyRequestTo(other);
    other.resolvedReads = resolved;
  }

  /**
   * Stops this multiply when {@code cancellation} is cancelled, from any thread; the run then
   * throws {@link MultiplyCancelledException}. Default: one no caller holds.
   */
  public S cancellation(Cancellation cancellation) {
    this.cancellation = Objects.requireNonNull(cancellation, "cancellation");
    return self();
  }

  /**
   * Reads AT and B (and their degree tables) with only these of the user's authorizations instead
   * of all of them, on every path: C then holds the products of the cells these labels show.
   * Checked against the user's when the multiply runs.
   */
  public S authorizations(Authorizations auths) {
    this.authorizations = Objects.requireNonNull(auths, "authorizations");
    return self();
  }

  /**
   * What this multiply reads with ({@link ReadAuthorizations}; one RPC, none where the deciding
   * builder resolved them for this request).
   *
   * @throws IllegalArgumentException naming a requested label the user does not hold
   */
  protected final Authorizations readAuthorizations(AccumuloClient client) {
    return resolvedReads != null ? resolvedReads : ReadAuthorizations.of(client, authorizations);
  }

  /**
   * Split rows of C where the server-side paths create it, so that its writes spread over tablets
   * from the start (an existing C keeps its own; the client path, one BatchWriter writing each cell
   * once, creates C whole). Without them a whole-table product's new C gets one tablet per tablet
   * server, cut at a sample of AT's columns ({@link ResultSplits}); none asks for one tablet.
   */
  public S cSplits(SortedSet<Text> splits) {
    this.cSplits = new TreeSet<>(splits);
    this.cSplitsAsked = true;
    return self();
  }

  /**
   * Lets the multiply replace a result table that an earlier multiply left unfinished ({@code
   * outerproduct.kernel.accumulo.ResultState}: incomplete, or its writer's lease run out) instead
   * of refusing it; the new C is written beside it and swapped in ({@link ResultReplacement}).
   */
  public S replaceIncomplete() {
    this.replaceIncomplete = true;
    return self();
  }

  /**
   * Replaces whatever C holds, complete or not: the new C is written beside it and swapped in only
   * once complete, so readers see the old C until then and a failed multiply leaves it as it was
   * ({@link ResultReplacement}). A C being written by a live multiply is still refused.
   */
  public S replace() {
    this.replace = true;
    return self();
  }

  /**
   * Adds this multiply's products onto what C holds (C += ATᵀ ⊕.⊗ B) instead of refusing a C that
   * holds a complete result or entries no multiply wrote. Only engines whose C sums what it is
   * given can (the iterator engine's and its bulk output); the others refuse it.
   */
  public S addToExisting() {
    this.addToExisting = true;
    return self();
  }

  /** What this multiply may do with a C that holds something. */
  protected final ResultState.Reuse reuse() {
    return new ResultState.Reuse(replaceIncomplete, addToExisting, replace);
  }

  /**
   * Whether this builder's engine and output split a whole-table product's new C one tablet per
   * tablet server when the request names no splits; the engine's builder answers for itself.
   */
  protected boolean splitsNewCByDefault() {
    return true;
  }

  /**
   * Decides where this multiply writes ({@link ResultReplacement#begin}) and points {@link #c}
   * there until the replacement is closed: a successor gets C's splits unless the request gave its
   * own, and a new C of a whole-table product one tablet per tablet server ({@link ResultSplits}).
   * An engine calls {@link ResultReplacement#swapIn} once its C is complete.
   */
  protected final ResultReplacement replacing(AccumuloClient client)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    String asked = c;
    SortedSet<Text> askedSplits = cSplits;
    ResultReplacement replacement =
        ResultReplacement.begin(
            client,
            asked,
            reuse(),
            () -> {
              c = asked;
              cSplits = askedSplits;
            });
    c = replacement.target();
    if (replacement.replaces() && cSplits.isEmpty()) {
      cSplits = replacement.splitsOfReplaced();
    }
    if (!cSplitsAsked
        && splitsNewCByDefault()
        && cSplits.isEmpty()
        && rows.isAll() // a request's C is one tablet: no look-up of C on the interactive path
        && !client.tableOperations().exists(c)) {
      // a whole-table product's C spread over the tablet servers from its first write
      cSplits = ResultSplits.byDefault(client, at, authorizations, rows);
    }
    return replacement;
  }
}
