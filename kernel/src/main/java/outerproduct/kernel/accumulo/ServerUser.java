package outerproduct.kernel.accumulo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * The file-system user the tablet servers act as, where it is not the caller's (on a team's
 * cluster, {@code accumulo}): the files a caller hands them, the iterator paths' credentials to
 * read and the bulk paths' files to write and move, get an HDFS ACL entry for it ({@link
 * PrivateFiles}), and nobody else gets in. Named by {@value #PROPERTY} (a Java system property, or
 * a property of the client's Hadoop configuration); otherwise the owner of the instance's first
 * volume, which the servers made at init: readable by a caller with System permission SYSTEM, which
 * both bulk paths need anyway. A caller without it who names none gets no entry: where the servers
 * are another user, they then cannot read the credentials and the multiply names this property.
 */
public final class ServerUser {
  /** The tablet servers' user on the file system. */
  public static final String PROPERTY = "outerproduct.server.user";

  /** The volume's owner per instance and caller: one configuration read and one stat per JVM. */
  private static final Map<String, Optional<String>> OWNERS = new ConcurrentHashMap<>();

  private ServerUser() {}

  /**
   * @return the tablet servers' user, or empty where it is the caller's own or unknown
   */
  public static Optional<String> of(AccumuloClient client) {
    String named = System.getProperty(PROPERTY, FileSystems.configuration().get(PROPERTY));
    Optional<String> server =
        named != null && !named.isBlank()
            ? Optional.of(named.trim())
            : OWNERS.computeIfAbsent(
                client.instanceOperations().getInstanceId().canonical() + "/" + client.whoami(),
                key -> volumeOwner(client));
    String caller = caller();
    return server.filter(user -> !user.equals(caller));
  }

  private static Optional<String> volumeOwner(AccumuloClient client) {
    try {
      Path volume = new Path(BulkImportCheck.firstVolume(client));
      return Optional.of(FileSystems.of(volume.toUri()).getFileStatus(volume).getOwner());
    } catch (AccumuloSecurityException e) {
      return Optional.empty(); // no System permission SYSTEM: only the property can name it
    } catch (AccumuloException | IOException | RuntimeException e) {
      return Optional.empty(); // no volume to ask (a local one is anyone's): as if the same user
    }
  }

  private static String caller() {
    try {
      return UserGroupInformation.getCurrentUser().getShortUserName();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot tell this client's file-system user", e);
    }
  }
}
