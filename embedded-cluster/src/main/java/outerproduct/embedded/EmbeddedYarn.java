package outerproduct.embedded;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A MiniMRYarnCluster: ResourceManager, one NodeManager with the shuffle service, and a job history
 * server in this JVM; every ApplicationMaster and task runs in its own container JVM
 * (DefaultContainerExecutor), with this JVM's classpath ({@code yarn.is.minicluster}), so tests
 * need no job jar. Files live on the local file system.
 */
public final class EmbeddedYarn implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(EmbeddedYarn.class);

  /** Container size for AM, map and reduce; a third of this box's 2 cores each at most. */
  static final int CONTAINER_MB = 512;

  static final String CONTAINER_JAVA_OPTS = "-Xmx384m " + ClusterProcesses.markerOption();

  /** Java 17: the MR ApplicationMaster's Guice reflects into java.lang. */
  static final String AM_JAVA_OPTS =
      CONTAINER_JAVA_OPTS + " --add-opens java.base/java.lang=ALL-UNNAMED";

  static final long NODE_HEARTBEAT_MS = 250;
  static final String AM_RESOURCE_SHARE_KEY = "yarn.scheduler.capacity.maximum-am-resource-percent";
  static final float AM_RESOURCE_SHARE = 0.5f;

  private final MiniMRYarnCluster cluster;
  private final Path dir;

  /** Where, under {@link #dir()}, finished applications' container logs are aggregated. */
  private static final String AGGREGATED_LOGS = "aggregated-logs";

  /** The NodeManager's wait for a container process to come up before cleaning it (default 5 s). */
  private static final long NM_PROCESS_KILL_WAIT_MS = 500;

  private volatile boolean closed;

  private EmbeddedYarn(MiniMRYarnCluster cluster, Path dir) {
    this.cluster = cluster;
    this.dir = dir;
  }

  public static EmbeddedYarn start(Path parentDir, int nodeManagerMemoryMb) {
    return start(parentDir, nodeManagerMemoryMb, "");
  }

  /**
   * As {@link #start(Path, int)}, with {@code taskJavaOpts} added to the command line of every task
   * and ApplicationMaster JVM.
   */
  public static EmbeddedYarn start(Path parentDir, int nodeManagerMemoryMb, String taskJavaOpts) {
    ClusterProcesses.guard();
    Path dir = ClusterProcesses.baseDir(parentDir).resolve("yarn");
    long begin = System.nanoTime();
    try {
      Files.createDirectories(dir);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("could not create " + dir, e);
    }
    // MiniYARNCluster puts its work dirs under test.build.data.
    System.setProperty("test.build.data", dir.toString());
    Configuration conf = new YarnConfiguration();
    // MiniYARNCluster overwrites the NodeManager's memory with this key: it caps how many
    // containers run at once, which on 2 cores matters more than anything else.
    conf.setInt("yarn.minicluster.yarn.nodemanager.resource.memory-mb", nodeManagerMemoryMb);
    conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
    conf.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
    // Containers are handed out on NodeManager heartbeats; at the 1 s default every job waits
    // about a second per wave of containers. One NodeManager can afford a faster beat.
    conf.setLong(YarnConfiguration.RM_NM_HEARTBEAT_INTERVAL_MS, NODE_HEARTBEAT_MS);
    // The CapacityScheduler gives ApplicationMasters 10% of the cluster by default: less than
    // one AM here, so jobs ran one at a time and each waited out the previous AM's fixed 5 s
    // linger after its job ended. Half the NodeManager lets two AMs run and leaves the other
    // half to their tasks, so AMs cannot take every container and starve their own jobs.
    conf.setFloat(AM_RESOURCE_SHARE_KEY, AM_RESOURCE_SHARE);
    // Stopping took 17 s, nearly all of it waiting on finished applications: a NodeManager keeps
    // each until its container logs' retention ends (3 hours by default), so its stop waited
    // out the log deleter's pending tasks (10 s) and then the applications (process-kill-wait +
    // 1.25 s). Aggregated when their application ends, as a team's cluster keeps them, the logs
    // leave the NodeManager at once and stay in this cluster's directory, where the tests that
    // look for a password in every file find them (aggregatedLogs()).
    conf.setBoolean(YarnConfiguration.LOG_AGGREGATION_ENABLED, true);
    conf.set(YarnConfiguration.NM_REMOTE_APP_LOG_DIR, dir.resolve(AGGREGATED_LOGS).toUri() + "");
    conf.setLong(YarnConfiguration.NM_PROCESS_KILL_WAIT_MS, NM_PROCESS_KILL_WAIT_MS);
    conf.setInt(MRJobConfig.MR_AM_VMEM_MB, CONTAINER_MB);
    conf.setInt(MRJobConfig.MAP_MEMORY_MB, CONTAINER_MB);
    conf.setInt(MRJobConfig.REDUCE_MEMORY_MB, CONTAINER_MB);
    conf.set(MRJobConfig.MR_AM_COMMAND_OPTS, AM_JAVA_OPTS + " " + taskJavaOpts);
    conf.set(MRJobConfig.MAP_JAVA_OPTS, CONTAINER_JAVA_OPTS + " " + taskJavaOpts);
    conf.set(MRJobConfig.REDUCE_JAVA_OPTS, CONTAINER_JAVA_OPTS + " " + taskJavaOpts);
    MiniMRYarnCluster cluster = new MiniMRYarnCluster("outerproduct", 1);
    EmbeddedYarn yarn = new EmbeddedYarn(cluster, dir);
    Runtime.getRuntime().addShutdownHook(new Thread(yarn::close, "stop-embedded-yarn"));
    cluster.init(conf);
    cluster.start();
    log.info(
        "MiniMRYarnCluster up in {} s: ResourceManager {}, NodeManager memory {} MB, dir {}",
        String.format("%.1f", (System.nanoTime() - begin) / 1e9),
        cluster.getConfig().get(YarnConfiguration.RM_ADDRESS),
        nodeManagerMemoryMb,
        dir);
    return yarn;
  }

  /** The configuration a job submitted to this cluster starts from (a copy). */
  public Configuration configuration() {
    return new Configuration(cluster.getConfig());
  }

  public MiniMRYarnCluster cluster() {
    return cluster;
  }

  /** Where the cluster keeps its work: NodeManager logs and local dirs, staging, job history. */
  /** The finished applications' container logs, aggregated (one file per application). */
  public Path aggregatedLogs() {
    return dir.resolve(AGGREGATED_LOGS);
  }

  public Path dir() {
    return dir;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    ClusterProcesses.stop("MiniMRYarnCluster", cluster::stop);
  }
}
