package outerproduct.cluster;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import outerproduct.internals.InstanceInit;

/**
 * Runs {@code accumulo init} for the pseudo-distributed cluster with the instance name, root user
 * and password taken from its client properties file.
 *
 * <p>Accumulo's own {@code init} takes the password either from a console or as {@code --password}
 * on its command line, where every local user can read it in the process list. Reading it from the
 * (owner-only) properties file and handing it to Accumulo's {@code Initialize} inside this JVM
 * ({@link InstanceInit}) keeps it out of argument lists and logs.
 */
public final class InitInstance {

  private InitInstance() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: InitInstance <accumulo-client.properties>");
      System.exit(2);
    }
    Path file = Path.of(args[0]);
    Properties client = new Properties();
    try (Reader in = Files.newBufferedReader(file)) {
      client.load(in);
    }
    String principal = required(client, file, "auth.principal");
    if (!principal.equals("root")) {
      System.err.println(
          "error: "
              + file
              + ": auth.principal is '"
              + principal
              + "'; init creates the 'root' user, so the cluster's client properties must name it");
      System.exit(2);
    }
    InstanceInit.initialize(
        required(client, file, "instance.name"), required(client, file, "auth.token"));
    // ZooKeeper and HDFS client threads are not daemons; init is done once execute returns.
    System.exit(0);
  }

  private static String required(Properties client, Path file, String key) {
    String value = client.getProperty(key);
    if (value == null || value.isBlank()) {
      System.err.println("error: " + file + " has no " + key);
      System.exit(2);
    }
    return value.trim();
  }
}
