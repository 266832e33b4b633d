package outerproduct.mr.task;

import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.mr.MultiplyConf;
import outerproduct.mr.OuterProductCounter;
import outerproduct.mr.io.CellKey;

/**
 * The reducer of a job whose map output is one record per cell (mappers without a pre-sum window):
 * ⊕ of each cell's values and, when the job removes zeros, dropping a cell whose sum is the
 * semiring's zero (counted); the sum goes to C by the job's {@link CellOutput}. The partitioner
 * keeps a row on one reducer and the shuffle delivers its cells in C's order.
 */
public class SumReducer extends Reducer<CellKey, Text, Object, Object> {
  private CellFold<Object> fold;
  private boolean removeZeros;
  private CellOutput output;

  @Override
  @SuppressWarnings("unchecked")
  protected void setup(Context context) throws IOException, InterruptedException {
    MultiplyConf conf = new MultiplyConf(context.getConfiguration());
    fold = new CellFold<>((Semiring<Object>) conf.semiring());
    removeZeros = conf.removeZeros();
    output = CellOutput.of(context);
  }

  @Override
  protected void reduce(CellKey cell, Iterable<Text> values, Context context)
      throws IOException, InterruptedException {
    CellFold.Sum<Object> sum = fold.fold(cell, values);
    if (removeZeros && fold.isZero(sum.value())) {
      context.getCounter(OuterProductCounter.ZEROS_REMOVED).increment(1);
      return;
    }
    output.write(cell.row(), cell.column(), cell.visibility(), fold.encode(sum.value()));
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    output.flush();
  }
}
