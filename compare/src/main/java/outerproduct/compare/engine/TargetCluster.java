package outerproduct.compare.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Properties;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import outerproduct.compare.ProjectHome;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;
import outerproduct.internals.ServerProperties;
import outerproduct.kernel.accumulo.FileSystems;

/**
 * The cluster a comparison runs on and the {@link Target} the engines get from it: either embedded
 * (MiniAccumuloCluster, plus MiniMRYarnCluster when the MapReduce engine is asked for, started here
 * and stopped on {@link #close}) or an existing cluster named by its Accumulo client properties and
 * its Hadoop configuration directory, which is left running.
 */
public final class TargetCluster implements AutoCloseable {
  private static final String DEFAULT_FS = "fs.defaultFS";
  private static final String[] HADOOP_SITE_FILES = {
    "core-site.xml", "hdfs-site.xml", "yarn-site.xml", "mapred-site.xml"
  };

  private final Deque<AutoCloseable> owned = new ArrayDeque<>();
  private Target target;
  private String description;
  private TabletServerHeap heap;
  private DiskGrowth disk;
  private Supplier<String> inMemoryMaps;

  private TargetCluster() {}

  /** Starts an embedded Accumulo cluster, and an embedded YARN cluster if {@code withYarn}. */
  public static TargetCluster embedded(
      Path dir, EmbeddedAccumulo.Settings settings, boolean withYarn, int yarnMemoryMb) {
    TargetCluster cluster = new TargetCluster();
    try {
      // The two start side by side: each spends most of its start waiting on its own servers.
      CompletableFuture<EmbeddedYarn> yarnStart =
          withYarn
              ? CompletableFuture.supplyAsync(() -> EmbeddedYarn.start(dir, yarnMemoryMb))
              : null;
      EmbeddedAccumulo accumulo = cluster.startAccumuloBeside(yarnStart, dir, settings);
      EmbeddedYarn yarn = yarnStart == null ? null : yarnStart.join();
      AccumuloClient client = cluster.own(accumulo.newClient());
      cluster.heap = cluster.own(TabletServerHeap.attach(accumulo.tabletServerPids()));
      cluster.disk = cluster.own(DiskGrowth.of(dir));
      cluster.inMemoryMaps =
          () -> {
            long nativeMaps = accumulo.tabletServersWithNativeMaps();
            int servers = accumulo.tabletServerPids().size();
            return nativeMaps == servers
                ? "native"
                : nativeMaps == 0
                    ? "java"
                    : "native in "
                        + nativeMaps
                        + " of "
                        + servers
                        + " tablet servers, java in the others";
          };
      Supplier<Configuration> yarnConf =
          yarn != null
              ? yarn::configuration
              : () -> {
                throw new IllegalStateException("no YARN cluster was started for this run");
              };
      // The embedded instance's volumes are on the local file system.
      cluster.target =
          new Target(
              client,
              accumulo.clientProperties(),
              accumulo.clientPropertiesFile().toPath(),
              yarnConf,
              Configuration::new);
      cluster.description = "embedded";
      return cluster;
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  /**
   * Starts Accumulo while {@code yarnStart} runs, and owns both before it returns or throws, so
   * that a failure of either stops the other.
   */
  private EmbeddedAccumulo startAccumuloBeside(
      CompletableFuture<EmbeddedYarn> yarnStart, Path dir, EmbeddedAccumulo.Settings settings) {
    RuntimeException failure = null;
    EmbeddedAccumulo accumulo = null;
    try {
      accumulo = own(EmbeddedAccumulo.start(dir, settings));
    } catch (RuntimeException e) {
      failure = e;
    }
    if (yarnStart != null) {
      try {
        own(yarnStart.join());
      } catch (CompletionException e) {
        failure =
            failure != null ? failure : e.getCause() instanceof RuntimeException cause ? cause : e;
      }
    }
    if (failure != null) {
      throw failure;
    }
    return accumulo;
  }

  /**
   * An existing cluster. MapReduce jobs ship {@code jobJar} (the shaded job jar), because a real
   * cluster's task classpath holds Hadoop's and Accumulo's jars but not the job's; null when no
   * engine of the run submits a job, and then neither it nor YARN's configuration is needed.
   *
   * @throws IllegalArgumentException naming the file or directory that is missing or unreadable
   */
  public static TargetCluster existing(Path clientPropertiesFile, Path hadoopConfDir, Path jobJar) {
    Properties properties;
    try {
      properties = Accumulo.newClientProperties().from(clientPropertiesFile).build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--cluster " + clientPropertiesFile + ": " + e.getMessage(), e);
    }
    if (jobJar != null && !Files.isRegularFile(hadoopConfDir.resolve("yarn-site.xml"))) {
      throw new IllegalArgumentException(
          "--hadoop-conf " + hadoopConfDir + ": has no yarn-site.xml");
    }
    if (jobJar != null && !Files.isRegularFile(jobJar)) {
      throw new IllegalArgumentException(
          "--mr-job-jar " + jobJar + ": no such file (mvn package builds it)");
    }
    requireSameDefaultFileSystem(hadoopConfDir);
    TargetCluster cluster = new TargetCluster();
    AccumuloClient client = cluster.own(Accumulo.newClient().from(properties).build());
    // The servers of an existing cluster may be on other hosts: their heap is not measured.
    cluster.heap = TabletServerHeap.attach(java.util.List.of());
    cluster.disk = DiskGrowth.none();
    cluster.inMemoryMaps =
        () -> "as configured (tserver.memory.maps.native.enabled; not checked on the servers)";
    Supplier<Configuration> hadoop = () -> hadoopConfiguration(hadoopConfDir, jobJar);
    cluster.target = new Target(client, properties, clientPropertiesFile, hadoop, hadoop);
    cluster.description =
        "cluster "
            + properties.getProperty("instance.name")
            + " at "
            + properties.getProperty("instance.zookeepers");
    return cluster;
  }

  /**
   * The iterator paths hand the caller's credentials to the tablet servers on this JVM's default
   * file system (its classpath's {@code core-site.xml}, {@link FileSystems}), and stage bulk output
   * on the volumes of {@code --hadoop-conf}: the two must be one file system, or the credential
   * files land where the servers cannot read them.
   *
   * @throws IllegalArgumentException naming {@code --hadoop-conf} and both file systems
   */
  private static void requireSameDefaultFileSystem(Path hadoopConfDir) {
    Configuration site = new Configuration(false);
    Path coreSite = hadoopConfDir.resolve("core-site.xml");
    if (Files.isRegularFile(coreSite)) {
      site.addResource(new org.apache.hadoop.fs.Path(coreSite.toUri()));
    }
    String theirs = site.get(DEFAULT_FS, "file:///");
    String ours = FileSystems.configuration().get(DEFAULT_FS);
    if (!theirs.equals(ours)) {
      throw new IllegalArgumentException(
          "--hadoop-conf "
              + hadoopConfDir
              + ": its default file system "
              + theirs
              + " is not this JVM's, "
              + ours
              + " (from the classpath's core-site.xml), where the iterator paths hand over"
              + " credentials: put that folder first on the classpath, as scripts/compare does");
    }
  }

  private static Configuration hadoopConfiguration(Path dir, Path jobJar) {
    Configuration conf = new Configuration();
    for (String site : HADOOP_SITE_FILES) {
      Path file = dir.resolve(site);
      if (Files.isRegularFile(file)) {
        conf.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
      }
    }
    if (jobJar != null) {
      conf.set(MRJobConfig.JAR, jobJar.toAbsolutePath().toString());
    }
    return conf;
  }

  private <T extends AutoCloseable> T own(T resource) {
    owned.push(resource);
    return resource;
  }

  public Target target() {
    return target;
  }

  /** Whether the tablet servers' in-memory maps are native or Java ones, for the report. */
  public String inMemoryMaps() {
    return inMemoryMaps.get();
  }

  /** The embedded cluster's disk, for a peak per run (embedded clusters only). */
  public DiskGrowth disk() {
    return disk;
  }

  /** The tablet servers' heap, for a peak per run (embedded clusters only). */
  public TabletServerHeap heap() {
    return heap;
  }

  /**
   * The instance's settings that differ from Accumulo's defaults (accumulo.properties and
   * properties set in ZooKeeper), without sensitive ones: how the servers were configured, for the
   * report. Reading them needs System.SYSTEM; without it the map says so.
   */
  public SortedMap<String, String> accumuloSettings() {
    SortedMap<String, String> settings = new TreeMap<>();
    // Reports are committed and shared: paths are given from the repository ("./..."), not as
    // the absolute paths of the machine that made them.
    String here = ProjectHome.dir().toString();
    try {
      target
          .client()
          .instanceOperations()
          .getSystemConfiguration()
          .forEach(
              (key, value) -> {
                boolean sensitive =
                    ServerProperties.isSensitive(key)
                        || key.contains("password")
                        || key.contains("secret");
                if (!sensitive && !ServerProperties.isDefault(key, value)) {
                  settings.put(key, value.replace(here, "."));
                }
              });
    } catch (AccumuloException | AccumuloSecurityException e) {
      settings.put("(not readable)", "user " + target.client().whoami() + ": " + e.getMessage());
    }
    return settings;
  }

  /** "embedded", or the instance and ZooKeepers of an existing cluster (for the report). */
  public String description() {
    return description;
  }

  @Override
  public void close() {
    RuntimeException failure = null;
    while (!owned.isEmpty()) {
      try {
        owned.pop().close();
      } catch (Exception e) {
        if (failure == null) {
          failure =
              e instanceof RuntimeException r ? r : new UncheckedIOException(new IOException(e));
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
