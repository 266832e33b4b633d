package outerproduct.compare.engine;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.management.MBeanServerConnection;
import javax.management.Notification;
import javax.management.openmbean.CompositeData;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Peak Java heap of the embedded tablet servers over one run, as the heap in use right after a
 * garbage collection: what a server had to keep, not the garbage it had not yet collected. The
 * harness attaches to each server's JVM (same host, same user) and listens to its collections over
 * JMX; {@link #reset()} starts a run, {@link #peakMb()} gives the largest server's peak since. A
 * run without any collection reports the heap in use at its end (an upper bound). In-memory maps
 * live off the heap when native maps are on, so this is the engine's own footprint plus Accumulo's
 * scan and write buffers.
 */
public final class TabletServerHeap implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(TabletServerHeap.class);

  private final List<JMXConnector> connectors = new ArrayList<>();
  private final List<Server> servers = new ArrayList<>();

  /** One server: its heap pools' names and the largest heap after a collection since reset. */
  private record Server(MemoryMXBean memory, Set<String> heapPools, AtomicLong peakAfterGc) {}

  private TabletServerHeap() {}

  /**
   * Attaches to the given tablet-server processes; a process that cannot be attached to is logged
   * and left out (the report then has no peak for it).
   */
  public static TabletServerHeap attach(List<Long> pids) {
    TabletServerHeap heap = new TabletServerHeap();
    for (long pid : pids) {
      try {
        VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
        String address;
        try {
          address = vm.startLocalManagementAgent();
        } finally {
          vm.detach();
        }
        JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(address));
        heap.connectors.add(connector);
        heap.servers.add(listen(connector.getMBeanServerConnection()));
      } catch (Exception e) {
        log.warn("cannot read the heap of tablet server process {}: {}", pid, e.toString());
      }
    }
    return heap;
  }

  private static Server listen(MBeanServerConnection connection) throws IOException {
    Set<String> heapPools =
        ManagementFactory.getPlatformMXBeans(connection, MemoryPoolMXBean.class).stream()
            .filter(pool -> pool.getType() == MemoryType.HEAP)
            .map(MemoryPoolMXBean::getName)
            .collect(Collectors.toSet());
    Server server =
        new Server(
            ManagementFactory.getPlatformMXBean(connection, MemoryMXBean.class),
            heapPools,
            new AtomicLong());
    for (GarbageCollectorMXBean collector :
        ManagementFactory.getPlatformMXBeans(connection, GarbageCollectorMXBean.class)) {
      try {
        connection.addNotificationListener(
            collector.getObjectName(),
            (Notification n, Object handback) -> {
              if (n.getType()
                  .equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                long used =
                    GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData())
                        .getGcInfo()
                        .getMemoryUsageAfterGc()
                        .entrySet()
                        .stream()
                        .filter(e -> heapPools.contains(e.getKey()))
                        .mapToLong(e -> e.getValue().getUsed())
                        .sum();
                server.peakAfterGc().accumulateAndGet(used, Math::max);
              }
            },
            null,
            null);
      } catch (javax.management.InstanceNotFoundException e) {
        throw new IOException("garbage collector " + collector.getName() + " vanished", e);
      }
    }
    return server;
  }

  /** Starts a measurement. */
  public void reset() {
    servers.forEach(server -> server.peakAfterGc().set(0));
  }

  /**
   * The largest server's peak heap after a collection since {@link #reset()}, in MB; null if no
   * server could be read (an existing cluster, or a server that stopped).
   */
  public Double peakMb() {
    Double max = null;
    for (Server server : servers) {
      try {
        long bytes = server.peakAfterGc().get();
        if (bytes == 0) {
          MemoryUsage now = server.memory().getHeapMemoryUsage();
          bytes = now.getUsed();
        }
        max = Math.max(max == null ? 0 : max, bytes / 1048576.0);
      } catch (RuntimeException e) {
        log.warn("cannot read a tablet server's heap: {}", e.toString());
      }
    }
    return max;
  }

  @Override
  public void close() {
    for (JMXConnector connector : connectors) {
      try {
        connector.close();
      } catch (IOException e) {
        log.debug("closing a JMX connection", e);
      }
    }
  }
}
