package outerproduct.internals;

import java.io.IOException;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * The tablet server processes alive now, as {@code host:port[session]}, the form the metadata
 * table's location entries use. Each tablet server holds a lock under the instance's {@code
 * tservers} node in ZooKeeper; its session is the lock's ephemeral owner, which dies with the
 * process. Accumulo's public API lists servers only by host and port, which cannot tell a restarted
 * server from the one that died, hence the direct read (the nodes are world-readable: every client
 * reads them to find tablet servers). The layout ({@code /accumulo/<instance
 * id>/tservers/<host:port>/ <lock>#<sequence>}) is Accumulo's internal one; {@code
 * AccumuloInternalsIT} fails when it changes.
 */
public final class TabletServerSessions {
  private static final int DEFAULT_TIMEOUT_MS = 30_000;

  private TabletServerSessions() {}

  public static Set<String> live(AccumuloClient client) throws IOException, InterruptedException {
    String zookeepers = client.properties().getProperty("instance.zookeepers");
    String root =
        "/accumulo/" + client.instanceOperations().getInstanceId().canonical() + "/tservers";
    CountDownLatch connected = new CountDownLatch(1);
    ZooKeeper zk =
        new ZooKeeper(
            zookeepers,
            DEFAULT_TIMEOUT_MS,
            event -> {
              if (event.getState() == KeeperState.SyncConnected) {
                connected.countDown();
              }
            });
    try {
      if (!connected.await(DEFAULT_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
        throw new IOException(
            "no ZooKeeper connection to " + zookeepers + " in " + DEFAULT_TIMEOUT_MS + " ms");
      }
      Set<String> live = new TreeSet<>();
      for (String server : zk.getChildren(root, false)) {
        String holder = null;
        for (String lock : zk.getChildren(root + "/" + server, false)) {
          // The holder is the lock node with the lowest sequence number (its name's last field).
          if (holder == null || sequence(lock).compareTo(sequence(holder)) < 0) {
            holder = lock;
          }
        }
        Stat stat = holder == null ? null : zk.exists(root + "/" + server + "/" + holder, false);
        if (stat != null) {
          live.add(server + "[" + Long.toHexString(stat.getEphemeralOwner()) + "]");
        }
      }
      return live;
    } catch (KeeperException e) {
      throw new IOException(
          "reading the tablet servers under " + root + " in ZooKeeper " + zookeepers, e);
    } finally {
      zk.close();
    }
  }

  private static String sequence(String lockNode) {
    return lockNode.substring(lockNode.lastIndexOf('#') + 1);
  }
}
