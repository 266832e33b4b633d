package outerproduct.iterator;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.SortedSet;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.accumulo.ClusterSize;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.accumulo.InputTables;
import outerproduct.kernel.accumulo.Ranges;
import outerproduct.kernel.accumulo.ResultReplacement;
import outerproduct.kernel.product.MultiplyBuilder;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.product.WindowSize;
import outerproduct.kernel.semiring.Semirings;

/**
 * C = ATᵀ ⊕.⊗ B computed inside the tablet servers: a batch scan of B carrying {@link
 * TwoTableIterator} (reads AT over each tablet's range, forms the outer product) and {@link
 * RemoteWriteIterator} (writes C), every tablet of B in parallel; ⊕ runs lazily in C's {@link
 * SemiringCombiner}. C is written through BatchWriters, or with {@link Output#BULK} from sorted
 * files the tablet servers stage, imported once ({@link BulkStaging}).
 *
 * <pre>{@code
 * TableMultResult r = TableMult.on(clientProperties)
 *     .transposeOf("AT").times("B").into("C")
 *     .semiring("plus-times-long").rows("1,:,100,").presum(100_000)
 *     .onProgress(p -> ...).run();
 * }</pre>
 *
 * <p>The client properties must carry the user's token: the tablet servers read AT and write C as
 * that user. C is checked (or created) before anything is written; see {@link ResultTables}. Scans
 * are tagged with an execution hint ({@link outerproduct.kernel.accumulo.ScanTypes}) so an operator
 * can dispatch them to a dedicated scan executor, which concurrent multiplies need to not deadlock
 * (see {@link ScanExecutorCheck}; a multiply logs a warning when B's scans lack one).
 */
public final class TableMult extends MultiplyBuilder<TableMult> {
  /**
   * Pre-sum window per tablet for a row subset unless asked otherwise: a request's products then
   * reach the tablet servers sorted, once per cell, as long as a tablet's share of them fits. 16 to
   * 32 bytes per product ({@link outerproduct.kernel.product.SortedWindow}), so at most ~17 MB per
   * tablet under scan, and a tablet server holds at most as many as its TableMult scan executor has
   * threads (4 on the embedded cluster). A whole table's window is left to each tablet server's
   * heap ({@link ServerWindow}): its windows must be far larger to pay (performance.md).
   */
  public static final int SUBSET_PRESUM_CELLS = 1 << 19;

  private final Properties clientProperties;
  private AccumuloClient sharedClient;
  private String ct;
  private boolean removeZeros;

  /** Tablets of B worked at once; 0: {@link ClusterSize#scanThreads}. */
  private int scanThreads;

  private final WriteSettings writing = new WriteSettings();
  private Consumer<Progress> progress = p -> {};

  @Override
  protected TableMult self() {
    return this;
  }

  /** The first stage: AT for a multiply, or B alone to ask for some of its rows. */
  public interface First extends TransposeOf<Results> {
    /**
     * C = the rows of {@code bTable} that {@link #rows} names, as a multiply by B's selection
     * matrix (one entry {@code (r, r, 1)} per row asked for) would give it, without that table:
     * each entry of those rows is written into C as its own partial product. Without {@code rows}
     * it copies B.
     */
    Results rowsOf(String bTable);
  }

  /** The last table stage: C, or only its transpose CT. */
  public interface Results extends Into<TableMult> {
    /** Write only CT = (ATᵀ ⊕.⊗ B)ᵀ, into {@code ctTable}, and no C. */
    TableMult intoTransposeOnly(String ctTable);
  }

  private TableMult(Properties clientProperties, String at, String b, String c, String ct) {
    super(at, b, c);
    this.clientProperties = clientProperties;
    this.ct = ct;
  }

  /**
   * @param clientProperties Accumulo client properties including {@code auth.token}
   * @return the first of the table stages: {@code .transposeOf(AT).times(B).into(C)}, or {@code
   *     .rowsOf(B).into(C)}
   */
  public static First on(Properties clientProperties) {
    CredentialFile.requireToken(clientProperties);
    Properties copy = (Properties) clientProperties.clone();
    TransposeOf<Results> tables = tables((at, b) -> results(copy, at, b));
    return new First() {
      @Override
      public Times<Results> transposeOf(String atTable) {
        return tables.transposeOf(atTable);
      }

      @Override
      public Results rowsOf(String bTable) {
        return results(copy, null, requireName("rowsOf (B)", bTable));
      }
    };
  }

  /** The last stage; {@code at} is null when C is rows of B. */
  private static Results results(Properties clientProperties, String at, String b) {
    return new Results() {
      @Override
      public TableMult into(String cTable) {
        return new TableMult(
            clientProperties, at, b, requireResult("into (C)", cTable, at, b), null);
      }

      @Override
      public TableMult intoTransposeOnly(String ctTable) {
        return new TableMult(
            clientProperties, at, b, null, requireResult("intoTransposeOnly (CT)", ctTable, at, b));
      }
    };
  }

