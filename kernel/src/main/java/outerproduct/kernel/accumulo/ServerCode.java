package outerproduct.kernel.accumulo;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.thrift.TApplicationException;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;

/**
 * Whether the tablet servers of a table can load this project's iterators: the server jar (the
 * release's {@code lib/server} jar, the kernel and the iterator engine) installed in every tablet
 * server's {@code lib/} or in the table's class loader context (docs/deploy.md). Without it a scan
 * that names one of them fails inside the tablet server with no word of the class ({@code
 * AccumuloServerException: Error on server}), after the multiply has created its result.
 *
 * <p>Asked of the tablet servers themselves ({@code testClassLoad}: any user may, in the table's
 * context), once per table, class and client JVM: a service's later requests pay nothing.
 */
public final class ServerCode {
  /** Accumulo's table property naming the class loader context a table's iterators load from. */
  public static final String CONTEXT_PROPERTY = "table.class.loader.context";

  private static final Set<String> loadable = ConcurrentHashMap.newKeySet();

  private ServerCode() {}

  /**
   * @throws IllegalArgumentException naming the table, the first iterator its tablet servers cannot
   *     load, and how to install it
   */
  @SafeVarargs
  public static void requireLoadable(
      AccumuloClient client,
      String table,
      Class<? extends SortedKeyValueIterator<?, ?>>... iterators)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    Optional<String> missing = missing(client, table, iterators);
    if (missing.isPresent()) {
      throw new IllegalArgumentException(
          missing.get() + "; install it there and run again. Nothing was written");
    }
  }

  /**
   * Whether the tablet servers of the tables whose scans carry the kernel's filters can load them:
   * {@link RowRangesIterator} on a subset of several row ranges, {@link ColumnFilterIterator} on a
   * column filter. Asked before such a scan, which would otherwise fail with the bare "Error on
   * server"; a table whose scans carry none is not asked. {@code at} may be null.
   *
   * @throws IllegalArgumentException naming the table, the class and how to install it
   */
  public static void requireFilters(
      AccumuloClient client,
      RowRanges rows,
      String at,
      ColumnFilter atColumns,
      String b,
      ColumnFilter bColumns) {
    boolean ranges = !rows.isAll() && rows.ranges().size() > 1;
    if (at != null && (ranges || atColumns != null)) {
      requireKernel(client, at);
    }
    if (ranges || bColumns != null) {
      requireKernel(client, b);
    }
  }

  /**
   * As {@link #requireFilters}, for one table whose scan carries a kernel iterator. A table that
   * does not exist is left to the input checks, which name it.
   */
  public static void requireKernel(AccumuloClient client, String table) {
    try {
      requireLoadable(client, table, RowRangesIterator.class);
    } catch (TableNotFoundException e) {
      // the input checks say so
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw new IllegalStateException(
          "cannot ask the tablet servers of table '"
              + table
              + "' whether they load this project's iterators: "
              + e.getMessage(),
          e);
    }
  }

  /**
   * A table's class loader context as its user may know it: {@code name} is its own or its
   * namespace's {@value #CONTEXT_PROPERTY}, null when there is none (the tablet servers' {@code
   * lib/}); not {@code known} where the user may not read the table's configuration (Accumulo 2.1
   * lets only a user who may alter the table, or has System permission, read it).
   */
  public record TableContext(String name, boolean known) {
    /** No context: the tablet servers' {@code lib/}. */
    public static final TableContext NONE = new TableContext(null, true);

    static final TableContext UNKNOWN = new TableContext(null, false);
  }

  /**
   * {@code table}'s class loader context, as {@link TableContext} says; none for a table that does
   * not exist (the input checks name it).
   */
  public static TableContext contextOf(AccumuloClient client, String table)
      throws AccumuloException {
    try {
      return new TableContext(contextIn(client.tableOperations().getConfiguration(table)), true);
    } catch (TableNotFoundException e) {
      return TableContext.NONE;
    } catch (AccumuloException e) {
      if (e.getCause() instanceof AccumuloSecurityException) {
        return TableContext.UNKNOWN;
      }
      throw e;
    }
  }

  /** The context a table configuration names, as {@link #contextOf}. */
  public static String contextIn(Map<String, String> tableConfiguration) {
    String context = tableConfiguration.get(CONTEXT_PROPERTY);
    return context == null || context.isBlank() ? null : context.trim();
  }

  /**
   * What the tablet servers of {@code table} lack, if they cannot load one of {@code iterators}.
   */
  @SafeVarargs
  public static Optional<String> missing(
      AccumuloClient client,
      String table,
      Class<? extends SortedKeyValueIterator<?, ?>>... iterators)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    for (Class<? extends SortedKeyValueIterator<?, ?>> iterator : iterators) {
      String key = table + '\0' + iterator.getName();
      if (loadable.contains(key)) {
        continue;
      }
      if (!loads(client, table, iterator)) {
        return Optional.of(
            "the tablet servers of table '"
                + table
                + "' cannot load "
                + iterator.getName()
                + where(contextOf(client, table))
                + " (docs/deploy.md)");
      }
      loadable.add(key);
    }
    return Optional.empty();
  }

  private static String where(TableContext context) {
    if (!context.known()) {
      return ": this project's server jar (lib/server of the release) is not in every tablet"
          + " server's lib/ nor in the table's class loader context";
    }
    return context.name() == null
        ? ": this project's server jar (lib/server of the release) is not in every tablet server's"
            + " lib/, and the table has no class loader context"
        : " in the table's class loader context '"
            + context.name()
            + "': it lacks this project's server jar (lib/server of the release)";
  }

  /**
   * Asks the tablet servers; a context they do not know (a name no {@code
   * general.vfs.context.classpath.*} defines) fails the call in the server instead of answering
   * false, which reaches here as a Thrift application error: that is a "no". Any other failure is
   * not an answer and is thrown, so that it is never reported as a missing jar.
   */
  private static boolean loads(
      AccumuloClient client, String table, Class<? extends SortedKeyValueIterator<?, ?>> iterator)
      throws AccumuloSecurityException, TableNotFoundException {
    try {
      return client
          .tableOperations()
          .testClassLoad(table, iterator.getName(), SortedKeyValueIterator.class.getName());
    } catch (AccumuloException e) {
      if (e.getCause() instanceof TApplicationException) {
        return false;
      }
      throw new IllegalStateException(
          "could not ask the tablet servers of table '"
              + table
              + "' whether they load "
              + iterator.getName()
              + ": "
              + e.getMessage(),
          e);
    }
  }
}
