package outerproduct.kernel.accumulo;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.security.TablePermission;

/** Checks an engine makes of its inputs before it writes anything. */
public final class InputTables {
  private InputTables() {}

  /**
   * @throws IllegalArgumentException naming the table (and the user) if the table does not exist,
   *     the client's user may not read it, or it holds nothing that user may read (a multiply of an
   *     empty table is almost always a wrong table name or an unfinished load)
   */
  public static void checkReadable(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException {
    if (!client.tableOperations().exists(table)) {
      throw new IllegalArgumentException("input table '" + table + "' does not exist");
    }
    String user = client.whoami();
    if (!client.securityOperations().hasTablePermission(user, table, TablePermission.READ)) {
      throw new IllegalArgumentException(
          "user '" + user + "' may not read input table '" + table + "'");
    }
    try (Scanner scanner =
        client.createScanner(table, client.securityOperations().getUserAuthorizations(user))) {
      scanner.setBatchSize(1);
      if (!scanner.iterator().hasNext()) {
        throw new IllegalArgumentException(
            "input table '"
                + table
                + "' holds no entry user '"
                + user
                + "' may read: the product would be empty");
      }
    } catch (TableNotFoundException e) {
      throw new IllegalArgumentException(
          "input table '" + table + "' was deleted while being checked", e);
    }
  }
}
