package outerproduct.iterator;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Range;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.product.MultiplyCancelledException;

/**
 * {@link ResultScan} for bulk output: the tablet servers stage sorted files, and C is touched only
 * by one bulk import at the end, so every failure or cancel before it leaves the result tables as
 * they were, and a C that does not exist yet is created while the scan runs ({@link
 * ResultScan#prepareBesideScan}).
 */
final class StagedScan {
  /** Scans of bulk output's uncovered rows before the multiply gives up. */
  static final int STAGING_ROUNDS = 3;

  private final ResultScan scan;
  private final String c;
  private final String ct;

  /** Bulk output of {@code scan} into {@code c} and/or {@code ct}. */
  StagedScan(ResultScan scan, String c, String ct) {
    this.scan = scan;
    this.c = c;
    this.ct = ct;
  }

  /**
   * {@link #scanIntoStaging} into a new staging directory under {@code stagingParent} (null: the
   * instance's first volume), removed afterwards; {@code stack} gives the scan's iterators for the
   * directory's URI.
   */
  ResultScan.Totals scanBulk(
      CompletableFuture<Void> inputs,
      String table,
      List<Range> ranges,
      Function<String, List<IteratorSetting>> stack,
      int scanThreads,
      Consumer<Progress> progress,
      String stagingParent)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException, IOException {
    BulkStaging staging;
    try {
      staging = BulkStaging.create(scan.client, stagingParent, scan.results);
    } catch (IOException | AccumuloException | AccumuloSecurityException | RuntimeException e) {
      scan.releaseUntouched();
      throw e;
    }
    try (staging) {
      scan.awaitInputs(inputs); // before the stack, which may wait for what the inputs' future does
      String like = c != null ? c : ct;
      return scanIntoStaging(
          inputs,
          table,
          ranges,
          BulkStaging.compressLike(
              scan.client, like, scan.createdBesideScan(like), stack.apply(staging.uri())),
          scanThreads,
          progress,
          staging);
    }
  }

  /**
   * As {@link ResultScan#scan}, for bulk output: the tablet servers stage files in {@code staging},
   * the rows of B that no committed stretch there covers are multiplied (all of them in a new
   * directory; again, after a lost tablet server, those it left uncommitted), up to {@value
   * #STAGING_ROUNDS} rounds, and then each result table gets one bulk import. Until that import
   * nothing touches the result tables: a failure before it leaves them as they were (those {@link
   * ResultScan#prepare} created are deleted).
   *
   * @return the totals, with {@code entriesWritten} those imported
   */
  ResultScan.Totals scanIntoStaging(
      CompletableFuture<Void> inputs,
      String table,
      List<Range> ranges,
      List<IteratorSetting> stack,
      int scanThreads,
      Consumer<Progress> progress,
      BulkStaging staging)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException, IOException {
    scan.chooseExecutor(table, stack);
    scan.clock.lap("executor_check");
    scan.awaitInputs(inputs);
    scan.clock.lap("check_inputs");
    ResultScan.Totals totals = stageUncovered(table, ranges, stack, scanThreads, progress, staging);
    Progress total = totals.total();
    scan.clock.lap("scan");
    scan.awaitCreated();
    long imported;
    try {
      imported = staging.importInto(scan.client, c, ct);
    } catch (IOException | AccumuloException | RuntimeException e) {
      throw scan.incomplete("the bulk import failed: " + e.getMessage(), e);
    }
    scan.clock.lap("bulk_import");
    scan.checkSums(total);
    for (String result : scan.results) {
      ResultState.complete(scan.client, result);
    }
    scan.clock.lap("mark_complete");
    return new ResultScan.Totals(
        new Progress(
            total.rowsAligned(),
            total.partialProducts(),
            imported,
            total.entriesRead(),
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
  private ResultScan.Totals stageUncovered(
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
      ResultScan.Totals scanned;
      try {
        scanned = scan.scanWriting(table, left, stack, scanThreads, progress, null);
      } catch (RuntimeException e) {
        throwIfCancelledUntouched();
        throw untouched("the scan of '" + table + "' failed: " + e.getMessage(), e);
      }
      throwIfCancelledUntouched();
      total = total.plus(scanned.total());
      monitoringEntries += scanned.monitoringEntries();
      if (total.error() != null) {
        throw untouched("a tablet server stopped the multiply: " + total.error(), null);
      }
      left = staging.gaps(ranges);
    }
    return new ResultScan.Totals(total, monitoringEntries);
  }

  /** A failure before the import: the result tables are as they were (or gone, if new). */
  private IllegalStateException untouched(String why, Exception cause)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    scan.releaseUntouched();
    return new IllegalStateException(
        "TableMult: " + why + "; nothing was imported, the result tables are as they were", cause);
  }

  /** A cancel before bulk output's import: the result tables are as they were, or gone if new. */
  private void throwIfCancelledUntouched()
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    if (scan.cancellation.requested()) {
      scan.releaseUntouched();
      throw new MultiplyCancelledException(
          "TableMult cancelled before its bulk import: nothing was imported, the result tables"
              + " are as they were (one it created is deleted)");
    }
  }
}
