package outerproduct.iterator;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
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
import outerproduct.kernel.accumulo.ServerCode;
import outerproduct.kernel.semiring.Semiring;

/**
 * One scan whose iterators write the result tables, with C's state kept on C: the results are
 * prepared and marked being written, the scan runs (a monitoring entry per tablet and call), and
 * they are marked complete, or incomplete with the reason when a tablet server stopped the
 * multiply, the scan failed, or a tablet moved between processes meanwhile ({@link TabletMoves}).
 */
final class ResultScan {
  /** Scans of bulk output's uncovered rows before the multiply gives up. */
  static final int STAGING_ROUNDS = 3;

  /** What the scan's monitoring entries added up to. */
  record Totals(Progress total, long monitoringEntries) {}

  private final AccumuloClient client;
  private final List<String> results;
  private final PhaseClock clock;
  private Authorizations readWith;
  private ServerCode.TableContext context = ServerCode.TableContext.NONE;

  /** Result tables that did not exist before {@link #prepare}. */
  private final List<String> created = new ArrayList<>();

  /** Each result table's state before {@link #prepare} took it (null: none). */
  private final Map<String, String> before = new HashMap<>();

  /** Each result table's id when {@link #prepare} took it, which its writers check. */
  private final Map<String, String> ids = new HashMap<>();

  /** Whether a result table held entries this multiply adds to (C's earlier sums count). */
  private boolean addsToExisting;

