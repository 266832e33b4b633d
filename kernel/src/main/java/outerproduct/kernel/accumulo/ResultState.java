package outerproduct.kernel.accumulo;

import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.security.TablePermission;

/**
 * Whether a result table holds a finished multiply, recorded where any Accumulo user or tool can
 * read it: the table property {@value #PROPERTY}. An engine takes C ({@link #claim}: {@code
 * writing}, with a {@link ResultLease lease} its client renews) before its first write, then sets
 * {@code complete} or {@code incomplete: <why>}. A C marked {@code writing} is another multiply's
 * while its lease runs, and unfinished once it has run out (its client stopped); one left {@code
 * incomplete} may hold part of the products, or some twice: readers should not trust either, and an
 * engine refuses both unless asked to replace them ({@link ResultReplacement}). A complete C is
 * refused unless the multiply is asked to add to it ({@link Reuse}) or replace it.
 */
public final class ResultState {
  public static final String PROPERTY = "table.custom.outerproduct.state";
  private static final int NEW_TABLE_GRACE_SECONDS = 10;
  public static final String COMPLETE = "complete";
  static final String WRITING = "writing";
  private static final String INCOMPLETE = "incomplete";

  private ResultState() {}

  public static void complete(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException {
    ResultLease.stop(client, table);
    set(client, table, COMPLETE);
  }

  /**
   * What a cancel leaves of a C the multiply wrote into, the same on every engine: a C this
   * multiply created is deleted, since it holds only part of this multiply's products and nothing
   * else (a bulk output's new C is deleted the same way); a C that existed before is marked
   * incomplete, cancelled. Deleting at once also stops the work still under way for it: writers
   * holding products for C (a tablet server's BatchWriter buffers, up to megabytes each) fail as
   * soon as C is gone instead of sending what they hold into it, and C's tablets are unloaded
   * without flushing. Never throws: a C that cannot be deleted is marked incomplete instead.
   *
   * @param created whether this multiply created C
   * @return a sentence saying what became of C
   */
  public static String cancelled(AccumuloClient client, String table, boolean created) {
    if (created) {
      ResultLease.stop(client, table);
      try {
        if (client.tableOperations().exists(table)) {
          client.tableOperations().delete(table);
        }
        return "result table '" + table + "', created by this multiply, is deleted";
      } catch (AccumuloException
          | AccumuloSecurityException
          | TableNotFoundException
          | RuntimeException e) {
        return "deleting result table '"
            + table
            + "', created by this multiply, failed ("
            + e.getMessage()
            + "); "
            + cancelled(client, table, false);
      }
    }
    return incomplete(client, table, CANCELLED + " at " + Instant.now());
  }

  /** The reason a cancelled multiply's C is incomplete, as its state starts after the colon. */
  public static final String CANCELLED = "cancelled by the caller";

  /**
   * Marks C incomplete; never throws, since it runs while another failure is being reported.
   *
   * @return a sentence for that failure's message saying what C's state now is
   */
  public static String incomplete(AccumuloClient client, String table, String why) {
    ResultLease.stop(client, table);
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
    String state = state(client, table);
    return state == null || state.equals(COMPLETE) ? null : state;
  }

  /**
   * What a multiply may do with a C that already holds something: {@code replaceIncomplete}
   * replaces a C an earlier multiply left unfinished (marked incomplete, or being written under a
   * lease that has run out); {@code addToExisting} adds this multiply's products onto a complete C,
   * or onto entries no multiply wrote (C += ATᵀB); {@code replace} writes a new C beside whatever C
   * holds and swaps it in when complete ({@link ResultReplacement}). None is the default: without
   * them such a C is refused. A C being written under a live lease is refused to all.
   */
  public record Reuse(boolean replaceIncomplete, boolean addToExisting, boolean replace) {
    public static final Reuse NONE = new Reuse(false, false, false);

    public Reuse {
      if (replace && addToExisting) {
        throw new IllegalArgumentException(
            "replace (--replace) and add to existing (--add-to-existing) contradict each other:"
                + " a replaced C holds only this multiply's products");
      }
    }
  }

  /**
   * C's table id, fixed when a multiply takes C: a writer that opens its writes later (a tablet
   * server's next call, a reducer's first output) checks it with {@link #requireSameTable}, so a
   * killed multiply's writes can never reach a C that replaced its own ({@link ResultReplacement}).
   *
   * @throws TableNotFoundException if C does not exist
   */
  public static String idOf(AccumuloClient client, String table) throws TableNotFoundException {
    String id = client.tableOperations().tableIdMap().get(table);
    if (id == null) {
      throw new TableNotFoundException(null, table, "no such result table");
    }
    return id;
  }

  /**
   * @throws IllegalStateException naming C if the name no longer denotes the table of id {@code
   *     id}: C was replaced, or deleted, since this multiply took it
   */
  public static void requireSameTable(AccumuloClient client, String table, String id) {
    String now = client.tableOperations().tableIdMap().get(table);
    if (!id.equals(now)) {
      throw new IllegalStateException(
          "result table '"
              + table
              + "' was "
              + (now == null ? "deleted" : "replaced")
              + " since this multiply took it (table id "
              + id
              + (now == null ? "" : ", now " + now)
              + "): this multiply's writes stop here");
    }
  }

  /** C's state as engines recorded it; null if none did. */
  public static String state(AccumuloClient client, String table)
      throws AccumuloException, TableNotFoundException {
    return client.tableOperations().getConfiguration(table).get(PROPERTY);
  }

  /**
   * Takes C for one writer, atomically: the check of C's state and the mark {@code writing (engine,
   * since …)} are one change of C's configuration ({@code modifyProperties}, which Accumulo retries
   * when another client changed the configuration meanwhile), so of two multiplies started together
   * into the same C exactly one proceeds. With {@code reuse.replaceIncomplete()}, an unfinished
   * table reaching here is emptied after it is taken: only a transpose output does, since engines
   * replace an unfinished C by a new table first ({@link ResultReplacement}).
   *
   * @return C's state before, null if no engine had written it; give it to {@link #release} if the
   *     multiply stops before writing
   * @throws IllegalArgumentException naming C and its state if C is being written by another
   *     multiply, left unfinished, or complete, and {@code reuse} does not allow it
   */
  public static String claim(AccumuloClient client, String table, String engine, Reuse reuse)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    String[] before = new String[1];
    ResultLease lease = ResultLease.start(engine);
    retryingNewTable(
        table,
        () ->
            client
                .tableOperations()
                .modifyProperties(
                    table,
                    properties -> {
                      before[0] = properties.get(PROPERTY);
                      refuseUnlessAllowed(table, before[0], reuse);
                      properties.put(PROPERTY, lease.mark());
                    }));
    lease.renewWhileHeld(client, table);
    if (before[0] != null && !before[0].equals(COMPLETE)) {
      client.tableOperations().deleteRows(table, null, null);
    }
    return before[0];
  }

