package outerproduct.inputs;

import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.data.Mutation;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.oracle.SparseMatrix;

/**
 * Writes a matrix into a new table in the SPEC §1 layout (row, empty family, qualifier = column,
 * value = decimal text), pre-split into tablets at row quantiles of its entries so each tablet
 * holds about the same number of entries.
 */
public final class MatrixLoader {
  private MatrixLoader() {}

  /**
   * @param tablets number of tablets (1: no splits)
   * @throws IllegalArgumentException if the table exists: inputs are never appended to
   */
  public static long load(AccumuloClient client, String table, SparseMatrix matrix, int tablets)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    if (client.tableOperations().exists(table)) {
      throw new IllegalArgumentException("table '" + table + "' already exists; refusing to load into it");
    }
    SortedSet<Text> splits = splits(matrix, tablets);
    NewTableConfiguration config = new NewTableConfiguration();
    if (!splits.isEmpty()) {
      config.withSplits(splits);
    }
    try {
      client.tableOperations().create(table, config);
    } catch (TableExistsException e) {
      throw new IllegalArgumentException("table '" + table + "' was created concurrently", e);
    }
    long written = 0;
    try (BatchWriter writer = client.createBatchWriter(table)) {
      String currentRow = null;
      Mutation m = null;
      for (SparseMatrix.Entry e : matrix.entries()) {
        if (!e.row().equals(currentRow)) {
          if (m != null) {
            writer.addMutation(m);
          }
          currentRow = e.row();
          m = new Mutation(currentRow);
        }
        m.put("", e.column(), e.value());
        written++;
      }
      if (m != null) {
        writer.addMutation(m);
      }
    }
    return written;
  }

  /** Split points dividing the matrix's entries into {@code tablets} runs of about equal size. */
  public static SortedSet<Text> splits(SparseMatrix matrix, int tablets) {
    if (tablets < 1) {
      throw new IllegalArgumentException("tablets must be at least 1, got " + tablets);
    }
    SortedSet<Text> splits = new TreeSet<>();
    if (tablets == 1 || matrix.nnz() == 0) {
      return splits;
    }
    List<String> rows = matrix.rowIds();
    long target = matrix.nnz() / tablets;
    long seen = 0;
    int next = 1;
    for (String row : rows.subList(0, rows.size() - 1)) {
      seen += matrix.row(row).size();
      if (seen >= target * next && next < tablets) {
        // A split point is the last row of a tablet (Accumulo's end row is inclusive).
        splits.add(new Text(row));
        next++;
      }
    }
    return splits;
  }
}
