package outerproduct.kernel.accumulo;

import java.util.List;
import java.util.Optional;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.security.SystemPermission;
import org.apache.accumulo.core.security.TablePermission;

/**
 * What a user needs before either engine's bulk output may start: Accumulo 2.1's client-side bulk
 * import reads the system configuration (to pick the crypto service), which needs System permission
 * SYSTEM, and the import itself needs Table permission BULK_IMPORT on each result table that exists
 * (or on its namespace; a table the user creates is theirs with every permission). Asked before
 * anything runs rather than after every tablet server or reducer has written its files.
 */
public final class BulkImportCheck {
  /** The configuration key of the instance's volumes; the first is where staged files go. */
  private static final String VOLUMES = "instance.volumes";

  private BulkImportCheck() {}

  /**
   * @return why {@code client}'s user may not bulk import into {@code tables}, or empty if it may
   */
  public static Optional<String> refusal(AccumuloClient client, List<String> tables)
      throws AccumuloException, AccumuloSecurityException {
    String user = client.whoami();
    if (!client.securityOperations().hasSystemPermission(user, SystemPermission.SYSTEM)) {
      return Optional.of(
          "user '"
              + user
              + "' lacks System permission SYSTEM, which Accumulo 2.1's bulk import needs to read"
              + " the system configuration");
    }
    for (String table : tables) {
      if (table == null || !client.tableOperations().exists(table)) {
        continue;
      }
      if (!TablePermissions.holds(client, table, TablePermission.BULK_IMPORT)) {
        return Optional.of(
            "user '" + user + "' lacks Table permission BULK_IMPORT on '" + table + "'");
      }
    }
    return Optional.empty();
  }

  /**
   * @throws IllegalArgumentException with {@link #refusal}'s reason, if there is one
   */
  public static void check(AccumuloClient client, List<String> tables)
      throws AccumuloException, AccumuloSecurityException {
    Optional<String> refusal = refusal(client, tables);
    if (refusal.isPresent()) {
      throw new IllegalArgumentException(
          "output bulk: " + refusal.get() + "; use output batchwriter or grant it");
    }
  }

  /**
   * The instance's first volume ({@code instance.volumes}), under which staged files go unless the
   * caller names another directory. Reading it needs System permission SYSTEM, as the import does.
   *
   * @throws IllegalArgumentException if the instance names none
   */
  public static String firstVolume(AccumuloClient client)
      throws AccumuloException, AccumuloSecurityException {
    String volumes = client.instanceOperations().getSystemConfiguration().get(VOLUMES);
    if (volumes == null || volumes.isBlank()) {
      throw new IllegalArgumentException(
          "output bulk: the instance names no " + VOLUMES + "; give a staging directory");
    }
    return volumes.split(",")[0].trim();
  }
}
