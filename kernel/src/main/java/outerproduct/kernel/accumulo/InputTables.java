package outerproduct.kernel.accumulo;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
import outerproduct.kernel.semiring.ValueEncoding;

/** Checks an engine makes of its inputs before it writes anything. */
public final class InputTables {
  /**
   * Runs the checks of all but the first table; the first runs on the caller's thread. Not the
   * common pool: on a 2-core machine that has one thread, which ran the checks one after another.
   */
  private static final ExecutorService CHECKS =
      Executors.newCachedThreadPool(
          new ThreadFactoryBuilder()
              .setNameFormat("outerproduct-input-check-%d")
              .setDaemon(true)
              .build());

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
    checkReadable(client, ValueEncoding.TEXT, tables);
  }

  /**
   * As {@link #checkReadable(AccumuloClient, String...)}, and each table's values stored as the
   * multiply reads them ({@link #checkEncoding}).
   */
  public static void checkReadable(AccumuloClient client, ValueEncoding encoding, String... tables)
      throws AccumuloException, AccumuloSecurityException {
    checkReadable(client, encoding, null, tables);
  }

  /**
   * As {@link #checkReadable(AccumuloClient, ValueEncoding, String...)}, reading with {@code
   * requested} ({@link ReadAuthorizations}; null: all of the user's).
   */
  public static void checkReadable(
      AccumuloClient client, ValueEncoding encoding, Authorizations requested, String... tables)
      throws AccumuloException, AccumuloSecurityException {
    String user = client.whoami();
    Authorizations auths = ReadAuthorizations.of(client, requested);
    List<CompletableFuture<Void>> checks = new ArrayList<>();
    for (int t = 1; t < tables.length; t++) {
      String table = tables[t];
      checks.add(
          CompletableFuture.runAsync(
              () -> {
                try {
                  check(client, user, auths, table, encoding);
                } catch (AccumuloException | AccumuloSecurityException e) {
                  throw new CompletionException(e);
                }
              },
              CHECKS));
    }
    if (tables.length > 0) {
      check(client, user, auths, tables[0], encoding);
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
      AccumuloClient client, ValueEncoding encoding, String... tables) {
    return checkReadableLater(client, encoding, null, tables);
  }

  /** As {@link #checkReadable(AccumuloClient, ValueEncoding, Authorizations, String...)}, later. */
  public static CompletableFuture<Void> checkReadableLater(
      AccumuloClient client, ValueEncoding encoding, Authorizations requested, String... tables) {
    return CompletableFuture.runAsync(
        () -> {
          try {
            checkReadable(client, encoding, requested, tables);
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
    check(
        client,
        user,
        client.securityOperations().getUserAuthorizations(user),
        table,
        ValueEncoding.TEXT);
  }

  private static void check(
      AccumuloClient client,
      String user,
      Authorizations auths,
      String table,
      ValueEncoding encoding)
      throws AccumuloException, AccumuloSecurityException {
    if (!client.tableOperations().exists(table)) {
      throw new IllegalArgumentException("input table '" + table + "' does not exist");
    }
    if (!TablePermissions.holds(client, table, TablePermission.READ)) {
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
      Map<String, String> config = configurationIfReadable(client, table);
      if (config != null) {
        checkEncoding(table, config, encoding);
      }
    } catch (TableNotFoundException e) {
      throw new IllegalArgumentException(
          "input table '" + table + "' was deleted while being checked", e);
    }
  }

  /**
   * The table's configuration, or null where the user may not read it: Accumulo 2.1 lets only a
   * user who may alter a table (or has System permission) read its configuration, and a user who
   * only reads the inputs must still be able to multiply them. Their encoding is then the one the
   * request names, unchecked (docs/format.md says so).
   */
  private static Map<String, String> configurationIfReadable(AccumuloClient client, String table)
      throws AccumuloException, TableNotFoundException {
    try {
      return client.tableOperations().getConfiguration(table);
    } catch (AccumuloException e) {
      // the client wraps the server's refusal
      if (e.getCause() instanceof AccumuloSecurityException) {
        return null;
      }
      throw e;
    }
  }

  /**
   * An input is read in the encoding the multiply asks for only where its configuration does not
   * say otherwise ({@link ValueEncoding#declaredBy}): a table Accumulo's {@code LongCombiner}s
   * (SummingCombiner, MinCombiner, MaxCombiner) sum says it in their option {@code type}, a C this
   * project wrote in a binary encoding in its combiner or {@link ValueEncoding#PROPERTY}. Read
   * otherwise, values would be refused at best and at worst misread without a word: a VARLEN 49 is
   * the byte {@code '1'}, which reads as text 1, and the text {@code 2} reads as VARLEN 50. So a
   * binary encoding is read only from a table that declares it.
   *
   * @throws IllegalArgumentException naming the table, what it declares, and the option to give
   */
  static void checkEncoding(String table, Map<String, String> config, ValueEncoding encoding) {
    ValueEncoding.Declared declared = ValueEncoding.declaredBy(config);
    if (declared == null && encoding != ValueEncoding.TEXT) {
      throw new IllegalArgumentException(
          "input table '"
              + table
              + "' does not say its values are "
              + encoding.label()
              + " (no SummingCombiner of type "
              + encoding.combinerType()
              + ", no "
              + ValueEncoding.PROPERTY
              + "): read as "
              + encoding.label()
              + ", a text value such as 2 is a number it is not; if they are "
              + encoding.label()
              + ", set that property on the table");
    }
    if (declared != null && declared.encoding() != encoding) {
      throw new IllegalArgumentException(
          "input table '"
              + table
              + "' stores its values as "
              + declared.encoding().label()
              + " ("
              + declared.where()
              + "), but this multiply reads them as "
              + encoding.label()
              + ": give --value-encoding "
              + declared.encoding().label()
              + " (valueEncoding("
              + declared.encoding().name()
              + "))");
    }
  }
}
