package outerproduct.iterator;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
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
import outerproduct.kernel.accumulo.ResultState;

/**
 * One scan whose iterators write the result tables, with C's state kept on C: the results are
 * prepared and marked being written, the scan runs (a monitoring entry per tablet and call), and
 * they are marked complete, or incomplete with the reason when a tablet server stopped the
 * multiply, the scan failed, or a tablet moved between processes meanwhile ({@link TabletMoves}).
 */
final class ResultScan {
  /** What the scan's monitoring entries added up to. */
  record Totals(Progress total, long monitoringEntries) {}

  private final AccumuloClient client;
  private final List<String> results;
  private final PhaseClock clock;

  /** Result tables that did not exist before {@link #prepare}. */
  private final List<String> created = new ArrayList<>();

  ResultScan(AccumuloClient client, List<String> results, PhaseClock clock) {
    this.client = client;
    this.results = List.copyOf(results);
    this.clock = clock;
  }

  /** Checks or creates every result table and refuses one an earlier multiply left unfinished. */
  ResultScan prepare(String semiring, boolean removeZeros, boolean replaceIncomplete)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    for (String result : results) {
      if (!client.tableOperations().exists(result)) {
        created.add(result);
      }
      String state = ResultTables.prepare(client, result, semiring, new TreeSet<>(), removeZeros);
      ResultState.checkFinishedOrClear(client, result, state, replaceIncomplete);
    }
    clock.lap("prepare_results");
    return this;
  }

  /**
   * Once {@code inputs} (the input tables' checks) have passed, scans {@code table} over {@code
   * ranges} with {@code stack}, passing each monitoring entry's progress to {@code progress}. If
   * they fail, the result tables {@link #prepare} created are deleted and nothing was written.
   *
   * @throws IncompleteResultException after marking every result incomplete
   */
  Totals scan(
      CompletableFuture<Void> inputs,
      String table,
      List<Range> ranges,
      List<IteratorSetting> stack,
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
    for (String result : results) {
      ResultState.writing(client, result, "iterator");
    }
    clock.lap("mark_writing");
    Totals totals;
    String moved;
    try {
      totals = scanWriting(table, ranges, stack, scanThreads, progress, moves);
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
    for (String result : results) {
      ResultState.complete(client, result);
    }
    clock.lap("mark_complete");
    return totals;
  }

  private void awaitInputs(CompletableFuture<Void> inputs)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    try {
      InputTables.await(inputs);
    } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
      for (String result : created) {
        client.tableOperations().delete(result);
      }
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
    Authorizations auths = client.securityOperations().getUserAuthorizations(client.whoami());
    try (BatchScanner scan = client.createBatchScanner(table, auths, scanThreads)) {
      scan.setRanges(new ArrayList<>(ranges));
      scan.setExecutionHints(Map.of("scan_type", TableMult.SCAN_TYPE_HINT));
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
