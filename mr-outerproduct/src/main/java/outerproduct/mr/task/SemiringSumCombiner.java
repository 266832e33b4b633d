package outerproduct.mr.task;

import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import outerproduct.mr.MultiplyConf;
import outerproduct.mr.OuterProductCounter;
import outerproduct.mr.io.CellKey;

/**
 * The semiring's ⊕ as a Hadoop combiner: pre-sums a map task's partial products for the same cell
 * before the shuffle. Hadoop may run it zero, one or many times on any subset of a cell's values;
 * that is correct because ⊕ is associative and commutative (the Semiring contract).
 */
public class SemiringSumCombiner extends Reducer<CellKey, Text, CellKey, Text> {
  private CellFold<Object> fold;
  private final Text out = new Text();

  @Override
  @SuppressWarnings("unchecked")
  protected void setup(Context context) {
    fold =
        new CellFold<>(
            (outerproduct.kernel.semiring.Semiring<Object>)
                new MultiplyConf(context.getConfiguration()).semiring());
  }

  @Override
  protected void reduce(CellKey cell, Iterable<Text> values, Context context)
      throws IOException, InterruptedException {
    CellFold.Sum<Object> sum = fold.fold(cell, values);
    out.set(fold.encode(sum.value()));
    context.write(cell, out);
    context.getCounter(OuterProductCounter.COMBINER_IN).increment(sum.count());
    context.getCounter(OuterProductCounter.COMBINER_OUT).increment(1);
  }
}
