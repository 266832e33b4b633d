package outerproduct.kernel.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import picocli.CommandLine.Option;

/**
 * {@code --cluster FILE}, how every command names its cluster: an Accumulo client properties file
 * (instance, ZooKeepers, principal, token). A picocli mixin; the file is checked before anything
 * connects, and a bad one is one line naming the option and the file.
 */
public final class ClusterOption {
  @Option(
      names = "--cluster",
      required = true,
      paramLabel = "FILE",
      description =
          "Accumulo client properties file (instance, zookeepers, auth.principal, auth.token).")
  Path file;

  /**
   * The file, once it is known to be readable and, for a Kerberos client, logged in as it says
   * ({@link KerberosLogin}).
   *
   * @throws IllegalArgumentException naming the option and the file
   */
  public Path file() {
    properties();
    return file;
  }

  /**
   * @throws IllegalArgumentException naming the file when Accumulo refuses its properties
   */
  public Properties properties() {
    Path readable = requireReadable(file);
    try {
      Properties properties = Accumulo.newClientProperties().from(readable).build();
      KerberosLogin.asNamedIn(properties);
      return properties;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--cluster " + file + ": " + e.getMessage(), e);
    }
  }

  public AccumuloClient connect() {
    return Accumulo.newClient().from(properties()).build();
  }

  /**
   * {@code file} as {@code --cluster}'s value, if readable.
   *
   * @throws IllegalArgumentException naming the option and the file
   */
  public static Path requireReadable(Path file) {
    if (!Files.isReadable(file)) {
      throw new IllegalArgumentException(
          "--cluster "
              + file
              + ": cannot read this client properties file (scripts/cluster start writes one to"
              + " state/cluster/conf/accumulo-client.properties)");
    }
    return file;
  }
}
