package outerproduct.iterator;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import java.util.function.Supplier;
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
import org.apache.hadoop.io.Text;
import outerproduct.kernel.accumulo.IncompleteResultException;
import outerproduct.kernel.accumulo.InputTables;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.accumulo.ScanTypes;
import outerproduct.kernel.accumulo.ServerCode;
import outerproduct.kernel.product.Cancellation;
import outerproduct.kernel.product.MultiplyCancelledException;
import outerproduct.kernel.semiring.Semiring;

/**
 * One scan whose iterators write the result tables, with C's state kept on C: the results are
 * prepared and marked being written, the scan runs (a monitoring entry per tablet and call), and
 * they are marked complete, or incomplete with the reason when a tablet server stopped the
 * multiply, the scan failed, or a tablet moved between processes meanwhile ({@link TabletMoves}).
 */
final class ResultScan {
  private static final ThreadFactory CREATING_THREADS =
      new ThreadFactoryBuilder().setNameFormat("outerproduct-create-%d").setDaemon(true).build();

  /** What the scan's monitoring entries added up to. */
  record Totals(Progress total, long monitoringEntries) {}

  final AccumuloClient client;
  final List<String> results;
  final PhaseClock clock;
  private Authorizations readWith;
  private ServerCode.TableContext context = ServerCode.TableContext.NONE;
  Cancellation cancellation = new Cancellation();
  private Runnable stopServers = () -> {};

  /** Result tables {@link #prepare} created (also by {@link #prepareBesideScan}'s thread). */
  private final List<String> created = new ArrayList<>();

  /** Each result table's state before {@link #prepare} took it (null: none). */
  private final Map<String, String> before = new HashMap<>();

  /** Each result table's id when {@link #prepare} took it, which its writers check. */
  private final Map<String, String> ids = new HashMap<>();

  /** The result tables created beside the scan, and their creation (joined before any read). */
  private final List<String> creatingLater = new ArrayList<>();

  private CompletableFuture<Void> creating = CompletableFuture.completedFuture(null);

  /** Whether a result table held entries this multiply adds to (C's earlier sums count). */
  private boolean addsToExisting;

  /** Whether the multiply is of whole tables, a batch ({@link ScanExecutorCheck#scanTypeFor}). */
  private boolean wholeTables;

  /** The {@code scan_type} hint of B's scans, chosen by {@link #chooseExecutor}. */
  private String scanType = ScanTypes.INTERACTIVE;

  ResultScan(AccumuloClient client, List<String> results, PhaseClock clock) {
    this.client = client;
    this.results = List.copyOf(results);
    this.clock = clock;
  }

  /**
   * Stops the scan when {@code cancellation} is cancelled: {@code stopServers} first (deleting the
   * credentials file, which the tablet servers then see gone), then the client's scanner.
   */
  ResultScan cancelledBy(Cancellation cancellation, Runnable stopServers) {
    this.cancellation = cancellation;
    this.stopServers = stopServers;
    return this;
  }

  /** This scan for bulk output into {@code c} and/or {@code ct}. */
  StagedScan staged(String c, String ct) {
    return new StagedScan(this, c, ct);
  }

  /** A multiply of whole tables, whose scans take the batch executor where B routes one. */
  ResultScan ofWholeTables(boolean wholeTables) {
    this.wholeTables = wholeTables;
    return this;
  }

  /**
   * Picks the executor B's scans ask for ({@link ScanExecutorCheck#scanTypeFor}) and tells the
   * stack's writers which it is, so that their windows take that executor's share of the heap.
   */
  List<IteratorSetting> chooseExecutor(String table, List<IteratorSetting> stack)
      throws TableNotFoundException {
    scanType = ScanExecutorCheck.scanTypeFor(client, table, wholeTables);
    return ProductWriters.onExecutor(stack, scanType);
  }

  /** Scans the input with {@code auths} instead of all of the user's authorizations. */
  ResultScan readingWith(Authorizations auths) {
    this.readWith = auths;
    return this;
  }

  /** Result tables created here load this project's iterators where {@code input}'s do. */
  ResultScan inContextOf(String input) throws AccumuloException {
    this.context = ServerCode.contextOf(client, input);
    return this;
  }

