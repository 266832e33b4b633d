package outerproduct.kernel.accumulo;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.security.TablePermission;

/**
 * Whether a result table holds a finished multiply, recorded where any Accumulo user or tool can
 * read it: the table property {@value #PROPERTY}. An engine sets {@code writing} before its first
 * write, then {@code complete} or {@code incomplete: <why>}. A C left {@code writing} (the client
 * died) or {@code incomplete} may hold part of the products, or some twice; readers should not
 * trust it, and an engine refuses to add to it unless asked to replace it.
 */
public final class ResultState {
  public static final String PROPERTY = "table.custom.outerproduct.state";
  private static final int NEW_TABLE_GRACE_SECONDS = 10;
  public static final String COMPLETE = "complete";
  private static final String WRITING = "writing";
  private static final String INCOMPLETE = "incomplete";

  private ResultState() {}

  /** Before the first write: C is being written by {@code engine}. */
  public static void writing(AccumuloClient client, String table, String engine)
      throws AccumuloException, AccumuloSecurityException {
    set(
        client,
        table,
        WRITING + " (" + engine + ", since " + Instant.now().truncatedTo(ChronoUnit.SECONDS) + ")");
  }

  public static void complete(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException {
    set(client, table, COMPLETE);
  }

  /**
   * Marks C incomplete; never throws, since it runs while another failure is being reported.
   *
   * @return a sentence for that failure's message saying what C's state now is
   */
  public static String incomplete(AccumuloClient client, String table, String why) {
    try {
      set(client, table, INCOMPLETE + ": " + why);
      return "result table '"
          + table
          + "' may hold part of the products and is marked incomplete ("
          + PROPERTY
          + ")";
    } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
      return "result table '"
          + table
          + "' may hold part of the products; marking it incomplete failed: "
          + e.getMessage();
    }
  }

  /**
   * @return C's state if it is not complete ({@code writing …} or {@code incomplete: …}), or null
   *     for a complete C or one no engine has written
   */
  public static String unfinished(AccumuloClient client, String table)
      throws AccumuloException, TableNotFoundException {
    String state = client.tableOperations().getConfiguration(table).get(PROPERTY);
    return state == null || state.equals(COMPLETE) ? null : state;
  }

  /**
   * @throws IllegalArgumentException if C was left unfinished by an earlier multiply and {@code
   *     replace} is false; with {@code replace}, empties C instead
   */
  public static void checkFinishedOrClear(AccumuloClient client, String table, boolean replace)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    checkFinishedOrClear(
        client, table, client.tableOperations().getConfiguration(table).get(PROPERTY), replace);
  }

  /**
   * As {@link #checkFinishedOrClear(AccumuloClient, String, boolean)}, for a caller that has just
   * read the table's configuration: {@code property} is its {@value #PROPERTY} (null if unset).
   */
  public static void checkFinishedOrClear(
      AccumuloClient client, String table, String property, boolean replace)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    String state = property == null || property.equals(COMPLETE) ? null : property;
    if (state == null) {
      return;
    }
    if (!replace) {
      throw new IllegalArgumentException(
          "result table '"
              + table
              + "' is "
              + state
              + "; adding to it would count part of the products twice: replace it"
              + " (--replace-incomplete, replaceIncomplete()) or give another table");
    }
    client.tableOperations().deleteRows(table, null, null);
  }

  /**
   * @throws IllegalArgumentException unless the client's user may write {@code table} and alter its
   *     configuration (where its state is kept)
   */
  public static void checkMayWrite(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException {
    String user = client.whoami();
    for (TablePermission needed :
        new TablePermission[] {TablePermission.WRITE, TablePermission.ALTER_TABLE}) {
      if (!client.securityOperations().hasTablePermission(user, table, needed)) {
        throw new IllegalArgumentException(
            "user '"
                + user
                + "' lacks "
                + needed
                + " on result table '"
                + table
                + "' (engines write C and record its state in "
                + PROPERTY
                + ")");
      }
    }
  }

  /**
   * A table created a moment ago may be missing from the manager's table cache, which follows
   * ZooKeeper asynchronously (apache/accumulo#768, #5644): the manager then refuses the property as
   * NOTFOUND. Seen once in TableMultIT's 16 concurrent multiplies, each creating its C; such a
   * refusal is retried for up to {@value #NEW_TABLE_GRACE_SECONDS} s before it counts.
   */
  private static void set(AccumuloClient client, String table, String state)
      throws AccumuloException, AccumuloSecurityException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(NEW_TABLE_GRACE_SECONDS);
    while (true) {
      try {
        client.tableOperations().setProperty(table, PROPERTY, state);
        return;
      } catch (AccumuloException e) {
        if (!(e.getCause() instanceof TableNotFoundException) || System.nanoTime() > deadline) {
          throw e;
        }
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AccumuloException("interrupted while recording the state of '" + table + "'", e);
      }
    }
  }
}