  /**
   * Refuses now what {@link #claim} would refuse, for a caller about to choose how to multiply: one
   * line naming C and its state, before any engine is chosen or started. Only a check: the engine's
   * claim still decides.
   *
   * @throws IllegalArgumentException as {@link #claim}
   */
  public static void checkTakeable(AccumuloClient client, String table, Reuse reuse)
      throws AccumuloException {
    // Asking a missing table's configuration makes the client reload its table names from
    // ZooKeeper (about 10 ms); the cached names answer for a new C.
    if (!client.tableOperations().exists(table)) {
      return;
    }
    try {
      refuseUnlessAllowed(
          table, client.tableOperations().getConfiguration(table).get(PROPERTY), reuse);
    } catch (TableNotFoundException e) {
      // a new C: nothing to refuse
    }
  }

  private static void refuseUnlessAllowed(String table, String state, Reuse reuse) {
    if (state == null) {
      return;
    }
    if (state.startsWith(WRITING)) {
      refuseWriting(table, state, reuse);
      return;
    }
    if (reuse.replace()) {
      return;
    }
    if (state.startsWith(INCOMPLETE) && !reuse.replaceIncomplete()) {
      throw new IllegalArgumentException(
          "result table '"
              + table
              + "' is "
              + state
              + "; adding to it would count part of the products twice: replace it"
              + " (--replace-incomplete, replaceIncomplete()) or give another table");
    }
    if (state.equals(COMPLETE) && !reuse.addToExisting()) {
      throw new IllegalArgumentException(
          "result table '"
              + table
              + "' already holds a complete result: give another table, replace it (--replace,"
              + " replace()), or add this multiply's products to it (--add-to-existing,"
              + " addToExisting())");
    }
  }

