package outerproduct.mr.task;

import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.mr.MultiplyConf;
import outerproduct.mr.io.CellKey;

/**
 * The reducer of a job whose map output is one record per cell (mappers without a pre-sum window):
 * ⊕ of each cell's values, the sum to C by the job's {@link CellOutput}. The partitioner keeps a
 * row on one reducer and the shuffle delivers its cells in C's order.
 */
public class SumReducer extends Reducer<CellKey, Text, Object, Object> {
  private CellFold<Object> fold;
  private CellOutput output;

  @Override
  @SuppressWarnings("unchecked")
  protected void setup(Context context) throws IOException, InterruptedException {
    fold =
        new CellFold<>((Semiring<Object>) new MultiplyConf(context.getConfiguration()).semiring());
    output = CellOutput.of(context);
  }

  @Override
  protected void reduce(CellKey cell, Iterable<Text> values, Context context)
      throws IOException, InterruptedException {
    Object sum = fold.fold(cell, values).value();
    output.writeSum(cell.row(), cell.column(), cell.visibility(), sum);
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    output.flush();
  }
}
