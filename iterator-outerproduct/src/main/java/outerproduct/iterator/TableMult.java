package outerproduct.iterator;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import outerproduct.kernel.accumulo.IncompleteResultException;
import outerproduct.kernel.accumulo.InputTables;
import outerproduct.kernel.accumulo.Ranges;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.product.MultiplyBuilder;
import outerproduct.kernel.product.PresumBuffer;

/**
 * C = ATᵀ ⊕.⊗ B computed inside the tablet servers: a batch scan of B carrying {@link
 * TwoTableIterator} (reads AT over each tablet's range, forms the outer product) and {@link
 * RemoteWriteIterator} (writes C), every tablet of B in parallel; ⊕ runs lazily in C's {@link
 * SemiringCombiner}.
 *
 * <pre>{@code
 * TableMult.Result r = TableMult.on(clientProperties)
 *     .transposeOf("AT").times("B").into("C")
 *     .semiring("plus-times-long").rows("1,:,100,").presum(100_000)
 *     .onProgress(p -> ...).run();
 * }</pre>
 *
 * <p>The client properties must carry the user's token: the tablet servers read AT and write C as
 * that user. C is checked (or created) before anything is written; see {@link ResultTables}. Scans
 * are tagged with the execution hint {@code scan_type=tablemult} so an operator can dispatch them
 * to a dedicated scan executor, which concurrent multiplies need to not deadlock (see {@link
 * ScanExecutorCheck}; a multiply logs a warning when B's scans lack one).
 */
public final class TableMult extends MultiplyBuilder<TableMult> {
  /** Iterator priorities on the scan of B: above the table's own (versioning is 20). */
  static final int TWO_TABLE_PRIORITY = 25;

  static final int REMOTE_WRITE_PRIORITY = 30;

  /**
   * The client-side phases of {@link Result#phases}, in order: {@code connect} (the client), {@code
   * check_inputs} (AT and B readable), {@code prepare_results} (C checked or created, its state
   * checked), {@code executor_check} (B's scan executor), {@code mark_writing}, {@code
   * hosting_before} (where B's and C's tablets are hosted), {@code scan} (the multiply inside the
   * tablet servers), {@code hosting_after} (the same, to find a moved tablet), {@code
   * mark_complete}.
   */
  public static final List<String> PHASES =
      List.of(
          "connect",
          "check_inputs",
          "prepare_results",
          "executor_check",
          "mark_writing",
          "hosting_before",
          "scan",
          "hosting_after",
          "mark_complete");

  public static final String SCAN_TYPE_HINT = "tablemult";

  /**
   * Totals over every tablet of B. {@code seconds} runs from the call to C complete; {@code phases}
   * splits it on the client's clock ({@link #PHASES}).
   */
  public record Result(
      long rowsAligned,
      long partialProducts,
      long entriesWritten,
      long resumes,
      long monitoringEntries,
      double seconds,
      Map<String, Double> phases) {
    public double partialProductsPerSecond() {
      return partialProducts / seconds;
    }
  }

  private final Properties clientProperties;
  private String ct;
  private long presum;
  private boolean removeZeros;
  private long monitorEntries;
  private long monitorMillis;
  private int scanThreads = 4;
  private long writerMemory = RemoteWriteIterator.DEFAULT_WRITER_MEMORY;
  private int writerThreads = RemoteWriteIterator.DEFAULT_WRITER_THREADS;
  private Consumer<Progress> progress = p -> {};

