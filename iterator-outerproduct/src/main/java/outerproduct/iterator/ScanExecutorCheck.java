package outerproduct.iterator;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.kernel.accumulo.ScanTypes;

/**
 * Which scan executor a table's TableMult scans run on, and whether it is one of their own.
 *
 * <p>Each scan of B holds a thread of its executor while its iterators wait on a scan of AT, which
 * runs on the table's usual executor. If both are the same executor, as many concurrent B scans per
 * tablet server as that executor has threads take every thread, the scans of AT they wait on queue
 * behind them, and the multiplies deadlock: 16 concurrent queued multiplies on 2 tablet servers did
 * exactly that with Accumulo's default 16-thread executor. A dedicated executor breaks the cycle,
 * and its thread count bounds the writer memory multiplies hold in a tablet server.
 *
 * <p>Interactive requests (row subsets, answers to the caller) carry {@value
 * ScanTypes#INTERACTIVE}; a whole-table multiply carries {@value ScanTypes#BATCH} where B's
 * configuration routes that hint to an executor of its own, so that a nightly multiply takes the
 * batch executor's threads, not the interactive one's. Where that route is missing or cannot be
 * read, a whole table carries the interactive hint, as it did before there were two.
 */
final class ScanExecutorCheck {
  private static final Logger log = LoggerFactory.getLogger(ScanExecutorCheck.class);
  static final String DISPATCHER = "table.scan.dispatcher";
  static final String SIMPLE_DISPATCHER = "org.apache.accumulo.core.spi.scan.SimpleScanDispatcher";
  static final String ROUTES = "table.scan.dispatcher.opts.executor.";
  static final String ROUTE = ROUTES + ScanTypes.INTERACTIVE;
  static final String BATCH_ROUTE = ROUTES + ScanTypes.BATCH;
  private static final Set<String> warned = ConcurrentHashMap.newKeySet();

  private ScanExecutorCheck() {}

  /**
   * @return null if {@code table}'s scans with the TableMult hint go to a dedicated executor (or a
   *     custom dispatcher decides, which cannot be checked), else what is wrong and how to fix it
   */
  static String problem(AccumuloClient client, String table)
      throws AccumuloException, TableNotFoundException {
    return problem(client.tableOperations().getConfiguration(table), table);
  }

  /** {@link #problem(AccumuloClient, String)} from the table's configuration {@code config}. */
  static String problem(Map<String, String> config, String table) {
    if (!SIMPLE_DISPATCHER.equals(config.get(DISPATCHER)) || executorOf(config, ROUTE) != null) {
      return null;
    }
    return "TableMult scans of '"
        + table
        + "' run on the same scan executor as their own scans"
        + " of AT; enough concurrent multiplies (a tablet server's B tablets under scan reaching"
        + " that executor's thread count) deadlock. Give them their own executor:"
        + " config -s tserver.scan.executors.tablemult.threads=4 and config -s "
        + ROUTE
        + "=tablemult (docs/iterator-engine.md)";
  }

  /**
   * The executor {@code route} sends a scan to in {@code config}; null for none or the default one.
   */
  static String executorOf(Map<String, String> config, String route) {
    return dedicated(config.get(route));
  }

  /** {@code executor}, a route's value; null for none or the default executor. */
  static String dedicated(String executor) {
    return executor == null || executor.isBlank() || executor.equals("default") ? null : executor;
  }

  /**
   * The {@code scan_type} hint for a multiply's scans of {@code table}, logging {@link #problem}
   * once per table and client JVM: {@value ScanTypes#BATCH} for {@code wholeTables} where the
   * table's simple dispatcher routes it to an executor of its own, else {@value
   * ScanTypes#INTERACTIVE}. Reading a table's configuration needs ALTER_TABLE, which a user who may
   * only read B lacks; then nothing is checked and the interactive hint is used.
   */
  static String scanTypeFor(AccumuloClient client, String table, boolean wholeTables)
      throws TableNotFoundException {
    Map<String, String> config;
    try {
      config = client.tableOperations().getConfiguration(table);
    } catch (AccumuloException e) {
      log.debug("scan executor of '{}' not checked: {}", table, e.getMessage());
      return ScanTypes.INTERACTIVE;
    }
    String problem = problem(config, table);
    if (problem != null && warned.add(table)) {
      log.warn(problem);
    }
    return scanTypeFor(config, wholeTables);
  }

  /**
   * The hint {@link #scanTypeFor(AccumuloClient, String, boolean)} picks for B's {@code config}.
   */
  static String scanTypeFor(Map<String, String> config, boolean wholeTables) {
    boolean batchRouted =
        SIMPLE_DISPATCHER.equals(config.get(DISPATCHER)) && executorOf(config, BATCH_ROUTE) != null;
    return wholeTables && batchRouted ? ScanTypes.BATCH : ScanTypes.INTERACTIVE;
  }
}
