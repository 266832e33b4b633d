package outerproduct.kernel.accumulo;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.TablePermission;

/** Checks an engine makes of its inputs before it writes anything. */
public final class InputTables {
  /**
   * Runs the checks of all but the first table; the first runs on the caller's thread. Not the
   * common pool: on a 2-core machine that has one thread, which ran the checks one after another.
   */
  private static final ExecutorService CHECKS =
      Executors.newCachedThreadPool(
          task -> {
            Thread thread = new Thread(task, "outerproduct-input-check");
            thread.setDaemon(true);
            return thread;
          });

  private InputTables() {}

  /**
   * Checks each table as {@link #checkReadable(AccumuloClient, String)} does, all at once: the user
   * and its authorizations are read once, and the tables' round trips to the servers run side by
   * side, so a multiply pays for one table's checks instead of each in turn.
   *
   * @throws IllegalArgumentException for the first table, in the order given, that fails
   */
  public static void checkReadable(AccumuloClient client, String... tables)
      throws AccumuloException, AccumuloSecurityException {
    String user = client.whoami();
    Authorizations auths = client.securityOperations().getUserAuthorizations(user);
    List<CompletableFuture<Void>> checks = new ArrayList<>();
    for (int t = 1; t < tables.length; t++) {
      String table = tables[t];
      checks.add(
          CompletableFuture.runAsync(
              () -> {
                try {
                  check(client, user, auths, table);
                } catch (AccumuloException | AccumuloSecurityException e) {
                  throw new CompletionException(e);
                }
              },
              CHECKS));
    }
    if (tables.length > 0) {
      check(client, user, auths, tables[0]);
    }
    for (CompletableFuture<Void> check : checks) {
      await(check);
    }
  }

  /**
   * Starts {@link #checkReadable(AccumuloClient, String...)} on another thread, so that a caller
   * can prepare its results meanwhile; {@link #await} its outcome before writing anything.
   */
  public static CompletableFuture<Void> checkReadableLater(
      AccumuloClient client, String... tables) {
    return CompletableFuture.runAsync(
        () -> {
          try {
            checkReadable(client, tables);
          } catch (AccumuloException | AccumuloSecurityException e) {
            throw new CompletionException(e);
          }
        },
        CHECKS);
  }

  /** Waits for checks started on another thread and throws what they threw. */
  public static void await(CompletableFuture<Void> check)
      throws AccumuloException, AccumuloSecurityException {
    try {
      check.join();
    } catch (CompletionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof AccumuloException ae) {
        throw ae;
      }
      if (cause instanceof AccumuloSecurityException ase) {
        throw ase;
      }
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      throw e;
    }
  }

  /**
   * @throws IllegalArgumentException naming the table (and the user) if the table does not exist,
   *     the client's user may not read it, or it holds nothing that user may read (a multiply of an
   *     empty table is almost always a wrong table name or an unfinished load)
   */
  public static void checkReadable(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException {
    String user = client.whoami();
    check(client, user, client.securityOperations().getUserAuthorizations(user), table);
  }

  private static void check(AccumuloClient client, String user, Authorizations auths, String table)
      throws AccumuloException, AccumuloSecurityException {
    if (!client.tableOperations().exists(table)) {
      throw new IllegalArgumentException("input table '" + table + "' does not exist");
    }
    if (!client.securityOperations().hasTablePermission(user, table, TablePermission.READ)) {
      throw new IllegalArgumentException(
          "user '" + user + "' may not read input table '" + table + "'");
    }
    try (Scanner scanner = client.createScanner(table, auths)) {
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
