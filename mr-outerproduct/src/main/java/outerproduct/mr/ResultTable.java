package outerproduct.mr;

import java.util.EnumSet;
import java.util.Map;
import java.util.SortedSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.semiring.ValueEncoding;

/**
 * C for the MapReduce engine. The reducers write each cell's final sum as a plain put, and a task
 * attempt may run twice (retry, speculation), so C must not sum what it receives: it keeps
 * Accumulo's default of one version per cell and carries no other iterator. Then a rewritten cell
 * is replaced by the same value, and C is exact however often attempts ran.
 *
 * <p>Hence C must be new or empty: the job computes C, it does not add to an existing one (the
 * iterator engine, whose C carries a combiner, does).
 */
final class ResultTable {
  private static final String VERSIONING = "vers";

  private ResultTable() {}

  /**
   * Creates C (with {@code splits}) or checks that an existing C is empty, writable and configured
   * as above.
   *
   * @throws IllegalArgumentException naming the table and what is wrong; C is then untouched
   */
  static void prepare(
      AccumuloClient client, String table, SortedSet<Text> splits, ValueEncoding encoding)
      throws AccumuloException, AccumuloSecurityException {
    try {
      if (!client.tableOperations().exists(table)) {
        NewTableConfiguration config = FileCompression.newTable(encoding);
        if (!splits.isEmpty()) {
          config.withSplits(splits);
        }
        client.tableOperations().create(table, config);
        return;
      }
      ResultState.checkMayWrite(client, table);
      checkVersioningOnly(client, table);
      checkEmpty(client, table);
    } catch (TableNotFoundException | TableExistsException e) {
      throw new IllegalArgumentException(
          "result table '"
              + table
              + "' was created or deleted by someone"
              + " else while being prepared",
          e);
    }
  }

  private static void checkVersioningOnly(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    Map<String, EnumSet<IteratorScope>> iterators = client.tableOperations().listIterators(table);
    for (Map.Entry<String, EnumSet<IteratorScope>> it : iterators.entrySet()) {
      if (!it.getKey().equals(VERSIONING)) {
        throw new IllegalArgumentException(
            "result table '"
                + table
                + "' has iterator '"
                + it.getKey()
                + "' "
                + it.getValue()
                + "; the MapReduce engine writes final sums and needs a C without"
                + " combiners (a combiner would add a retried task's output twice)");
      }
    }
    if (!iterators.containsKey(VERSIONING)
        || !iterators.get(VERSIONING).equals(EnumSet.allOf(IteratorScope.class))) {
      throw new IllegalArgumentException(
          "result table '"
              + table
              + "' lacks the versioning iterator at"
              + " every scope; without it a retried task's rewrite would show as a second value");
    }
    String maxVersions =
        client
            .tableOperations()
            .getConfiguration(table)
            .get("table.iterator.scan." + VERSIONING + ".opt.maxVersions");
    if (maxVersions != null && !maxVersions.equals("1")) {
      throw new IllegalArgumentException(
          "result table '"
              + table
              + "' keeps "
              + maxVersions
              + " versions; the MapReduce engine needs 1");
    }
  }

  private static void checkEmpty(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    if (!ResultState.isEmpty(client, table)) {
      throw new IllegalArgumentException(
          "result table '"
              + table
              + "' is not empty; the MapReduce engine writes C = AT^T B, it does not add to an"
              + " existing C: give a new or empty table");
    }
  }
}
