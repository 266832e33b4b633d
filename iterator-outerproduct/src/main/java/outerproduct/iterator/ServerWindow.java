package outerproduct.iterator;

import org.apache.accumulo.core.client.PluginEnvironment;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import outerproduct.kernel.product.WindowSize;

/**
 * The window (bulk output's, or BatchWriter output's pre-sum for a whole table) a tablet server
 * holds per scan when the multiply leaves its size to the server ({@code auto}, the default):
 * {@link WindowSize#forHeap} of the tablet server's heap, shared by the threads of the scan
 * executor that runs TableMult's scans of B (each may hold a full window at once). A 3 GB tablet
 * server with a 4-thread executor holds up to 6.3M products a scan, so at most a quarter of its
 * heap in windows; with Accumulo's default 16-thread executor, 1.6M.
 */
final class ServerWindow {
  /**
   * Threads of Accumulo's default scan executor ({@code tserver.scan.executors.default.threads}).
   */
  static final int DEFAULT_EXECUTOR_THREADS = 16;

  private ServerWindow() {}

  /** The window for a scan in this tablet server. */
  static int products(IteratorEnvironment env) {
    return WindowSize.forHeap(Runtime.getRuntime().maxMemory(), 0, scanThreads(env));
  }

  /**
   * Threads of the executor B's TableMult scans run on: the one B's table configuration routes them
   * to ({@link ScanExecutorCheck#ROUTE}), else the default executor.
   */
  static int scanThreads(IteratorEnvironment env) {
    try {
      PluginEnvironment plugins = env.getPluginEnv();
      String executor = plugins.getConfiguration(env.getTableId()).get(ScanExecutorCheck.ROUTE);
      if (executor == null || executor.isBlank()) {
        executor = "default";
      }
      String threads =
          plugins.getConfiguration().get("tserver.scan.executors." + executor + ".threads");
      return threads == null ? DEFAULT_EXECUTOR_THREADS : Math.max(1, Integer.parseInt(threads));
    } catch (RuntimeException e) {
      // An environment without configuration (an iterator test harness): Accumulo's default.
      return DEFAULT_EXECUTOR_THREADS;
    }
  }
}
