package outerproduct.mr.task;

import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.mr.MultiplyConf;
import outerproduct.mr.OuterProductCounter;
import outerproduct.mr.io.CellKey;

/**
 * What every reducer of the job does before it writes: ⊕ of a cell's values, and, when the job
 * removes zeros, dropping a cell whose sum is the semiring's zero (counted). Subclasses say how a
 * final sum reaches C.
 *
 * @param <K> the output format's key
 * @param <V> the output format's value
 */
public abstract class SumReducer<K, V> extends Reducer<CellKey, Text, K, V> {
  private CellFold<Object> fold;
  private boolean removeZeros;

  @Override
  @SuppressWarnings("unchecked")
  protected void setup(Context context) throws IOException, InterruptedException {
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
    write(cell, fold.encode(sum.value()), context);
  }

  /** Writes one cell's final sum, already encoded in the semiring's canonical form. */
  protected abstract void write(CellKey cell, byte[] sum, Context context)
      throws IOException, InterruptedException;
}
