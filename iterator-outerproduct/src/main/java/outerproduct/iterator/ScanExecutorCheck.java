package outerproduct.iterator;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a table's TableMult scans run on a scan executor of their own. Each scan of B holds a
 * thread of its executor while its iterators wait on a scan of AT, which runs on the table's usual
 * executor. If both are the same executor, as many concurrent B scans per tablet server as that
 * executor has threads take every thread, the scans of AT they wait on queue behind them, and the
 * multiplies deadlock: 16 concurrent queued multiplies on 2 tablet servers did exactly that with
 * Accumulo's default 16-thread executor. A dedicated executor breaks the cycle, and its thread
 * count bounds the writer memory multiplies hold in a tablet server.
 */
final class ScanExecutorCheck {
  private static final Logger log = LoggerFactory.getLogger(ScanExecutorCheck.class);
  static final String DISPATCHER = "table.scan.dispatcher";
  static final String SIMPLE_DISPATCHER = "org.apache.accumulo.core.spi.scan.SimpleScanDispatcher";
  static final String ROUTE = "table.scan.dispatcher.opts.executor." + TableMult.SCAN_TYPE_HINT;
  private static final Set<String> warned = ConcurrentHashMap.newKeySet();

  private ScanExecutorCheck() {}

  /**
   * @return null if {@code table}'s scans with the TableMult hint go to a dedicated executor (or a
   *     custom dispatcher decides, which cannot be checked), else what is wrong and how to fix it
   */
  static String problem(AccumuloClient client, String table)
      throws AccumuloException, TableNotFoundException {
    Map<String, String> config = client.tableOperations().getConfiguration(table);
    if (!SIMPLE_DISPATCHER.equals(config.get(DISPATCHER))) {
      return null;
    }
    String executor = config.get(ROUTE);
    if (executor != null && !executor.isBlank() && !executor.equals("default")) {
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
   * Logs {@link #problem} once per table and client JVM. Reading a table's configuration needs
   * ALTER_TABLE, which a user who may only read B lacks; then nothing is checked.
   */
  static void warnIfShared(AccumuloClient client, String table) throws TableNotFoundException {
    String problem;
    try {
      problem = problem(client, table);
    } catch (AccumuloException e) {
      log.debug("scan executor of '{}' not checked: {}", table, e.getMessage());
      return;
    }
    if (problem != null && warned.add(table)) {
      log.warn(problem);
    }
  }
}
