package outerproduct.kernel.accumulo;

import org.apache.accumulo.core.client.AccumuloClient;

/**
 * Defaults that grow with the cluster, from the number of tablet servers live now (one ZooKeeper
 * read, cached by the client). Each keeps what the calibration measured on two tablet servers: 4
 * scan threads and 2 reducers there.
 */
public final class ClusterSize {
  private ClusterSize() {}

  /** The live tablet servers, at least 1. */
  public static int tabletServers(AccumuloClient client) {
    return Math.max(1, client.instanceOperations().getTabletServers().size());
  }

  /**
   * Tablets of B an iterator multiply works at once: two per tablet server (a batch scan bins B's
   * tablets by server, so each server then works two at a time), at least 4.
   */
  public static int scanThreads(AccumuloClient client) {
    return Math.max(4, 2 * tabletServers(client));
  }

  /**
   * Reducers of a whole-table MapReduce multiply: one per tablet server, so that C's writes (or
   * files, one per reducer, each a range of C's rows) spread over them; at least 2.
   */
  public static int wholeTableReducers(AccumuloClient client) {
    return Math.max(2, tabletServers(client));
  }
}
