package outerproduct.kernel.accumulo;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.security.TablePermission;

/** Checks an engine makes of its inputs before it writes anything. */
public final class InputTables {
  private InputTables() {}

  /**
   * @throws IllegalArgumentException naming the table (and the user) if the table does not
   *     exist or the client's user may not read it
   */
  public static void checkReadable(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException {
    if (!client.tableOperations().exists(table)) {
      throw new IllegalArgumentException("input table '" + table + "' does not exist");
    }
    String user = client.whoami();
    if (!client.securityOperations().hasTablePermission(user, table, TablePermission.READ)) {
      throw new IllegalArgumentException("user '" + user + "' may not read input table '" + table + "'");
    }
  }
}
