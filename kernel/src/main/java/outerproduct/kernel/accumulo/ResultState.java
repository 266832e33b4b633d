package outerproduct.kernel.accumulo;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.security.TablePermission;

/**
 * Whether a result table holds a finished multiply, recorded where any Accumulo user or tool can
 * read it: the table property {@value #PROPERTY}. An engine sets {@code writing} before its
 * first write, then {@code complete} or {@code incomplete: <why>}. A C left {@code writing}
 * (the client died) or {@code incomplete} may hold part of the products, or some twice; readers
 * should not trust it, and an engine refuses to add to it unless asked to replace it.
 */
public final class ResultState {
  public static final String PROPERTY = "table.custom.outerproduct.state";
  public static final String COMPLETE = "complete";
  private static final String WRITING = "writing";
  private static final String INCOMPLETE = "incomplete";

  private ResultState() {}

  /** Before the first write: C is being written by {@code engine}. */
  public static void writing(AccumuloClient client, String table, String engine)
      throws AccumuloException, AccumuloSecurityException {
    set(client, table, WRITING + " (" + engine + ", since "
        + Instant.now().truncatedTo(ChronoUnit.SECONDS) + ")");
  }

  public static void complete(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException {
    set(client, table, COMPLETE);
  }

  /**
   * Flushes the tables' in-memory data to files and waits: an engine does this before it marks
   * C complete, so that a complete C does not depend on write-ahead-log recovery. ServerFaultsIT
   * restarts every tablet server after a multiply; the recovered C had lost part of its sums
   * (0.01% with Java maps, 1.3% with native maps of 256 MB, where all of C was in memory) although
   * every write had been acknowledged with {@code sync} durability.
   *
   * @return the seconds it took
   */
  public static double flush(AccumuloClient client, Iterable<String> tables)
      throws AccumuloException, AccumuloSecurityException {
    long begin = System.nanoTime();
    for (String table : tables) {
      try {
        client.tableOperations().flush(table, null, null, true);
      } catch (TableNotFoundException e) {
        throw new AccumuloException("result table '" + table + "' was deleted before it was flushed", e);
      }
    }
    return (System.nanoTime() - begin) / 1e9;
  }

  /**
   * Marks C incomplete; never throws, since it runs while another failure is being reported.
   *
   * @return a sentence for that failure's message saying what C's state now is
   */
  public static String incomplete(AccumuloClient client, String table, String why) {
    try {
      set(client, table, INCOMPLETE + ": " + why);
      return "result table '" + table + "' may hold part of the products and is marked incomplete ("
          + PROPERTY + ")";
    } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
      return "result table '" + table + "' may hold part of the products; marking it incomplete failed: "
          + e.getMessage();
    }
  }

  /**
   * @return C's state if it is not complete ({@code writing …} or {@code incomplete: …}), or
   *     null for a complete C or one no engine has written
   */
  public static String unfinished(AccumuloClient client, String table)
      throws AccumuloException, TableNotFoundException {
    String state = client.tableOperations().getConfiguration(table).get(PROPERTY);
    return state == null || state.equals(COMPLETE) ? null : state;
  }

  /**
   * @throws IllegalArgumentException if C was left unfinished by an earlier multiply and
   *     {@code replace} is false; with {@code replace}, empties C instead
   */
  public static void checkFinishedOrClear(AccumuloClient client, String table, boolean replace)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    String state = unfinished(client, table);
    if (state == null) {
      return;
    }
    if (!replace) {
      throw new IllegalArgumentException("result table '" + table + "' is " + state
          + "; adding to it would count part of the products twice: replace it (--replace-incomplete,"
          + " replaceIncomplete()) or give another table");
    }
    client.tableOperations().deleteRows(table, null, null);
  }

  /**
   * @throws IllegalArgumentException unless the client's user may write {@code table} and alter
   *     its configuration (where its state is kept)
   */
  public static void checkMayWrite(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException {
    String user = client.whoami();
    for (TablePermission needed : new TablePermission[] {TablePermission.WRITE, TablePermission.ALTER_TABLE}) {
      if (!client.securityOperations().hasTablePermission(user, table, needed)) {
        throw new IllegalArgumentException("user '" + user + "' lacks " + needed + " on result table '"
            + table + "' (engines write C and record its state in " + PROPERTY + ")");
      }
    }
  }

  private static void set(AccumuloClient client, String table, String state)
      throws AccumuloException, AccumuloSecurityException {
    client.tableOperations().setProperty(table, PROPERTY, state);
  }
}
