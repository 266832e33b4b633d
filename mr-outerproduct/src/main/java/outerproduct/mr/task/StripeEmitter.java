package outerproduct.mr.task;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Arrays;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import outerproduct.kernel.product.SortedWindow;
import outerproduct.mr.io.Stripe;

/**
 * Writes a drained window as stripes: one (row, its cells) record per C row of the window, or more
 * for a row of more than {@link Stripe#MAX_CELLS} cells. The key and value are reused.
 */
final class StripeEmitter implements SortedWindow.Sink {
  private final TaskInputOutputContext<?, ?, Writable, Writable> context;
  private final Text row = new Text();
  private final Stripe stripe = new Stripe();
  private byte[] current;

  StripeEmitter(TaskInputOutputContext<?, ?, Writable, Writable> context) {
    this.context = context;
  }

  /** Drains {@code window} sorted, each of its C rows as a stripe, and leaves it empty. */
  void drain(SortedWindow<?> window) throws IOException {
    window.drainSorted(this, null);
    flush();
  }

  @Override
  public void accept(byte[] i, byte[] j, byte[] visibility, byte[] sum) throws IOException {
    // The window hands out one array per id, so a row's cells usually share i's array.
    if (current != i && !Arrays.equals(current, i) || stripe.cells() == Stripe.MAX_CELLS) {
      flush();
      current = i;
    }
    stripe.add(j, visibility, sum);
  }

  private void flush() throws IOException {
    if (stripe.cells() > 0) {
      row.set(current);
      write(context, row, stripe);
      stripe.clear();
    }
    current = null;
  }

  /** One map output record; an interrupt leaves as the IOException Hadoop's writers throw. */
  static void write(
      TaskInputOutputContext<?, ?, Writable, Writable> context, Writable key, Writable value)
      throws IOException {
    try {
      context.write(key, value);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted writing map output");
    }
  }
}
