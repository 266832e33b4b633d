package outerproduct.mr.task;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.mr.MultiplyConf;
import outerproduct.mr.io.Stripe;

/**
 * The reducer of a job whose map output is stripes (mappers with a pre-sum window): one call per C
 * row, whose stripes it merges ({@link StripeMerge}) into the row's cells in C's order with their
 * sums, which go to C by the job's {@link CellOutput}. Memory: one row's stripes, as {@link
 * StripeMerge} bounds them.
 */
public class StripeReducer extends Reducer<Text, Stripe, Object, Object> {
  private StripeMerge<Object> merge;
  private CellOutput output;

  @Override
  @SuppressWarnings("unchecked")
  protected void setup(Context context) throws IOException, InterruptedException {
    merge =
        new StripeMerge<>(
            (Semiring<Object>) new MultiplyConf(context.getConfiguration()).semiring());
    output = CellOutput.of(context);
  }

  @Override
  protected void reduce(Text row, Iterable<Stripe> stripes, Context context)
      throws IOException, InterruptedException {
    String rowName = new String(row.getBytes(), 0, row.getLength(), StandardCharsets.UTF_8);
    for (Stripe s : stripes) {
      merge.add(s, rowName);
    }
    byte[] i = row.copyBytes();
    merge.merge(
        rowName,
        (cell, sum, count) -> {
          if (sum != null) {
            output.writeSum(i, cell.j(), cell.visibility(), sum);
          } else {
            output.writeEncoded(i, cell.j(), cell.visibility(), cell.value());
          }
        });
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    output.flush();
  }
}
