package outerproduct.kernel.accumulo;

import java.util.EnumSet;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.Combiner;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.LongCombiner;
import org.apache.accumulo.core.iterators.user.SummingCombiner;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;

/**
 * Row-degree tables, after D4M's {@code TedgeDeg}: for a matrix table T, the table {@code T}{@value
 * #SUFFIX} holds one entry per row of T, its row T's row, its qualifier {@value #COLUMN} and its
 * value the number of T's entries in that row, as decimal text. An Accumulo {@link SummingCombiner}
 * at scan, minc and majc sums what is written to it, so a loader that adds entries to T later adds
 * their counts and the table stays the sum.
 *
 * <p>A loader counts every entry it writes; {@link #compute} counts the entries its user may read.
 */
public final class DegreeTables {
  public static final String SUFFIX = "Deg";
  public static final String COLUMN = "deg";
  private static final String COMBINER_NAME = "sumDegrees";

  private DegreeTables() {}

  /** The degree table of {@code table}. */
  public static String of(String table) {
    return table + SUFFIX;
  }

  /**
   * Creates the degree table of {@code table}, summing at every scope.
   *
   * @throws IllegalArgumentException if it exists already
   */
  public static void create(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException {
    IteratorSetting sum = new IteratorSetting(10, COMBINER_NAME, SummingCombiner.class);
    LongCombiner.setEncodingType(sum, LongCombiner.Type.STRING);
    Combiner.setCombineAllColumns(sum, true);
    try {
      client
          .tableOperations()
          .create(
              of(table),
              new NewTableConfiguration()
                  .withoutDefaultIterators()
                  .attachIterator(sum, EnumSet.allOf(IteratorScope.class)));
    } catch (TableExistsException e) {
      throw new IllegalArgumentException(
          "degree table '" + of(table) + "' exists already; it is kept up to date by its loader",
          e);
    }
  }

  /** Adds {@code count} entries of row {@code row} to the degree table through {@code writer}. */
  public static void add(BatchWriter writer, String row, long count) throws AccumuloException {
    add(writer, row, count, new ColumnVisibility());
  }

  /**
   * As {@link #add(BatchWriter, String, long)}, the count labelled {@code visibility}: the label of
   * the matrix's cells, so that a row's degree is seen by those who may see its cells.
   */
  public static void add(BatchWriter writer, String row, long count, ColumnVisibility visibility)
      throws AccumuloException {
    Mutation m = new Mutation(row);
    m.put("", COLUMN, visibility, Long.toString(count));
    writer.addMutation(m);
  }

  /**
   * Counts the entries of every row of {@code table} in one scan, holding one row's count at a
   * time, and writes them into its new degree table.
   *
   * @return the rows counted
   * @throws IllegalArgumentException if the table is missing or its degree table exists
   */
  public static long compute(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    if (!client.tableOperations().exists(table)) {
      throw new IllegalArgumentException("table '" + table + "' does not exist");
    }
    create(client, table);
    long rows = 0;
    Authorizations auths = client.securityOperations().getUserAuthorizations(client.whoami());
    try (Scanner scan = client.createScanner(table, auths);
        BatchWriter writer = client.createBatchWriter(of(table))) {
      ByteSequence row = null;
      long count = 0;
      for (Map.Entry<Key, Value> entry : scan) {
        ByteSequence k = entry.getKey().getRowData();
        if (row != null && !row.equals(k)) {
          add(writer, row.toString(), count);
          rows++;
          count = 0;
        }
        if (count == 0) {
          row = new ArrayByteSequence(k.toArray());
        }
        count++;
      }
      if (row != null) {
        add(writer, row.toString(), count);
        rows++;
      }
    }
    return rows;
  }
}