  @Override
  protected TableMult self() {
    return this;
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
   * @return the first of the table stages: {@code .transposeOf(AT).times(B).into(C)}
   */
  public static TransposeOf<Results> on(Properties clientProperties) {
    RemoteConnection.of(clientProperties);
    Properties copy = (Properties) clientProperties.clone();
    return tables(
        (at, b) ->
            new Results() {
              @Override
              public TableMult into(String cTable) {
                return new TableMult(copy, at, b, requireResult("into (C)", cTable, at, b), null);
              }

              @Override
              public TableMult intoTransposeOnly(String ctTable) {
                return new TableMult(
                    copy, at, b, null, requireResult("intoTransposeOnly (CT)", ctTable, at, b));
              }
            });
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

  /** Pre-sum up to this many distinct cells per tablet in memory before writing; 0 = off. */
  public TableMult presum(long cells) {
    this.presum = PresumBuffer.checkCells("presum", cells);
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
    this.monitorEntries = products;
    this.monitorMillis = millis;
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
    this.writerMemory = maxMemoryBytes;
    this.writerThreads = threads;
    return this;
  }

  /** Called with each monitoring entry's progress (since that tablet's previous entry). */
  public TableMult onProgress(Consumer<Progress> listener) {
    this.progress = Objects.requireNonNull(listener);
    return this;
  }

  /**
   * @throws IllegalArgumentException for a missing, unreadable or conflicting table, before
   *     anything is written
   */
  public Result run()
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException, IOException {
    long begin = System.nanoTime();
    PhaseClock clock = new PhaseClock();
    try (AccumuloClient client = Accumulo.newClient().from(clientProperties).build()) {
      clock.lap("connect");
      InputTables.checkReadable(client, at);
      InputTables.checkReadable(client, b);
      clock.lap("check_inputs");
      // A row subset reaches AT through the stack (one seeking scan per tablet of B); B is
      // scanned over the subset's span and its other rows are sought past.
      List<Range> bRanges = List.of(rows.isAll() ? new Range() : Ranges.span(rows));
      return writeResults(
          client, b, bRanges, List.of(twoTableSetting(), remoteWriteSetting()), begin, clock);
    }
  }

  /**
   * The in-tserver ingest ceiling (docs/format.md): the same {@link RemoteWriteIterator} with the
   * same settings, fed not by the multiply but by a scan of {@code productsTable}, which holds this
   * multiply's partial products of AT and B keyed (k, i, j) (the harness writes it from the same
   * kernel stream). The rate it gives is what writing costs alone.
   */
  public Result replayProducts(String productsTable)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    long begin = System.nanoTime();
    PhaseClock clock = new PhaseClock();
    try (AccumuloClient client = Accumulo.newClient().from(clientProperties).build()) {
      clock.lap("connect");
      InputTables.checkReadable(client, productsTable);
      clock.lap("check_inputs");
      return writeResults(
          client,
          productsTable,
          Ranges.toAccumulo(rows),
          List.of(remoteWriteSetting()),
          begin,
          clock);
    }
  }

  /**
   * Prepares C and CT, marks them being written, scans {@code table} with {@code stack}, and marks
   * them complete, or incomplete with the reason the scan gives.
   */
  private Result writeResults(
      AccumuloClient client,
      String table,
      List<Range> ranges,
      List<IteratorSetting> stack,
      long begin,
      PhaseClock clock)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    List<String> results = new ArrayList<>();
    for (String result : new String[] {c, ct}) {
      if (result != null) {
        ResultTables.prepare(client, result, semiring, new TreeSet<>(), removeZeros);
        ResultState.checkFinishedOrClear(client, result, replaceIncomplete);
        results.add(result);
      }
    }
    clock.lap("prepare_results");
    ScanExecutorCheck.warnIfShared(client, table);
    clock.lap("executor_check");
    for (String result : results) {
      ResultState.writing(client, result, "iterator");
    }
    clock.lap("mark_writing");
    Scan scan;
    try {
      scan = scanWriting(client, table, ranges, stack, results, clock);
    } catch (RuntimeException e) {
      throw incomplete(client, results, "the scan of '" + table + "' failed: " + e.getMessage(), e);
    }
    if (scan.total.error() != null) {
      throw incomplete(
          client, results, "a tablet server stopped the multiply: " + scan.total.error(), null);
    }
    if (scan.movedTablet != null) {
      throw incomplete(
          client,
          results,
          scan.movedTablet
              + " moved between tablet server processes during the multiply (a server was lost or"
              + " the tablet migrated); products written just before the move may be in C twice",
          null);
    }
    for (String result : results) {
      ResultState.complete(client, result);
    }
    clock.lap("mark_complete");
    Progress total = scan.total;
    return new Result(
        total.rowsAligned(),
        total.partialProducts(),
        total.entriesWritten(),
        total.resumes(),
        scan.monitoringEntries,
        (System.nanoTime() - begin) / 1e9,
        clock.seconds());
  }

  private static IncompleteResultException incomplete(
      AccumuloClient client, List<String> results, String why, Exception cause) {
    StringBuilder message = new StringBuilder("TableMult: " + why);
    for (String result : results) {
      message.append("; ").append(ResultState.incomplete(client, result, why));
    }
    message.append(". Re-run with replaceIncomplete() (--replace-incomplete) to recompute it.");
    IncompleteResultException e = new IncompleteResultException(message.toString());
    if (cause != null) {
      e.initCause(cause);
    }
    return e;
  }

  /** What a scan's monitoring entries said. */
  private record Scan(Progress total, long monitoringEntries, String movedTablet) {}

  private Scan scanWriting(
      AccumuloClient client,
      String table,
      List<Range> ranges,
      List<IteratorSetting> stack,
      List<String> results,
      PhaseClock clock)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    Progress total = Progress.NONE;
    long monitoringEntries = 0;
    TabletMoves moves = TabletMoves.watch(client, table, results);
    clock.lap("hosting_before");
    Authorizations auths = client.securityOperations().getUserAuthorizations(client.whoami());
    try (BatchScanner scan = client.createBatchScanner(table, auths, scanThreads)) {
      scan.setRanges(new ArrayList<>(ranges));
      scan.setExecutionHints(Map.of("scan_type", SCAN_TYPE_HINT));
      stack.forEach(scan::addScanIterator);
      for (Map.Entry<Key, Value> entry : scan) {
        Progress p = Progress.decode(entry.getValue());
        total = total.plus(p);
        monitoringEntries++;
        progress.accept(p);
        moves.saw(entry.getKey().getRow(), p.server());
        if (p.error() != null) {
          break;
        }
      }
    }
    clock.lap("scan");
    String moved = moves.moved();
    clock.lap("hosting_after");
    return new Scan(total, monitoringEntries, moved);
  }

  private IteratorSetting twoTableSetting() {
    IteratorSetting s =
        new IteratorSetting(TWO_TABLE_PRIORITY, "tableMultProduct", TwoTableIterator.class);
    TwoTableIterator.setSemiring(s, semiring);
    TwoTableIterator.setAt(s, at, clientProperties);
    TwoTableIterator.setBTable(s, b);
    if (!rows.isAll()) {
      TwoTableIterator.setAtRows(s, rows);
    }
    if (atColumns != null) {
      TwoTableIterator.setAtColumns(s, atColumns);
    }
    if (bColumns != null) {
      TwoTableIterator.setBColumns(s, bColumns);
    }
    return s;
  }

  private IteratorSetting remoteWriteSetting() {
    IteratorSetting s =
        new IteratorSetting(REMOTE_WRITE_PRIORITY, "tableMultWrite", RemoteWriteIterator.class);
    RemoteWriteIterator.setResultTables(s, c, ct);
    RemoteWriteIterator.setConnection(s, clientProperties);
    RemoteWriteIterator.setSemiring(s, semiring);
    RemoteWriteIterator.setPresum(s, presum);
    RemoteWriteIterator.setMonitoring(s, monitorEntries, monitorMillis);
    RemoteWriteIterator.setWriter(s, writerMemory, writerThreads);
    return s;
  }
}
