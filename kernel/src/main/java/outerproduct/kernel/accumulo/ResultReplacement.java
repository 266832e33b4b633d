package outerproduct.kernel.accumulo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.security.TablePermission;
import org.apache.hadoop.io.Text;

/**
 * A multiply that replaces C writes into a new table beside it, its successor {@code
 * <C>__replacing_<id>}, and swaps it in only once it is complete: readers see the old C, whole,
 * until then, and a replace that fails or is killed leaves the old C as it was. Asked to replace an
 * unfinished C ({@code --replace-incomplete}), a multiply takes the same way, so that writes still
 * arriving from the multiply that left it (a killed client's tablet servers or tasks, which write
 * by C's table id) land in the old table and are dropped with it, never in the new C.
 *
 * <p>The swap is two renames and a delete: C to {@code <C>__replaced_<id>}, the successor to C,
 * then the old table deleted. Between the renames (milliseconds) the name C resolves to no table. A
 * swap interrupted there is finished by the next multiply into C, or by {@link #cleanUp}: a
 * complete successor is renamed to C, or else the old C renamed back; successors whose writer's
 * lease has run out are deleted. The successor gets C's split points (unless the request gives its
 * own) and, before the swap, C's own table properties other than iterators and {@link
 * ResultState#PROPERTY}. Grants to other users on C do not follow it: grant readers on C's
 * namespace ({@code Namespace.READ}), which a replace keeps.
 */
public final class ResultReplacement implements AutoCloseable {
  static final String SUCCESSOR = "__replacing_";
  static final String REPLACED = "__replaced_";

  private final AccumuloClient client;
  private final String name;
  private final String target;
  private final SortedSet<Text> splits;
  private final Runnable onClose;
  private boolean swapped;

  private ResultReplacement(
      AccumuloClient client, String name, String target, SortedSet<Text> splits, Runnable onClose) {
    this.client = client;
    this.name = name;
    this.target = target;
    this.splits = splits;
    this.onClose = onClose;
  }

