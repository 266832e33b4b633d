package outerproduct.kernel.accumulo;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

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
      if (!client
          .tableOperations()
          .testClassLoad(table, iterator.getName(), SortedKeyValueIterator.class.getName())) {
        return Optional.of(
            "the tablet servers of table '"
                + table
                + "' cannot load "
                + iterator.getName()
                + ": this project's server jar (lib/server of the release) is not in every tablet"
                + " server's lib/ nor in the table's class loader context (docs/deploy.md)");
      }
      loadable.add(key);
    }
    return Optional.empty();
  }
}