  /** Also write the transpose CT = Cᵀ, into {@code ctTable}. */
  public TableMult alsoTranspose(String ctTable) {
    requireResult("alsoTranspose (CT)", ctTable, at, b);
    if (ctTable.equals(c)) {
      throw new IllegalArgumentException(
          "alsoTranspose (CT): C and CT must be different tables, both are '" + c + "'");
    }
    this.ct = ctTable;
    return this;
  }

  /**
   * Hold up to this many products per tablet (and call of the stack), then sort them, ⊕ each cell's
   * and write the cells in key order, which C's in-memory maps take faster than products in arrival
   * order; 0 = off; {@link WindowSize#AUTO} (the default) = {@value #SUBSET_PRESUM_CELLS} for a row
   * subset, sized by each tablet server to its heap for the whole table. The window grows with the
   * products it holds, so a small request costs little; C's combiner sums across windows.
   */
  public TableMult presum(long products) {
    writing.presum = products == WindowSize.AUTO ? products : WindowSize.check("presum", products);
    return this;
  }

  /**
   * How the tablet servers write C: {@link Output#BATCH_WRITER} (the default) or {@link
   * Output#BULK}, which needs System permission SYSTEM and Table permission BULK_IMPORT on C and
   * CT.
   */
  public TableMult output(Output output) {
    writing.output = Objects.requireNonNull(output, "output");
    return this;
  }

  /**
   * Bulk output: the directory under which each multiply stages its files, as a qualified URI on a
   * file system both the tablet servers and this client reach; default the caller's {@code
   * ~/.outerproduct} on the first instance volume's file system.
   */
  public TableMult staging(String parentUri) {
    writing.staging = BulkStaging.checkQualified(Objects.requireNonNull(parentUri, "staging"));
    return this;
  }

  /**
   * Bulk output: products held per tablet before they are sorted, ⊕-ed and spilled as a run ({@link
   * WindowSize#AUTO}, the default: sized by each tablet server to its heap and TableMult scan
   * threads, {@link ServerWindow}); the files' compression ({@value FileCompression#COMPRESSIONS};
   * null: C's {@code table.file.compress.type}, as C's own compactions would write them).
   */
  public TableMult bulkFiles(long windowProducts, String compression) {
    writing.window =
        windowProducts == WindowSize.AUTO
            ? WindowSize.AUTO
            : WindowSize.checkOn("window", windowProducts);
    writing.fileCompression = FileCompression.check(compression);
    return this;
  }

  /**
   * Drop entries of C whose sum is the semiring's zero (a {@link ZeroFilter} on C at every scope).
   * Off by default: the checksum (docs/format.md) then includes zero-valued entries.
   */
  public TableMult removeZeros() {
    this.removeZeros = true;
    return this;
  }

  /** Report progress after about this many products or ms per tablet (0 = at the end only). */
  public TableMult monitorEvery(long products, long millis) {
    if (products < 0 || millis < 0) {
      throw new IllegalArgumentException("monitoring limits must be >= 0");
    }
    writing.monitorEntries = products;
    writing.monitorMillis = millis;
    return this;
  }