  /**
   * Checks or creates every result table and takes it for this multiply ({@link
   * ResultState#claim}): one another multiply is writing, or one holding a result, is refused
   * unless {@code reuse} allows it; a table created here gets its {@code splits} (none if absent).
   */
  ResultScan prepare(
      String semiring,
      Map<String, SortedSet<Text>> splits,
      boolean removeZeros,
      ResultState.Reuse reuse)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    prepare(results, semiring, splits, removeZeros, reuse);
    clock.lap("prepare_results");
    return this;
  }

  /**
   * As {@link #prepare}, for bulk output, whose result tables nothing touches before the import:
   * one that exists is checked and taken now, so that a refusal still comes before the scan; one
   * the user may create is created and taken on another thread while the scan runs, and {@link
   * #awaitCreated} waits for it before the import. Creating a table is a manager operation of a few
   * tenths of a second that a small request would otherwise wait for before its scan.
   */
  ResultScan prepareBesideScan(
      String semiring,
      Map<String, SortedSet<Text>> splits,
      boolean removeZeros,
      ResultState.Reuse reuse)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    List<String> now = new ArrayList<>();
    List<String> later = new ArrayList<>();
    for (String result : results) {
      boolean createLater =
          !client.tableOperations().exists(result) && ResultTables.mayCreate(client, result);
      (createLater ? later : now).add(result);
    }
    prepare(now, semiring, splits, removeZeros, reuse);
    creatingLater.addAll(later);
    if (!later.isEmpty()) {
      creating =
          CompletableFuture.runAsync(
              () -> {
                try {
                  prepare(later, semiring, splits, removeZeros, reuse);
                } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
                  throw new CompletionException(e);
                }
              },
              // its own thread: the common pool has one on 2 cores, maybe busy with input checks
              task -> CREATING_THREADS.newThread(task).start());
    }
    clock.lap("prepare_results");
    return this;
  }

  private void prepare(
      List<String> tables,
      String semiring,
      Map<String, SortedSet<Text>> splits,
      boolean removeZeros,
      ResultState.Reuse reuse)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    for (String result : tables) {
      boolean exists = client.tableOperations().exists(result);
      SortedSet<Text> split = splits.getOrDefault(result, new TreeSet<>());
      String state = ResultTables.prepare(client, result, semiring, split, removeZeros, context);
      if (exists) {
        ResultState.checkEmptyUnlessAdding(client, result, state, reuse);
      }
      String previous = ResultState.claim(client, result, "iterator", reuse);
      if (!exists) { // once claimed: one another multiply created first is not ours to delete
        created.add(result);
      }
      before.put(result, previous);
      ids.put(result, ResultState.idOf(client, result));
      addsToExisting |= exists && (ResultState.COMPLETE.equals(previous) || reuse.addToExisting());
    }
  }

  boolean createdBesideScan(String table) {
    return creatingLater.contains(table);
  }

  /** Waits for {@link #prepareBesideScan}'s tables; if it failed, releases all and throws that. */
  void awaitCreated() throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    try {
      InputTables.await(creating);
    } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
      releaseUntouched();
      throw e;
    }
    clock.lap("await_results");
  }

  /**
   * Once {@code inputs} (the input tables' checks, and whatever else the scan waits for) have
   * passed, scans {@code table} over {@code ranges} with the iterators {@code stack} gives then,
   * passing each monitoring entry's progress to {@code progress}. If they fail, the result tables
   * {@link #prepare} created are deleted and nothing was written.
   *
   * @throws IncompleteResultException after marking every result incomplete
   */
  Totals scan(
      CompletableFuture<Void> inputs,
      String table,
      List<Range> ranges,
      Supplier<List<IteratorSetting>> stack,
      int scanThreads,
      Consumer<Progress> progress)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    TabletMoves moves;
    try {
      scanType = ScanExecutorCheck.scanTypeFor(client, table, wholeTables);
      clock.lap("executor_check");
      moves = TabletMoves.watch(client, table, results);
      clock.lap("hosting_before");
    } catch (TableNotFoundException | RuntimeException e) {
      awaitInputs(inputs); // a missing or unreadable input says better what went wrong
      throw e;
    }
    awaitInputs(inputs);
    clock.lap("check_inputs");
    Totals totals;
    String moved;
    try {
      totals =
          scanWriting(
              table,
              ranges,
              ProductWriters.onExecutor(ProductWriters.fenced(stack.get(), ids), scanType),
              scanThreads,
              progress,
              moves);
      clock.lap("scan");
      moved = moves.moved();
      clock.lap("hosting_after");
    } catch (RuntimeException e) {
      throwIfCancelled();
      throw incomplete("the scan of '" + table + "' failed: " + e.getMessage(), e);
    }
    throwIfCancelled();
    if (totals.total().error() != null) {
      throw incomplete("a tablet server stopped the multiply: " + totals.total().error(), null);
    }
    if (moved != null) {
      throw incomplete(
          moved
              + " moved between tablet server processes during the multiply (a server was lost or"
              + " the tablet migrated); products written just before the move may be in C twice",
          null);
    }
    checkSums(totals.total());
    for (String result : results) {
      ResultState.complete(client, result);
    }
    clock.lap("mark_complete");
    return totals;
  }

  /**
   * Fails the multiply if C's combiner could not form a sum: looked for (a scan of each result)
   * only when the products written, or the entries added to, could make ⊕ fail.
   *
   * @throws IncompleteResultException naming the first failed sum's cell and reason
   */
  void checkSums(Progress total)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    if (!addsToExisting && total.plusExposure() < Semiring.SAFE_EXPOSURE) {
      return;
    }
    for (String result : results) {
      Optional<String> failed = FailedSumFilter.first(client, result);
      if (failed.isPresent()) {
        throw incomplete("⊕ failed in result table '" + result + "' at " + failed.get(), null);
      }
    }
    clock.lap("check_sums");
  }

  /**
   * When the multiply stops before writing: deletes the result tables {@link #prepare} created and
   * gives the others back in the state they had.
   */
  void releaseUntouched()
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    creating.handle((done, failed) -> null).join(); // what it created is then in created
    for (String result : created) {
      client.tableOperations().delete(result);
      before.remove(result);
    }
    created.clear();
    before.forEach((result, state) -> ResultState.release(client, result, state));
    before.clear();
  }

  void awaitInputs(CompletableFuture<Void> inputs)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    try {
      InputTables.await(inputs);
    } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
      releaseUntouched();
      throw e;
    }
  }

  Totals scanWriting(
      String table,
      List<Range> ranges,
      List<IteratorSetting> stack,
      int scanThreads,
      Consumer<Progress> progress,
      TabletMoves moves)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    Progress total = Progress.NONE;
    long monitoringEntries = 0;
    Authorizations auths =
        readWith != null
            ? readWith
            : client.securityOperations().getUserAuthorizations(client.whoami());
    try (BatchScanner scan = client.createBatchScanner(table, auths, scanThreads);
        Cancellation.Registration stop =
            cancellation.onCancel(
                () -> {
                  stopServers.run();
                  scan.close();
                })) {
      scan.setRanges(new ArrayList<>(ranges));
      ScanTypes.hint(scan, scanType);
      stack.forEach(scan::addScanIterator);
      for (Map.Entry<Key, Value> entry : scan) {
        Progress p = Progress.decode(entry.getValue());
        total = total.plus(p);
        monitoringEntries++;
        progress.accept(p);
        if (moves != null) {
          moves.saw(entry.getKey().getRow(), p.server());
        }
        if (p.error() != null) {
          break;
        }
      }
    }
    return new Totals(total, monitoringEntries);
  }

  /**
   * A cancel while C may hold products: a result table this multiply created is deleted, one that
   * existed is marked incomplete, cancelled ({@link ResultState#cancelled}).
   */
  private void throwIfCancelled() {
    if (cancellation.requested()) {
      StringBuilder message = new StringBuilder("TableMult cancelled");
      results.forEach(
          r -> message.append("; ").append(ResultState.cancelled(client, r, created.contains(r))));
      throw new MultiplyCancelledException(message.toString());
    }
  }

  IncompleteResultException incomplete(String why, Exception cause) {
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
}