  /**
   * Finishes or clears what earlier replaces of {@code c} left, then decides where this multiply
   * writes: C itself, or (with {@code reuse.replace()}, or {@code reuse.replaceIncomplete()} and an
   * unfinished C) a new successor.
   *
   * @param onClose run by {@link #close}, e.g. to point a builder back at C
   * @throws IllegalArgumentException naming C if it is being written under a live lease and would
   *     be replaced, or if the user may not drop and alter it
   */
  public static ResultReplacement begin(
      AccumuloClient client, String c, ResultState.Reuse reuse, Runnable onClose)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    ResultLease.length(); // a bad lease setting is refused before anything is created
    if (c == null) {
      return new ResultReplacement(client, null, null, new TreeSet<>(), onClose);
    }
    sweep(client, c);
    ResultReplacement plain = new ResultReplacement(client, c, c, new TreeSet<>(), onClose);
    if (!(reuse.replace() || reuse.replaceIncomplete()) || !client.tableOperations().exists(c)) {
      return plain;
    }
    ResultState.checkMayWrite(client, c);
    String state = ResultState.state(client, c);
    boolean unfinished = state != null && !ResultState.COMPLETE.equals(state);
    if (!reuse.replace() && !unfinished) {
      return plain;
    }
    if (ResultLease.live(state)) {
      ResultState.checkTakeable(client, c, reuse); // refuses, naming the lease
    }
    checkMayReplace(client, c);
    String successor = c + SUCCESSOR + UUID.randomUUID().toString().substring(0, 8);
    return new ResultReplacement(
        client, c, successor, new TreeSet<>(client.tableOperations().listSplits(c)), onClose);
  }

  /**
   * {@link #cleanUp} before a multiply: never its reason to fail (a table of another user's replace
   * it may not read is that user's to sweep).
   */
  private static void sweep(AccumuloClient client, String c) {
    try {
      cleanUp(client, c);
    } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
      // left for a sweep by someone who may
    }
  }

  /** The table the multiply writes: C, or its successor. */
  public String target() {
    return target;
  }

  /** Whether the multiply writes a successor that {@link #swapIn} puts in C's place. */
  public boolean replaces() {
    return target != null && !target.equals(name);
  }

  /** C's split points, for a successor the request gives none. */
  public SortedSet<Text> splitsOfReplaced() {
    return splits;
  }

  /**
   * Puts the complete successor in C's place and deletes the old C; nothing when the multiply wrote
   * C itself.
   *
   * @throws IllegalStateException if the successor is not marked complete
   */
  public void swapIn() throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    if (!replaces()) {
      return;
    }
    if (!ResultState.COMPLETE.equals(ResultState.state(client, target))) {
      throw new IllegalStateException(
          "result table '" + target + "' is not complete; '" + name + "' was left as it was");
    }
    copyOwnProperties(name, target);
    String old = target.replace(SUCCESSOR, REPLACED);
    rename(name, old);
    rename(target, name);
    swapped = true;
    client.tableOperations().delete(old);
  }

  /** Deletes a successor that was not swapped in, and runs {@code onClose}. */
  @Override
  public void close() {
    try {
      if (replaces() && !swapped) {
        deleteIfExists(client, target);
      }
    } catch (AccumuloException | AccumuloSecurityException e) {
      // left for the next multiply's or the clean-up command's sweep (its lease runs out)
    } finally {
      onClose.run();
    }
  }

  /**
   * Finishes a swap of {@code c} that stopped between its renames, and deletes successors whose
   * writer stopped and old tables a finished swap left.
   *
   * @return the tables deleted or renamed, one line each
   */
  public static List<String> cleanUp(AccumuloClient client, String c)
      throws AccumuloException, AccumuloSecurityException {
    List<String> done = new ArrayList<>();
    // one listing of the instance's tables per multiply: the rest follows from what this sweep did
    List<String> successors = new ArrayList<>();
    List<String> replaced = new ArrayList<>();
    for (String table : client.tableOperations().list()) {
      if (table.startsWith(c + SUCCESSOR)) {
        successors.add(table);
      } else if (table.startsWith(c + REPLACED)) {
        replaced.add(table);
      }
    }
    if (!client.tableOperations().exists(c)) {
      for (String candidate : successors) {
        if (ResultState.COMPLETE.equals(stateOrNull(client, candidate))
            && renamed(client, candidate, c)) {
          done.add("renamed complete successor " + candidate + " to " + c);
          successors.remove(candidate);
          break;
        }
      }
      if (!client.tableOperations().exists(c) && !replaced.isEmpty()) {
        if (renamed(client, replaced.get(0), c)) {
          done.add("renamed " + replaced.get(0) + " back to " + c);
          replaced = replaced.subList(1, replaced.size());
        }
      }
    }
    for (String old : replaced) {
      deleteIfExists(client, old);
      done.add("deleted " + old);
    }
    for (String successor : successors) {
      String state = stateOrNull(client, successor);
      if (state != null && !ResultLease.live(state)) {
        deleteIfExists(client, successor);
        done.add("deleted " + successor + " (" + state + ")");
      }
    }
    return done;
  }

  /**
   * The result tables of the whole instance whose replaces were interrupted: each C with a
   * successor or a replaced table beside it.
   */
  public static List<String> interruptedReplaces(AccumuloClient client) {
    TreeSet<String> tables = new TreeSet<>();
    for (String table : client.tableOperations().list()) {
      for (String infix : new String[] {SUCCESSOR, REPLACED}) {
        int at = table.lastIndexOf(infix);
        if (at > 0) {
          tables.add(table.substring(0, at));
        }
      }
    }
    return new ArrayList<>(tables);
  }

  private static void checkMayReplace(AccumuloClient client, String c)
      throws AccumuloException, AccumuloSecurityException {
    if (!TablePermissions.holds(client, c, TablePermission.DROP_TABLE)) {
      throw new IllegalArgumentException(
          "user '"
              + client.whoami()
              + "' lacks DROP_TABLE on result table '"
              + c
              + "': replacing C writes a new table and drops the old one");
    }
  }

  /** C's table-level properties the successor lacks: the user's own settings of C. */
  private void copyOwnProperties(String from, String to)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    Map<String, String> own = client.tableOperations().getTableProperties(from);
    Map<String, String> successors = client.tableOperations().getTableProperties(to);
    for (Map.Entry<String, String> e : own.entrySet()) {
      String key = e.getKey();
      if (!key.startsWith("table.iterator.")
          && !key.equals(ResultState.PROPERTY)
          && !successors.containsKey(key)) {
        client.tableOperations().setProperty(to, key, e.getValue());
      }
    }
  }

  private void rename(String from, String to)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    try {
      client.tableOperations().rename(from, to);
    } catch (TableExistsException e) {
      throw new IllegalStateException(
          "replacing '" + name + "': cannot rename '" + from + "' to '" + to + "': it exists", e);
    }
  }

  private static boolean renamed(AccumuloClient client, String from, String to)
      throws AccumuloException, AccumuloSecurityException {
    try {
      client.tableOperations().rename(from, to);
      return true;
    } catch (TableNotFoundException | TableExistsException e) {
      return false; // another client finished it meanwhile
    }
  }

  private static String stateOrNull(AccumuloClient client, String table) throws AccumuloException {
    try {
      return ResultState.state(client, table);
    } catch (TableNotFoundException e) {
      return null;
    }
  }

  private static void deleteIfExists(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException {
    try {
      client.tableOperations().delete(table);
    } catch (TableNotFoundException e) {
      // gone already
    }
  }
}