  ResultScan(AccumuloClient client, List<String> results, PhaseClock clock) {
    this.client = client;
    this.results = List.copyOf(results);
    this.clock = clock;
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
    for (String result : results) {
      boolean exists = client.tableOperations().exists(result);
      SortedSet<Text> split = splits.getOrDefault(result, new TreeSet<>());
      String state = ResultTables.prepare(client, result, semiring, split, removeZeros, context);
      if (!exists) {
        created.add(result);

      } else {
        ResultState.checkEmptyUnlessAdding(client, result, state, reuse);
      }
      String previous = ResultState.claim(client, result, "iterator", reuse);
      before.put(result, previous);
      ids.put(result, ResultState.idOf(client, result));
      addsToExisting |= exists && (ResultState.COMPLETE.equals(previous) || reuse.addToExisting());
    }
    clock.lap("prepare_results");
    return this;
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
      ScanExecutorCheck.warnIfShared(client, table);
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
              table, ranges, ProductWriters.fenced(stack.get(), ids), scanThreads, progress, moves);
      clock.lap("scan");
      moved = moves.moved();
      clock.lap("hosting_after");
    } catch (RuntimeException e) {
      throw incomplete("the scan of '" + table + "' failed: " + e.getMessage(), e);
    }
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
  private void checkSums(Progress total)
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
   * {@link #scanIntoStaging} into a new staging directory under {@code stagingParent} (null: the
   * instance's first volume), removed afterwards; {@code stack} gives the scan's iterators for the
   * directory's URI.
   */
  Totals scanBulk(
      CompletableFuture<Void> inputs,
      String table,
      List<Range> ranges,
      Function<String, List<IteratorSetting>> stack,
      int scanThreads,
      Consumer<Progress> progress,
      String stagingParent,
      String c,
      String ct)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException, IOException {
    BulkStaging staging;
    try {
      staging = BulkStaging.create(client, stagingParent, results);
    } catch (IOException | AccumuloException | AccumuloSecurityException | RuntimeException e) {
      releaseUntouched();
      throw e;
    }
    try (staging) {
      awaitInputs(inputs); // before the stack, which may wait for what the inputs' future does
      return scanIntoStaging(
          inputs,
          table,
          ranges,
          BulkStaging.compressLike(client, c != null ? c : ct, stack.apply(staging.uri())),
          scanThreads,
          progress,
          staging,
          c,
          ct);
    }
  }

  /**
   * As {@link #scan}, for bulk output: the tablet servers stage files in {@code staging}, the rows
   * of B that no committed stretch there covers are multiplied (all of them in a new directory;
   * again, after a lost tablet server, those it left uncommitted), up to {@value #STAGING_ROUNDS}
   * rounds, and then each result table gets one bulk import. Until that import nothing touches the
   * result tables: a failure before it leaves them as they were (those {@link #prepare} created are
   * deleted).
   *
   * @return the totals, with {@code entriesWritten} those imported
   */
  Totals scanIntoStaging(
      CompletableFuture<Void> inputs,
      String table,
      List<Range> ranges,
      List<IteratorSetting> stack,
      int scanThreads,
      Consumer<Progress> progress,
      BulkStaging staging,
      String c,
      String ct)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException, IOException {
    ScanExecutorCheck.warnIfShared(client, table);
    clock.lap("executor_check");
    awaitInputs(inputs);
    clock.lap("check_inputs");
    Totals totals = stageUncovered(table, ranges, stack, scanThreads, progress, staging);
    Progress total = totals.total();
    clock.lap("scan");
    long imported;
    try {
      imported = staging.importInto(client, c, ct);
    } catch (IOException | AccumuloException | RuntimeException e) {
      throw incomplete("the bulk import failed: " + e.getMessage(), e);
    }
    clock.lap("bulk_import");
    checkSums(total);
    for (String result : results) {
      ResultState.complete(client, result);
    }
    clock.lap("mark_complete");
    return new Totals(
        new Progress(
            total.rowsAligned(),
            total.partialProducts(),
            imported,
            total.resumes(),
            total.busyMicros(),
            total.flushMicros(),
            total.plusExposure(),
            total.traffic(),
            null,
            null),
        totals.monitoringEntries());
  }

  /**
   * Scans the rows of {@code ranges} that no stretch committed in {@code staging} covers (all of
   * them in a new directory), and again those a lost tablet server left uncovered.
   */
  private Totals stageUncovered(
      String table,
      List<Range> ranges,
      List<IteratorSetting> stack,
      int scanThreads,
      Consumer<Progress> progress,
      BulkStaging staging)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException, IOException {
    Progress total = Progress.NONE;
    long monitoringEntries = 0;
    List<Range> left = staging.gaps(ranges);
    for (int round = 0; !left.isEmpty(); round++) {
      if (round == STAGING_ROUNDS) {
        throw untouched(
            "rows " + left + " of '" + table + "' stayed uncovered after " + round + " scans",
            null);
      }
      Totals scanned;
      try {
        scanned = scanWriting(table, left, stack, scanThreads, progress, null);
      } catch (RuntimeException e) {
        throw untouched("the scan of '" + table + "' failed: " + e.getMessage(), e);
      }
      total = total.plus(scanned.total());
      monitoringEntries += scanned.monitoringEntries();
      if (total.error() != null) {
        throw untouched("a tablet server stopped the multiply: " + total.error(), null);
      }
      left = staging.gaps(ranges);
    }
    return new Totals(total, monitoringEntries);
  }

  /** A failure before the import: the result tables are as they were (or gone, if new). */
  private IllegalStateException untouched(String why, Exception cause)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    releaseUntouched();
    return new IllegalStateException(
        "TableMult: " + why + "; nothing was imported, the result tables are as they were", cause);
  }

  /**
   * When the multiply stops before writing: deletes the result tables {@link #prepare} created and
   * gives the others back in the state they had.
   */
  void releaseUntouched()
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    for (String result : created) {
      client.tableOperations().delete(result);
      before.remove(result);
    }
    created.clear();
    before.forEach((result, state) -> ResultState.release(client, result, state));
    before.clear();
  }

  private void awaitInputs(CompletableFuture<Void> inputs)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    try {
      InputTables.await(inputs);
    } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
      releaseUntouched();
      throw e;
    }
  }

  private Totals scanWriting(
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
    try (BatchScanner scan = client.createBatchScanner(table, auths, scanThreads)) {
      scan.setRanges(new ArrayList<>(ranges));
      scan.setExecutionHints(Map.of("scan_type", TableMult.SCAN_TYPE_HINT));
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

  private IncompleteResultException incomplete(String why, Exception cause) {
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
