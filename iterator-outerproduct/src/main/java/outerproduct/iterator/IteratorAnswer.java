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
import outerproduct.kernel.product.Cancellation;
import outerproduct.kernel.product.MultiplyBuilder;
import outerproduct.kernel.product.MultiplyCancelledException;
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
 *
 * <p>A {@link #cancellation} cancelled while it runs deletes the request's credential file, which
 * stops each tablet server's call at its next check, closes the scan, and makes {@link #run} throw
 * {@link MultiplyCancelledException}.
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
        stack.add(returning(semiring, window, join(credentials)));
        return scan(client, stack, () -> CredentialFile.delete(credentials));
      } finally {
        CredentialFile.delete(credentials);
      }
    }
  }

  /**
   * The write iterator with output caller, over the stack that forms the products; {@code
   * credentials} only tells it whether the request is still wanted ({@link MultiplyLiveness}): it
   * writes nothing.
   */
  static IteratorSetting returning(String semiring, long window, CredentialFile credentials) {
    IteratorSetting s =
        new IteratorSetting(
            WriteSettings.REMOTE_WRITE_PRIORITY, "tableMultAnswer", RemoteWriteIterator.class);
    RemoteWriteIterator.setSemiring(s, semiring);
    RemoteWriteIterator.setCallerOutput(s);
    RemoteWriteIterator.setConnection(s, credentials);
    if (window != WindowSize.AUTO) {
      s.addOption(RemoteWriteIterator.WINDOW_OPTION, Long.toString(window));
    }
    return s;
  }

  private Answer scan(AccumuloClient client, List<IteratorSetting> stack, Runnable stopServers)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    int threads = scanThreads > 0 ? scanThreads : ClusterSize.scanThreads(client);
    Range range = rows.isAll() ? new Range() : Ranges.span(rows);
    Scan answering =
        new Scan(client, b, range, readAuthorizations(client), threads, cancellation, stopServers);
    return answering.run(stack, semiring, maxCells).answer();
  }

  /** An answering scan's cells and the tablets' progress summed. */
  record Returned(Answer answer, Progress total) {}

  /**
   * A batch scan of {@code b} over {@code range} as {@code auths} show it, {@code threads} tablets
   * at once; {@code cancellation} runs {@code stopServers} (deleting the credential file the tablet
   * servers check), then closes the scan.
   */
  record Scan(
      AccumuloClient client,
      String b,
      Range range,
      Authorizations auths,
      int threads,
      Cancellation cancellation,
      Runnable stopServers) {

    /**
     * The answering {@code stack} on this scan: each tablet's returned runs, gathered into C's
     * cells within {@code maxCells}.
     *
     * @throws IllegalStateException when a tablet server stopped the multiply, or past the bound
     * @throws MultiplyCancelledException when cancelled
     */
    Returned run(List<IteratorSetting> stack, String semiring, long maxCells)
        throws TableNotFoundException {
      cancellation.throwIfRequested("the answer, before its scan");
      List<byte[]> packed = new ArrayList<>();
      Progress total = Progress.NONE;
      long cells = 0;
      try (BatchScanner scan = client.createBatchScanner(b, auths, threads);
          Cancellation.Registration stop =
              cancellation.onCancel(
                  () -> {
                    stopServers.run();
                    scan.close();
                  })) {
        scan.setRanges(List.of(range));
        ScanTypes.hint(scan, ScanTypes.INTERACTIVE);
        stack.forEach(scan::addScanIterator);
        for (Map.Entry<Key, Value> entry : scan) {
          if (!entry.getKey().getColumnFamilyData().equals(RemoteWriteIterator.CELLS)) {
            cancellation.throwIfRequested("the answer");
            throw new IllegalStateException(
                "a tablet server stopped the multiply: "
                    + Progress.decode(entry.getValue()).error());
          }
          Progress p = ReturnedCells.progressOf(entry.getValue());
          total = total.plus(p);
          cells += p.entriesWritten();
          if (cells > maxCells) {
            throw Answer.overBound("at least " + cells + " cells", maxCells);
          }
          packed.add(ReturnedCells.cellsOf(entry.getValue()));
        }
      } catch (RuntimeException e) {
        // a scan closed under its reader fails in whatever way it was reading
        cancellation.throwIfRequested("the answer");
        throw e;
      }
      cancellation.throwIfRequested("the answer");
      return new Returned(
          new Answer(
              Semirings.forName(semiring), packed, total.partialProducts(), total.rowsAligned()),
          total);
    }
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
