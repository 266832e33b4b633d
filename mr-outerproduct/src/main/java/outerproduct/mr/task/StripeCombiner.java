package outerproduct.mr.task;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.Text;
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

  @Override
  @SuppressWarnings("unchecked")
  protected void setup(Context context) {
    merge =
        new StripeMerge<>(
            (Semiring<Object>) new MultiplyConf(context.getConfiguration()).semiring());
  }

  @Override
  protected void reduce(Text row, Iterable<Stripe> stripes, Context context)
      throws IOException, InterruptedException {
    String rowName = new String(row.getBytes(), 0, row.getLength(), StandardCharsets.UTF_8);
    long in = 0;
    for (Stripe s : stripes) {
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
    context.getCounter(OuterProductCounter.COMBINER_IN).increment(in);
    context.getCounter(OuterProductCounter.COMBINER_OUT).increment(written[0]);
  }
}
