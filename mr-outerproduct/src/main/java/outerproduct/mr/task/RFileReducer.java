package outerproduct.mr.task;

import java.io.IOException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.mr.MultiplyConf;
import outerproduct.mr.OuterProductCounter;
import outerproduct.mr.io.CellKey;

/**
 * ⊕ of each cell's values, written as sorted RFile entries (AccumuloFileOutputFormat) for one
 * bulk import of C after the job succeeds. Only the committed attempt's file is imported, so a
 * failed or speculative attempt cannot add to C.
 */
public class RFileReducer extends Reducer<CellKey, Text, Key, Value> {
  private static final byte[] FAMILY = new byte[0];
  private static final byte[] VISIBILITY = new byte[0];
  private CellFold<Object> fold;
  private boolean removeZeros;

  @Override
  @SuppressWarnings("unchecked")
  protected void setup(Context context) {
    MultiplyConf conf = new MultiplyConf(context.getConfiguration());
    fold = new CellFold<>((Semiring<Object>) conf.semiring());
    removeZeros = conf.removeZeros();
  }

  @Override
  protected void reduce(CellKey cell, Iterable<Text> values, Context context)
      throws IOException, InterruptedException {
    CellFold.Sum<Object> sum = fold.fold(cell, values);
    if (removeZeros && fold.isZero(sum.value())) {
      context.getCounter(OuterProductCounter.ZEROS_REMOVED).increment(1);
      return;
    }
    // Bulk-imported with the table's time (the load assigns one), so the key's is a placeholder.
    Key key = new Key(cell.row(), FAMILY, cell.column(), VISIBILITY, 0L);
    context.write(key, new Value(fold.encode(sum.value())));
    context.getCounter(OuterProductCounter.ENTRIES_WRITTEN).increment(1);
  }
}