  /**
   * A C marked being written is another multiply's while its lease runs ({@link ResultLease}): it
   * is refused even to a caller who asked to replace an unfinished C, since that multiply may still
   * finish. Once the lease has run out, no writer renewed it: its client stopped, and the C is
   * unfinished like one marked incomplete.
   */
  private static void refuseWriting(String table, String state, Reuse reuse) {
    Instant until = ResultLease.until(state);
    if (until != null && until.isAfter(Instant.now())) {
      throw new IllegalArgumentException(
          "result table '"
              + table
              + "' is being written by another multiply ("
              + state
              + "): wait for it and read its result, or give another table; if its client"
              + " stopped, its lease runs out at "
              + until
              + " and C may then be replaced (--replace-incomplete, --replace)");
    }
    if (!reuse.replaceIncomplete() && !reuse.replace()) {
      throw new IllegalArgumentException(
          "result table '"
              + table
              + "' was left unfinished by a multiply that stopped renewing its lease ("
              + state
              + "): replace it (--replace-incomplete, replaceIncomplete()) or give another table");
    }
  }

  /**
   * Gives C back as it was, {@code before} being what {@link #claim} returned: for a multiply that
   * stopped before its first write. Never throws (a failure is already being reported).
   */
  public static void release(AccumuloClient client, String table, String before) {
    ResultLease.stop(client, table);
    try {
      if (before == null) {
        client.tableOperations().removeProperty(table, PROPERTY);
      } else {
        client.tableOperations().setProperty(table, PROPERTY, before);
      }
    } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
      // C stays marked being written: the next multiply is refused and told to replace it
    }
  }

  /**
   * @throws IllegalArgumentException naming C if it holds entries although no multiply wrote it
   *     (its state is unset) and {@code reuse} does not add to existing entries; an empty C, such
   *     as one created for this multiply, passes
   */
  public static void checkEmptyUnlessAdding(
      AccumuloClient client, String table, String state, Reuse reuse)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    if (state != null || reuse.addToExisting()) {
      return;
    }
    if (!isEmpty(client, table)) {
      throw new IllegalArgumentException(
          "result table '"
              + table
              + "' holds entries no multiply wrote: give a new or empty table, or add this"
              + " multiply's products to them (--add-to-existing, addToExisting())");
    }
  }

  /** Whether {@code table} holds no entry the client's user may read. */
  public static boolean isEmpty(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    try (Scanner scanner =
        client.createScanner(
            table, client.securityOperations().getUserAuthorizations(client.whoami()))) {
      scanner.setBatchSize(1);
      return !scanner.iterator().hasNext();
    }
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
      if (!TablePermissions.holds(client, table, needed)) {
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
    retryingNewTable(table, () -> client.tableOperations().setProperty(table, PROPERTY, state));
  }

  /** A change of C's configuration. */
  @FunctionalInterface
  private interface Change {
    void apply() throws AccumuloException, AccumuloSecurityException;
  }

  private static void retryingNewTable(String table, Change change)
      throws AccumuloException, AccumuloSecurityException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(NEW_TABLE_GRACE_SECONDS);
    while (true) {
      try {
        change.apply();
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
