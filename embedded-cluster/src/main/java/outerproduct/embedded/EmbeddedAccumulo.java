package outerproduct.embedded;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.minicluster.MemoryUnit;
import org.apache.accumulo.minicluster.ServerType;
import org.apache.accumulo.miniclusterImpl.MiniAccumuloClusterControl;
import org.apache.accumulo.miniclusterImpl.MiniAccumuloClusterImpl;
import org.apache.accumulo.miniclusterImpl.MiniAccumuloConfigImpl;
import org.apache.accumulo.miniclusterImpl.ProcessReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A MiniAccumuloCluster: real ZooKeeper, manager, gc and tablet-server processes, each its own JVM,
 * started with this JVM's classpath (so this project's iterators run inside the tablet servers
 * without deploying a jar). Sized for a 2-core machine.
 */
public final class EmbeddedAccumulo implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(EmbeddedAccumulo.class);

  private final MiniAccumuloClusterImpl cluster;
  private final Path dir;
  private volatile boolean closed;

  private EmbeddedAccumulo(MiniAccumuloClusterImpl cluster, Path dir) {
    this.cluster = cluster;
    this.dir = dir;
  }

  /** Settings an operator chooses; the defaults suit the test suite on 2 cores. */
  public static final class Settings {
    int tabletServers = 2;
    int tabletServerMemoryMb = 768;
    int inMemoryMapMb = 256;
    boolean nativeMaps = true;
    final Map<String, String> siteConfig = new HashMap<>();
    final Map<String, String> systemProperties = new HashMap<>();
    final Map<String, String> coreSite = new HashMap<>();
    final Map<ServerType, List<String>> serverJvmOptions = new EnumMap<>(ServerType.class);
    final List<String> toolJvmOptions = new ArrayList<>();
    String rootUser;

    public Settings tabletServers(int n) {
      if (n < 1) {
        throw new IllegalArgumentException("tablet servers must be at least 1, got " + n);
      }
      this.tabletServers = n;
      return this;
    }

    public Settings tabletServerMemoryMb(int mb) {
      this.tabletServerMemoryMb = mb;
      return this;
    }

    /**
     * Each tablet server's in-memory map ({@code tserver.memory.maps.max}): what it buffers before
     * a minor compaction writes a file. MiniAccumuloCluster's own default, 40 MB, makes an
     * ingest-bound engine spend its time flushing and compacting.
     */
    public Settings inMemoryMapMb(int mb) {
      if (mb < 16) {
        throw new IllegalArgumentException("in-memory map must be at least 16 MB, got " + mb);
      }
      this.inMemoryMapMb = mb;
      return this;
    }

    /**
     * Whether the tablet servers use Accumulo's native in-memory map when this build has it ({@link
     * NativeMaps}); false keeps Java maps, which live on the tablet server's heap.
     */
    public Settings nativeMaps(boolean use) {
      this.nativeMaps = use;
      return this;
    }

    /** accumulo.properties entries for every server. */
    public Settings site(Map<String, String> entries) {
      siteConfig.putAll(entries);
      return this;
    }

    /** An accumulo.properties entry for every server. */
    public Settings site(String property, String value) {
      siteConfig.put(property, value);
      return this;
    }

    /** A Java system property of every server process. */
    public Settings systemProperty(String property, String value) {
      systemProperties.put(property, value);
      return this;
    }

    /** JVM options of one kind of server process, after MiniAccumuloCluster's own. */
    public Settings jvmOptions(ServerType type, String... options) {
      serverJvmOptions.computeIfAbsent(type, t -> new ArrayList<>()).addAll(List.of(options));
      return this;
    }

    /**
     * JVM options of the one-off tools MiniAccumuloCluster runs while it starts (its instance's
     * {@code Initialize}, then {@code SetGoalState}, which the manager's start waits for).
     */
    public Settings toolJvmOptions(String... options) {
      toolJvmOptions.addAll(List.of(options));
      return this;
    }

    /** A Hadoop core-site.xml entry of every server process. */
    public Settings coreSite(String property, String value) {
      coreSite.put(property, value);
      return this;
    }

    /** The instance's root user (default {@code root}): a principal under Kerberos. */
    public Settings rootUser(String name) {
      this.rootUser = name;
      return this;
    }
  }

  public static EmbeddedAccumulo start(Path parentDir, Settings settings) {
    ClusterProcesses.guard();
    FinishedRuns.remove(parentDir);
    Path dir = ClusterProcesses.baseDir(parentDir).resolve("accumulo");
    long begin = System.nanoTime();
    try {
      Files.createDirectories(dir.getParent());
      MiniAccumuloConfigImpl config =
          new MiniAccumuloConfigImpl(dir.toFile(), Secrets.rootPassword());
      config.setNumTservers(settings.tabletServers);
      config.setDefaultMemory(256, MemoryUnit.MEGABYTE);
      config.setMemory(ServerType.ZOOKEEPER, 128, MemoryUnit.MEGABYTE);
      config.setMemory(
          ServerType.TABLET_SERVER, settings.tabletServerMemoryMb, MemoryUnit.MEGABYTE);
      processes(config, settings);
      Optional<Path> nativeLib =
          settings.nativeMaps
              ? NativeMaps.installInto(dir.resolveSibling("native"))
              : Optional.empty();
      nativeLib.ifPresent(lib -> config.setNativeLibPaths(lib.toString()));
      Map<String, String> site =
          siteConfig(config.getSiteConfig(), settings, nativeLib.isPresent());
      config.setSiteConfig(site);
      MiniAccumuloClusterImpl cluster =
          new MiniClusterWithJvmOptions(config, settings.serverJvmOptions, settings.toolJvmOptions);
      writeCoreSite(config.getConfDir().toPath(), settings.coreSite);
      EmbeddedAccumulo accumulo = new EmbeddedAccumulo(cluster, dir);
      Runtime.getRuntime().addShutdownHook(new Thread(accumulo::close, "stop-embedded-accumulo"));
      cluster.start();
      log.info(
          "MiniAccumuloCluster up in {} s: {} tablet servers ({} MB heap, {} in-memory maps of {}"
              + " MB), instance {}, zookeepers {}, dir {}",
          String.format("%.1f", (System.nanoTime() - begin) / 1e9),
          settings.tabletServers,
          settings.tabletServerMemoryMb,
          nativeLib.isPresent() ? "native" : "Java",
          settings.inMemoryMapMb,
          cluster.getInstanceName(),
          cluster.getZooKeepers(),
          dir);
      return accumulo;
    } catch (IOException e) {
      throw new UncheckedIOException("could not start MiniAccumuloCluster in " + dir, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting MiniAccumuloCluster", e);
    }
  }

  /** Each server process's system properties (the marker among them) and the root user. */
  private static void processes(MiniAccumuloConfigImpl config, Settings settings) {
    Map<String, String> systemProperties = new HashMap<>(settings.systemProperties);
    systemProperties.put("outerproduct.cluster", ClusterProcesses.marker());
    config.setSystemProperties(systemProperties);
    if (settings.rootUser != null) {
      config.setRootUserName(settings.rootUser);
    }
  }

  /** Accumulo's site configuration for every server: memory, caches, the multiply's executor. */
  private static Map<String, String> siteConfig(
      Map<String, String> defaults, Settings settings, boolean nativeMaps) {
    Map<String, String> site = new HashMap<>(defaults);
    site.put("tserver.memory.maps.native.enabled", Boolean.toString(nativeMaps));
    site.put("tserver.memory.maps.max", settings.inMemoryMapMb + "M");
    // A full map, not the third write-ahead log, should trigger the minor compaction.
    site.put("tserver.wal.max.size", Math.max(100, settings.inMemoryMapMb) + "M");
    site.put("tserver.cache.data.size", "64M");
    site.put("tserver.cache.index.size", "32M");
    // TableMult's scans of B on their own executor: sharing one with the scans of AT they wait
    // on deadlocks concurrent multiplies (outerproduct.iterator.ScanExecutorCheck).
    site.put("tserver.scan.executors.tablemult.threads", "4");
    site.put("table.scan.dispatcher.opts.executor.tablemult", "tablemult");
    // Interactive requests read the same tables' blocks again and again: their scans keep the
    // data blocks they inflate (Accumulo caches only index blocks unless a table says so), while
    // whole-table scans (tablemult_batch) leave the cache to them. Their reads of the other input
    // (tablemult_source) too, on the table's usual executor (kernel's accumulo.ScanTypes).
    site.put("table.scan.dispatcher.opts.cacheUsage.tablemult.data", "enabled");
    site.put("table.scan.dispatcher.opts.cacheUsage.tablemult_source.data", "enabled");
    // Whole-table multiplies on an executor of their own at the lowest thread priority, so that
    // interactive requests keep their threads and, where the servers' JVMs honour priorities
    // (-XX:ThreadPriorityPolicy=1, scripts/compare sets it), their share of the processors.
    site.put("tserver.scan.executors.tablemult_batch.threads", "2");
    site.put("tserver.scan.executors.tablemult_batch.priority", "1");
    site.put("table.scan.dispatcher.opts.executor.tablemult_batch", "tablemult_batch");
    // A lost tablet server here is a killed process, gone at once: its logs' recovery need not
    // wait the 10 s Accumulo gives a server that may still be shutting down.
    site.put("manager.recovery.delay", "1s");
    // Nor need the manager wait Accumulo's 30 s to learn that a killed server's ZooKeeper session
    // is gone: 15 s, still far above any pause of these 768 MB servers.
    site.put("instance.zookeeper.timeout", "15s");
    site.putAll(settings.siteConfig);
    return site;
  }

  /**
   * The servers keep their write-ahead logs on the local file system. Hadoop's default local file
   * system checksums every 512 bytes in a side file and cannot sync, so a tablet server killed
   * mid-write leaves a log whose tail fails its checksum and recovery retries forever (seen in
   * ServerFaultsIT). The raw local file system syncs and has no side file, which is what Accumulo's
   * own recovery ITs configure. The conf dir heads every server's classpath.
   */
  private static void writeCoreSite(Path confDir, Map<String, String> entries) throws IOException {
    Configuration coreSite = new Configuration(false);
    coreSite.set("fs.file.impl", RawLocalFileSystem.class.getName());
    entries.forEach(coreSite::set);
    try (OutputStream out = Files.newOutputStream(confDir.resolve("core-site.xml"))) {
      coreSite.writeXml(out);
    }
  }

  /** A client as the root user; the caller closes it. */
  public AccumuloClient newClient() {
    return Accumulo.newClient().from(clientProperties()).build();
  }

  /** Client properties (instance, zookeepers, root credentials) for engines and jobs. */
  public Properties clientProperties() {
    return cluster.getClientProperties();
  }

  /** The client properties file MAC wrote: what {@code --cluster} takes. */
  public File clientPropertiesFile() {
    return cluster.getConfig().getClientPropsFile();
  }

  /** Kills one tablet server process (as a crash would: no clean shutdown). */
  public void killOneTabletServer() throws Exception {
    ProcessReference victim =
        cluster.getProcesses().get(ServerType.TABLET_SERVER).iterator().next();
    cluster.killProcess(ServerType.TABLET_SERVER, victim);
  }

  /** Starts tablet servers up to the configured number (after {@link #killOneTabletServer}). */
  public void startTabletServers() throws Exception {
    cluster.getClusterControl().start(ServerType.TABLET_SERVER);
  }

  /** Stops the gc, the tablet servers and the manager, then starts them again in reverse. */
  public void restartServers() throws Exception {
    MiniAccumuloClusterControl control = cluster.getClusterControl();
    ServerType[] order = {
      ServerType.GARBAGE_COLLECTOR, ServerType.TABLET_SERVER, ServerType.MANAGER
    };
    for (ServerType type : order) {
      control.stopAllServers(type);
    }
    for (int n = order.length - 1; n >= 0; n--) {
      control.startAllServers(order[n]);
    }
  }

  public Path dir() {
    return dir;
  }

  /**
   * The tablet servers' accumulo.properties as they run (this class's choices and
   * MiniAccumuloCluster's defaults), without secrets: what a report records as the setup.
   */
  public SortedMap<String, String> siteConfig() {
    SortedMap<String, String> site = new TreeMap<>(cluster.getConfig().getSiteConfig());
    site.keySet()
        .removeIf(
            key -> key.contains("secret") || key.contains("password") || key.contains("token"));
    return site;
  }

  /**
   * How many running tablet servers have Accumulo's native map library loaded (read from
   * /proc/&lt;pid&gt;/maps; Accumulo logs the load only at a level MiniAccumuloCluster drops).
   */
  public long tabletServersWithNativeMaps() {
    return tabletServerPids().stream()
        .filter(
            pid -> {
              try (Stream<String> maps = Files.lines(Path.of("/proc", pid.toString(), "maps"))) {
                return maps.anyMatch(line -> line.endsWith("/libaccumulo.so"));
              } catch (IOException | UncheckedIOException e) {
                return false;
              }
            })
        .count();
  }

  /** Process ids of the running tablet servers. */
  public List<Long> tabletServerPids() {
    Collection<ProcessReference> refs = cluster.getProcesses().get(ServerType.TABLET_SERVER);
    return refs.stream().map(r -> r.getProcess().pid()).collect(Collectors.toList());
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    ClusterProcesses.stop("MiniAccumuloCluster", cluster::stop);
  }
}
