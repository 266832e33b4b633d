package outerproduct.iterator;

import org.apache.accumulo.core.client.PluginEnvironment;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import outerproduct.kernel.product.WindowSize;

/**
 * The window (bulk output's, or BatchWriter output's pre-sum for a whole table) a tablet server
 * holds per scan when the multiply leaves its size to the server ({@code auto}, the default):
 * {@link WindowSize#forHeap} of the tablet server's heap, shared by the threads of the scan
 * executor that runs the scan (each may hold a full window at once). A 3 GB tablet server with a
 * 4-thread executor holds up to 6.3M products a scan, so at most a quarter of its heap in windows;
 * with Accumulo's default 16-thread executor, 1.6M. Where B routes whole-table multiplies to an
 * executor of their own ({@link ScanExecutorCheck#BATCH_ROUTE}), both executors' scans may hold
 * windows at once, so each executor's threads share half of that quarter: 2 batch threads keep the
 * window a 4-thread executor gave whole tables alone, interactive requests get half theirs.
 */
final class ServerWindow {
  /**
   * Threads of Accumulo's default scan executor ({@code tserver.scan.executors.default.threads}).
   */
  static final int DEFAULT_EXECUTOR_THREADS = 16;

  private ServerWindow() {}

  /** The window for a scan with the {@code scan_type} hint {@code scanType} in this server. */
  static int products(IteratorEnvironment env, String scanType) {
    return WindowSize.forHeap(Runtime.getRuntime().maxMemory(), 0, windowsSharing(env, scanType));
  }

  /**
   * How many windows share the budget: the threads of the executor the scan runs on (the one B's
   * configuration routes {@code scanType} to, else the default executor), twice that where B routes
   * the batch hint to an executor of its own beside the interactive one.
   */
  static int windowsSharing(IteratorEnvironment env, String scanType) {
    try {
      PluginEnvironment plugins = env.getPluginEnv();
      PluginEnvironment.Configuration table = plugins.getConfiguration(env.getTableId());
      String executor = ScanExecutorCheck.dedicated(table.get(ScanExecutorCheck.ROUTES + scanType));
      String threads =
          plugins
              .getConfiguration()
              .get(
                  "tserver.scan.executors."
                      + (executor == null ? "default" : executor)
                      + ".threads");
      int count =
          threads == null ? DEFAULT_EXECUTOR_THREADS : Math.max(1, Integer.parseInt(threads));
      boolean twoExecutors =
          ScanExecutorCheck.dedicated(table.get(ScanExecutorCheck.BATCH_ROUTE)) != null;
      return twoExecutors ? 2 * count : count;
    } catch (RuntimeException e) {
      // An environment without configuration (an iterator test harness): Accumulo's default.
      return DEFAULT_EXECUTOR_THREADS;
    }
  }
}
