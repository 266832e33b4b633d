package outerproduct.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.compare.engine.TargetCluster;
import outerproduct.kernel.cli.ClusterOption;
import outerproduct.kernel.cli.FreeSpace;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where {@code scripts/compare} runs: an embedded cluster it starts (sized by {@link
 * EmbeddedClusterOptions}) or an existing one named by its client properties.
 */
final class ClusterOptions {
  private static final Logger log = LoggerFactory.getLogger(ClusterOptions.class);

  /** What the embedded cluster's servers may write in a quick or full run, with room to spare. */
  private static final long EMBEDDED_FREE_MB = 2048;

  @Option(
      names = "--cluster",
      paramLabel = "CLIENT_PROPERTIES",
      description =
          "Run on an existing cluster named by its Accumulo client properties (for example"
              + " state/cluster/conf/accumulo-client.properties of scripts/cluster) instead of the"
              + " embedded one.")
  Path clusterProperties;

  @Option(
      names = "--hadoop-conf",
      paramLabel = "DIR",
      description =
          "With --cluster: the directory of core-site.xml, yarn-site.xml and mapred-site.xml."
              + " Default: the directory of the --cluster file.")
  Path hadoopConf;

  @Option(
      names = "--mr-job-jar",
      paramLabel = "JAR",
      description =
          "With --cluster: the job jar MapReduce tasks run from."
              + " Default: mr-outerproduct/target/mr-outerproduct-*-job.jar.")
  Path mrJobJar;

  @Option(
      names = "--keep-tables",
      description =
          "Keep each engine's last whole-table C (by default deleted once checked, so that its"
              + " compactions do not slow the engines after it) and, with --cluster, this run's"
              + " tables (named cmp<run id>_*), deleted at the end by default.")
  boolean keepTables;

  @Option(
      names = "--namespace",
      paramLabel = "NAMESPACE",
      description =
          "With --cluster: create this run's tables in this existing namespace (a team's, whose"
              + " class loader context loads this project's iterators: docs/deploy.md) instead of"
              + " the default namespace.")
  String namespace;

  @Mixin EmbeddedClusterOptions embedded;

  boolean existing() {
    return clusterProperties != null;
  }

  /**
   * @throws IllegalArgumentException naming the option and the value at fault
   */
  void validate() {
    embedded.validate(existing());
    if (namespace != null && !existing()) {
      throw new IllegalArgumentException(
          "--namespace "
              + namespace
              + ": applies to an existing cluster (--cluster) only; the embedded cluster's tables"
              + " are this run's own");
    }
    if (namespace != null && !namespace.matches("\\w+")) {
      throw new IllegalArgumentException(
          "--namespace '" + namespace + "': not a namespace name (letters, digits and _)");
    }
    if (existing()) {
      ClusterOption.requireReadable(clusterProperties);
    }
  }

  /**
   * What this run's table names start with: nothing on the embedded cluster; on an existing one,
   * which may hold other runs' tables (or anyone's), the run's id, in {@code --namespace} if given.
   */
  String tablePrefix(String runId) {
    if (!existing()) {
      return "";
    }
    String prefix = "cmp" + runId.replace("-", "") + "_";
    return namespace == null ? prefix : namespace + "." + prefix;
  }

  /**
   * @throws IllegalArgumentException if {@code --namespace} names no namespace of the cluster
   */
  void requireNamespace(AccumuloClient client) throws AccumuloException, AccumuloSecurityException {
    if (namespace != null && !client.namespaceOperations().exists(namespace)) {
      throw new IllegalArgumentException(
          "--namespace "
              + namespace
              + ": the cluster of "
              + clusterProperties
              + " has no such namespace (an administrator creates it: createnamespace "
              + namespace
              + ")");
    }
  }

  /**
   * @param withYarn whether an engine may run MapReduce: the embedded cluster starts YARN too, an
   *     existing one needs YARN's configuration and the job jar
   */
  TargetCluster startOrConnect(boolean withYarn) {
    if (existing()) {
      Path conf = hadoopConf != null ? hadoopConf : clusterProperties.toAbsolutePath().getParent();
      Path jar = !withYarn ? null : mrJobJar != null ? mrJobJar : defaultJobJar();
      log.info(
          "running on the existing cluster of {} (Hadoop configuration {}, job jar {})",
          clusterProperties,
          conf,
          jar == null ? "none: no engine submits a job" : jar);
      return TargetCluster.existing(clusterProperties, conf, jar);
    }
    Path clusterDir = ProjectHome.resolve("target", "embedded-clusters");
    FreeSpace.require(clusterDir, EMBEDDED_FREE_MB, "the embedded cluster");
    return TargetCluster.embedded(clusterDir, embedded.settings(), withYarn, embedded.yarnMemoryMb);
  }

  /** The shaded jar {@code mvn package} leaves in mr-outerproduct/target. */
  private static Path defaultJobJar() {
    Path dir = ProjectHome.resolve("mr-outerproduct", "target");
    try (var jars = Files.newDirectoryStream(dir, "mr-outerproduct-*-job.jar")) {
      for (Path jar : jars) {
        return jar;
      }
    } catch (IOException e) {
      // reported below as a missing jar
    }
    return dir.resolve("mr-outerproduct-job.jar");
  }
}
