package outerproduct.cluster;

import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import outerproduct.internals.TabletHosting;

/**
 * Waits, after {@code scripts/cluster deploy} restarted the tablet servers one by one, until all of
 * them are back and every user table with at least as many tablets as servers is served by all of
 * them, and the manager reports no migration left. A multiply started while a tablet still moves
 * marks its C incomplete, as it must; an operator's rolling restart waits for the balancer alike.
 * The manager may learn of a restarted server after ZooKeeper lists it, so {@code waitForBalance}
 * alone can return before the servers' tablets are moved: the tables' hosting is checked too.
 */
public final class AwaitBalance {
  private static final long TIMEOUT_S = 180;

  private AwaitBalance() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: AwaitBalance <accumulo-client.properties> <tablet servers>");
      System.exit(2);
    }
    int servers = Integer.parseInt(args[1]);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
    try (AccumuloClient client = Accumulo.newClient().from(args[0]).build()) {
      while (!balanced(client, servers)) {
        if (System.nanoTime() > deadline) {
          System.err.println("error: tablets still unbalanced after " + TIMEOUT_S + " s");
          System.exit(1);
        }
        Thread.sleep(500);
      }
    }
    // ZooKeeper client threads are not daemons.
    System.exit(0);
  }

  private static boolean balanced(AccumuloClient client, int servers) throws Exception {
    if (client.instanceOperations().getTabletServers().size() < servers) {
      return false;
    }
    client.instanceOperations().waitForBalance();
    for (String table : client.tableOperations().list()) {
      if (table.startsWith("accumulo.")
          || client.tableOperations().listSplits(table).size() + 1 < servers) {
        continue;
      }
      if (TabletHosting.of(client, table).hosts().size() < servers) {
        return false;
      }
    }
    return true;
  }
}
