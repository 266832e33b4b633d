package outerproduct.mr.task;

import java.io.IOException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import outerproduct.mr.OuterProductCounter;
import outerproduct.mr.io.CellKey;

/**
 * ⊕ of each cell's values, written as sorted RFile entries (AccumuloFileOutputFormat) for one bulk
 * import of C after the job succeeds. Only the committed attempt's file is imported, so a failed or
 * speculative attempt cannot add to C.
 */
public class RFileReducer extends SumReducer<Key, Value> {
  private static final byte[] FAMILY = new byte[0];

  @Override
  protected void write(CellKey cell, byte[] sum, Context context)
      throws IOException, InterruptedException {
    // Bulk-imported with the table's time (the load assigns one), so the key's is a placeholder.
    context.write(
        new Key(cell.row(), FAMILY, cell.column(), cell.visibility(), 0L), new Value(sum));
    context.getCounter(OuterProductCounter.ENTRIES_WRITTEN).increment(1);
  }
}