  public TableMult scanThreads(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("scanThreads must be >= 1, got " + threads);
    }
    this.scanThreads = threads;
    return this;
  }

  public TableMult writer(long maxMemoryBytes, int threads) {
    if (maxMemoryBytes < 1 || threads < 1) {
      throw new IllegalArgumentException("writer memory and threads must be >= 1");
    }
    writing.writerMemory = maxMemoryBytes;
    writing.writerThreads = threads;
    return this;
  }

  /**
   * Makes the client-side calls with {@code client} instead of opening a client per run, which
   * costs each request a new ZooKeeper session and new connections to the servers (about 0.1 s of a
   * small request). The client is the caller's and is not closed; it must act as the same user as
   * the client properties, which the tablet servers use.
   *
   * @throws IllegalArgumentException if the client's user is not the properties' principal
   */
  public TableMult client(AccumuloClient client) {
    this.sharedClient = ClientLease.checkActsAs(client, clientProperties);
    return this;
  }

  private ClientLease lease() {
    return ClientLease.of(sharedClient, clientProperties);
  }

  /** Called with each monitoring entry's progress (since that tablet's previous entry). */
  public TableMult onProgress(Consumer<Progress> listener) {
    this.progress = Objects.requireNonNull(listener);
    return this;
  }

  /** Not for bulk output: its staged files span all of C, each imported into every tablet. */
  @Override
  protected boolean splitsNewCByDefault() {
    return writing.output != Output.BULK;
  }

  /**
   * @throws IllegalArgumentException for a missing, unreadable or conflicting table, before
   *     anything is written
   */
  public TableMultResult run()
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException, IOException {
    long begin = System.nanoTime();
    PhaseClock clock = new PhaseClock();
    try (ClientLease lease = lease();
        ResultReplacement replacement = replacing(lease.client())) {
      AccumuloClient client = lease.client();
      clock.lap("connect");
      // Checked while C is prepared and located; awaited before anything is written.
      CompletableFuture<Void> inputs = checkInputsLater(client);
      // A row subset reaches AT through the stack (one seeking scan per tablet of B); B is
      // scanned over the subset's span and its other rows are sought past.
      List<Range> bRanges = List.of(rows.isAll() ? new Range() : Ranges.span(rows));
      TableMultResult result = writeResults(client, inputs, b, bRanges, this::stack, begin, clock);
      replacement.swapIn();
      return result;
    }
  }

  /** The input tables' checks, then whether B's tablet servers have the stack's classes. */
  private CompletableFuture<Void> checkInputsLater(AccumuloClient client) {
    return (at != null
            ? InputTables.checkReadableLater(
                client, Semirings.encodingOf(semiring), authorizations, at, b)
            : InputTables.checkReadableLater(
                client, Semirings.encodingOf(semiring), authorizations, b))
        .thenRun(() -> ProductStack.requireLoadable(client, at, b, rows, atColumns));
  }

  /**
   * The in-tserver ingest ceiling (docs/format.md): the same {@link RemoteWriteIterator} with the
   * same settings, fed not by the multiply but by a scan of {@code productsTable}, which holds this
   * multiply's partial products of AT and B keyed (k, i, j) (the harness writes it from the same
   * kernel stream). The rate it gives is what writing costs alone.
   */
  public TableMultResult replayProducts(String productsTable)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException, IOException {
    long begin = System.nanoTime();
    PhaseClock clock = new PhaseClock();
    try (ClientLease lease = lease()) {
      AccumuloClient client = lease.client();
      clock.lap("connect");
      return writeResults(
          client,
          InputTables.checkReadableLater(
              client, Semirings.encodingOf(semiring), authorizations, productsTable),
          productsTable,
          Ranges.toAccumulo(rows),
          (staging, credentials) -> List.of(remoteWriteSetting(staging, credentials)),
          begin,
          clock);
    }
  }

  /**
   * Writes C and CT by scanning {@code table} with {@code stack} ({@link ResultScan}) once {@code
   * inputs}, the checks of the input tables, have passed.
   */
  private TableMultResult writeResults(
      AccumuloClient client,
      CompletableFuture<Void> inputs,
      String table,
      List<Range> ranges,
      BiFunction<String, CredentialFile, List<IteratorSetting>> stack,
      long begin,
      PhaseClock clock)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException, IOException {
    List<String> results = Stream.of(c, ct).filter(Objects::nonNull).toList();
    Authorizations auths = readAuthorizations(client);
    // Written beside the checks and C's preparation; a file that cannot be written stops the
    // multiply as a bad input does, before anything is written (an input's own refusal first).
    CompletableFuture<CredentialFile> credentials =
        CredentialFile.writeLater(client, clientProperties, table, at, c, ct);
    CompletableFuture<Void> ready = inputs.thenCombine(credentials, (checked, written) -> null);
    ResultScan.Totals totals;
    try {
      Map<String, SortedSet<Text>> splits = c == null ? Map.of() : Map.of(c, cSplits);
      ResultScan scan =
          new ResultScan(client, results, clock)
              .cancelledBy(cancellation, () -> CredentialFile.delete(credentials))
              .readingWith(auths)
              .ofWholeTables(rows.isAll())
              .inContextOf(table);
      if (writing.output == Output.BULK) {
        scan.prepareBesideScan(semiring, splits, removeZeros, reuse());
      } else {
        scan.prepare(semiring, splits, removeZeros, reuse());
      }
      int threads = scanThreads > 0 ? scanThreads : ClusterSize.scanThreads(client);
      Function<String, List<IteratorSetting>> withCredentials =
          staging -> stack.apply(staging, credentials.join());
      totals =
          writing.output == Output.BULK
              ? scan.staged(c, ct)
                  .scanBulk(
                      ready, table, ranges, withCredentials, threads, progress, writing.staging)
              : scan.scan(
                  ready, table, ranges, () -> withCredentials.apply(null), threads, progress);
    } finally {
      CredentialFile.delete(credentials);
    }
    Progress total = totals.total();
    return new TableMultResult(
        total.rowsAligned(),
        total.partialProducts(),
        total.entriesWritten(),
        total.resumes(),
        totals.monitoringEntries(),
        (System.nanoTime() - begin) / 1e9,
        clock.seconds(),
        total.busyMicros() / 1e6,
        total.flushMicros() / 1e6,
        total.traffic());
  }

  /**
   * The iterators on the scan of B: the outer product with AT, or with B's selection matrix (the
   * rows asked for, by the kernel's row filter), then the writes.
   */
  private List<IteratorSetting> stack(String stagingUri, CredentialFile credentials) {
    List<IteratorSetting> stack =
        ProductStack.products(at, b, semiring, rows, atColumns, bColumns, credentials);
    stack.add(remoteWriteSetting(stagingUri, credentials));
    return stack;
  }

  private IteratorSetting remoteWriteSetting(String stagingUri, CredentialFile credentials) {
    return writing.remoteWrite(c, ct, credentials, semiring, rows.isAll(), stagingUri);
  }
}
