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
 * stretches of the map task's held inputs, or a window's drains within one) merged into one, cells
 * of more than one stripe ⊕-ed. Hadoop may run it zero, one or many times on any subset of a row's
 * stripes; that is correct because ⊕ is associative and commutative (the Semiring contract). Counts
 * cells in and out.
 *
 * <p>Memory: it holds at most {@link StripeMerge#HOLD_BYTES} of a row's stripes (and one stripe of
 * output). A row with more, a hub row of C whose cells run into the millions, is merged and written
 * in runs of that size: the reducer merges a row's runs as it merges any row's stripes, where
 * merging them here into one would hold the whole row, twice.
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
            (Semiring<Object>) new MultiplyConf(context.getConfiguration()).semiring(),
            Long.MAX_VALUE);
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
    long written = 0;
    merge.add(first, rowName);
    while (values.hasNext()) {
      Stripe s = values.next();
      merge.add(s, rowName);
      in += s.cells();
      if (merge.heldBytes() >= StripeMerge.HOLD_BYTES) {
        written += writeMerged(row, rowName, context);
      }
    }
    written += writeMerged(row, rowName, context);
    count(in, written);
  }

  /** Merges the stripes held and writes them as stripes of at most {@link Stripe#MAX_CELLS}. */
  private long writeMerged(Text row, String rowName, Context context)
      throws IOException, InterruptedException {
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
    return written[0];
  }

  private void count(long in, long out) {
    cellsIn.increment(in);
    cellsOut.increment(out);
  }
}
