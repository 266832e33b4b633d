package outerproduct.iterator;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
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
import outerproduct.kernel.accumulo.ClusterSize;
import outerproduct.kernel.accumulo.InputTables;
import outerproduct.kernel.accumulo.Ranges;
import outerproduct.kernel.accumulo.ScanTypes;
import outerproduct.kernel.answer.Answer;
import outerproduct.kernel.product.MultiplyBuilder;
import outerproduct.kernel.product.WindowSize;
import outerproduct.kernel.semiring.Semirings;

/**
 * The iterator engine answering its caller: TableMult's stack on a scan of B, whose products each
 * tablet server pre-sums and returns through the scan ({@link ReturnedCells}) instead of writing
 * them into C. No result table, BatchWriter, flush or credential to write with; the caller merges
 * the tablets' sorted runs into C's cells ({@link Answer}) and holds them, up to its bound.
 *
 * <pre>{@code
 * Answer c = IteratorAnswer.on(clientProperties)
 *     .transposeOf("AT").times("B").rows("1,:,100,").run();
 * c.cells().forEachRemaining(cell -> ...);
 * }</pre>
 *
 * <p>Exactly once without a result table's guarantees: a call's cells exist only in its returned
 * entry, and a scan that Accumulo resumes after a lost tablet server resumes after the last entry
 * the caller received, so no product is counted twice or lost. Visibility labels are those C's
 * cells would carry, and the scans read with the caller's authorizations ({@link #authorizations}).
 */
public final class IteratorAnswer extends MultiplyBuilder<IteratorAnswer> {
  private final Properties clientProperties;
  private AccumuloClient sharedClient;
  private int scanThreads;
  private long maxCells = Answer.DEFAULT_MAX_CELLS;
  private long window = WindowSize.AUTO;

  private IteratorAnswer(Properties clientProperties, String at, String b) {
    super(at, b, null);
    this.clientProperties = clientProperties;
  }

  @Override
  protected IteratorAnswer self() {
    return this;
  }

  /**
   * @param clientProperties Accumulo client properties including {@code auth.token}
   * @return the table stages: {@code .transposeOf(AT).times(B)}
   */
  public static TransposeOf<IteratorAnswer> on(Properties clientProperties) {
    CredentialFile.requireToken(clientProperties);
    Properties copy = (Properties) clientProperties.clone();
    return tables((at, b) -> new IteratorAnswer(copy, at, b));
  }

  /** Use this client (it must act as the properties' user) instead of opening one per run. */
  public IteratorAnswer client(AccumuloClient client) {
    this.sharedClient = Objects.requireNonNull(client, "client");
    return this;
  }

  /** Tablets of B worked at once; default {@link ClusterSize#scanThreads}. */
  public IteratorAnswer scanThreads(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("scanThreads must be at least 1, got " + threads);
    }
    this.scanThreads = threads;
    return this;
  }

  /** The cells the caller may receive; past it the request fails ({@link Answer#overBound}). */
  public IteratorAnswer maxCells(long cells) {
    if (cells < 1) {
      throw new IllegalArgumentException("maxCells must be at least 1, got " + cells);
    }
    this.maxCells = cells;
    return this;
  }

  /** Products each tablet server pre-sums per run; default sized to its heap, at most 2^18. */
  public IteratorAnswer window(long products) {
    this.window = WindowSize.checkOn("window", products);
    return this;
  }

  /**
   * @throws IllegalArgumentException for a missing or unreadable table, before any scan
   * @throws IllegalStateException when a tablet server stopped the multiply, or the answer passed
   *     its bound
   */
  public Answer run() throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    try (ClientLease lease = ClientLease.of(sharedClient, clientProperties)) {
      AccumuloClient client = lease.client();
      CompletableFuture<Void> inputs =
          InputTables.checkReadableLater(
                  client, Semirings.encodingOf(semiring), authorizations, at, b)
              .thenRun(() -> ProductStack.requireLoadable(client, at, b, rows, atColumns));
      CompletableFuture<CredentialFile> credentials =
          CredentialFile.writeLater(client, clientProperties, b, at);
      try {
        InputTables.await(inputs);
        List<IteratorSetting> stack =
            ProductStack.products(at, b, semiring, rows, atColumns, bColumns, join(credentials));
        stack.add(returning());
        return scan(client, stack);
      } finally {
        CredentialFile.delete(credentials);
      }
    }
  }

  private IteratorSetting returning() {
    return returning(semiring, window);
  }

  /** The write iterator with output caller, over the stack that forms the products. */
  static IteratorSetting returning(String semiring, long window) {
    IteratorSetting s =
        new IteratorSetting(
            WriteSettings.REMOTE_WRITE_PRIORITY, "tableMultAnswer", RemoteWriteIterator.class);
    RemoteWriteIterator.setSemiring(s, semiring);
    RemoteWriteIterator.setCallerOutput(s);
    if (window != WindowSize.AUTO) {
      s.addOption(RemoteWriteIterator.WINDOW_OPTION, Long.toString(window));
    }
    return s;
  }

  private Answer scan(AccumuloClient client, List<IteratorSetting> stack)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    int threads = scanThreads > 0 ? scanThreads : ClusterSize.scanThreads(client);
    Range range = rows.isAll() ? new Range() : Ranges.span(rows);
    return scan(client, b, range, readAuthorizations(client), threads, stack, semiring, maxCells)
        .answer();
  }

  /** An answering scan's cells and the tablets' progress summed. */
  record Returned(Answer answer, Progress total) {}

  /**
   * The answering stack on a batch scan of {@code b} over {@code range}: each tablet's returned
   * runs, gathered into C's cells within {@code maxCells}.
   *
   * @throws IllegalStateException when a tablet server stopped the multiply, or past the bound
   */
  static Returned scan(
      AccumuloClient client,
      String b,
      Range range,
      Authorizations auths,
      int threads,
      List<IteratorSetting> stack,
      String semiring,
      long maxCells)
      throws TableNotFoundException {
    List<byte[]> packed = new ArrayList<>();
    Progress total = Progress.NONE;
    long cells = 0;
    try (BatchScanner scan = client.createBatchScanner(b, auths, threads)) {
      scan.setRanges(List.of(range));
      ScanTypes.hint(scan, ScanTypes.INTERACTIVE);
      stack.forEach(scan::addScanIterator);
      for (Map.Entry<Key, Value> entry : scan) {
        if (!entry.getKey().getColumnFamilyData().equals(RemoteWriteIterator.CELLS)) {
          throw new IllegalStateException(
              "a tablet server stopped the multiply: " + Progress.decode(entry.getValue()).error());
        }
        Progress p = ReturnedCells.progressOf(entry.getValue());
        total = total.plus(p);
        cells += p.entriesWritten();
        if (cells > maxCells) {
          throw Answer.overBound("at least " + cells + " cells", maxCells);
        }
        packed.add(ReturnedCells.cellsOf(entry.getValue()));
      }
    }
    return new Returned(
        new Answer(
            Semirings.forName(semiring), packed, total.partialProducts(), total.rowsAligned()),
        total);
  }

  /** The credential file once written, a failure to write it as thrown there. */
  static CredentialFile join(CompletableFuture<CredentialFile> written) {
    try {
      return written.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : e;
    }
  }
}
