package outerproduct.kernel.accumulo;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.security.NamespacePermission;
import org.apache.accumulo.core.security.SystemPermission;
import org.apache.accumulo.core.security.TablePermission;

/**
 * Whether a user holds a table permission the way Accumulo's own checks grant it: on the table, on
 * its namespace (how a team grants its readers and writers once for every table, a replaced C
 * included), or, for altering and dropping, as a System permission. Asking the table alone refused
 * users whom Accumulo lets in.
 */
public final class TablePermissions {
  private TablePermissions() {}

  /** Whether the client's user holds {@code permission} on {@code table}. */
  public static boolean holds(AccumuloClient client, String table, TablePermission permission)
      throws AccumuloException, AccumuloSecurityException {
    String user = client.whoami();
    var security = client.securityOperations();
    if (security.hasTablePermission(user, table, permission)) {
      return true;
    }
    NamespacePermission onNamespace = onNamespace(permission);
    if (onNamespace != null
        && security.hasNamespacePermission(user, namespaceOf(table), onNamespace)) {
      return true;
    }
    SystemPermission onSystem = onSystem(permission);
    return onSystem != null && security.hasSystemPermission(user, onSystem);
  }

  /** The namespace of a table name: what comes before its first dot, or the default (""). */
  public static String namespaceOf(String table) {
    int dot = table.indexOf('.');
    return dot < 0 ? "" : table.substring(0, dot);
  }

  private static NamespacePermission onNamespace(TablePermission permission) {
    try {
      return NamespacePermission.valueOf(permission.name());
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * Accumulo accepts these System permissions for any table (its canAlterTable, canDeleteTable).
   */
  private static SystemPermission onSystem(TablePermission permission) {
    return switch (permission) {
      case ALTER_TABLE -> SystemPermission.ALTER_TABLE;
      case DROP_TABLE -> SystemPermission.DROP_TABLE;
      default -> null;
    };
  }
}
