package outerproduct.mr.task;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Reducer;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.mr.MultiplyConf;
import outerproduct.mr.OuterProductCounter;
import outerproduct.mr.io.Stripe;

/**
 * The semiring's ⊕ as a Hadoop combiner over stripes: a row's stripes in one spill (from different
 * pre-sum windows of the map task) merged into one, cells of more than one stripe ⊕-ed. Hadoop may
 * run it zero, one or many times on any subset of a row's stripes; that is correct because ⊕ is
 * associative and commutative (the Semiring contract). Counts cells in and out.
 */
public class StripeCombiner extends Reducer<Text, Stripe, Text, Stripe> {
  private StripeMerge<Object> merge;
  private final Stripe out = new Stripe();
  private Counter cellsIn;
  private Counter cellsOut;

  @Override
  @SuppressWarnings("unchecked")
  protected void setup(Context context) {
    merge =
        new StripeMerge<>(
            (Semiring<Object>) new MultiplyConf(context.getConfiguration()).semiring());
    cellsIn = context.getCounter(OuterProductCounter.COMBINER_IN);
    cellsOut = context.getCounter(OuterProductCounter.COMBINER_OUT);
  }

  @Override
  protected void reduce(Text row, Iterable<Stripe> stripes, Context context)
      throws IOException, InterruptedException {
    Iterator<Stripe> values = stripes.iterator();
    Stripe first = values.next();
    if (!values.hasNext()) {
      // A row found in one window of the spill has nothing to merge: its stripe goes on as it came
      // rather than being copied, walked and rebuilt.
      context.write(row, first);
      count(first.cells(), first.cells());
      return;
    }
    String rowName = new String(row.getBytes(), 0, row.getLength(), StandardCharsets.UTF_8);
    long in = first.cells();
    merge.add(first, rowName);
    while (values.hasNext()) {
      Stripe s = values.next();
      merge.add(s, rowName);
      in += s.cells();
    }
    out.clear();
    long[] written = {0};
    merge.merge(
        rowName,
        (cell, sum, count) -> {
          if (out.cells() == Stripe.MAX_CELLS) {
            context.write(row, out);
            out.clear();
          }
          merge.append(out, cell, sum);
          written[0]++;
        });
    if (out.cells() > 0) {
      context.write(row, out);
    }
    count(in, written[0]);
  }

  private void count(long in, long out) {
    cellsIn.increment(in);
    cellsOut.increment(out);
  }
}
