package outerproduct.compare;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;

/**
 * The arguments that point {@code scripts/compare} at a test JVM's shared clusters, as a user
 * points it at their own: the Accumulo client properties, a Hadoop configuration directory holding
 * the YARN cluster's {@code yarn-site.xml} (written into {@code dir}), and the MapReduce job jar
 * the build made.
 */
final class SharedClusterArguments {
  private SharedClusterArguments() {}

  /** {@code cluster}'s arguments, then {@code more}. */
  static String[] with(List<String> cluster, String... more) {
    return Stream.concat(cluster.stream(), Stream.of(more)).toArray(String[]::new);
  }

  static List<String> of(EmbeddedAccumulo accumulo, EmbeddedYarn yarn, Path dir)
      throws IOException {
    Path hadoopConf = Files.createDirectories(dir.resolve("hadoop-conf"));
    try (OutputStream out = Files.newOutputStream(hadoopConf.resolve("yarn-site.xml"))) {
      yarn.configuration().writeXml(out);
    }
    Path jobJar;
    try (Stream<Path> jars = Files.list(Path.of("..", "mr-outerproduct", "target"))) {
      jobJar =
          jars.filter(p -> p.getFileName().toString().endsWith("-job.jar"))
              .findFirst()
              .orElseThrow();
    }
    return List.of(
        "--cluster",
        accumulo.clientPropertiesFile().getPath(),
        "--hadoop-conf",
        hadoopConf.toString(),
        "--mr-job-jar",
        jobJar.toString());
  }
}
