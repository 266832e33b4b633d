package outerproduct.mr.task;

import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import outerproduct.kernel.product.EntrySource;
import outerproduct.kernel.product.HeldInputs;
import outerproduct.kernel.product.HeldStretches;
import outerproduct.kernel.product.OuterProduct;
import outerproduct.kernel.product.SortedWindow;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.mr.OuterProductCounter;

/**
 * A map task's held stretches written as stripes: each stretch's products formed range by range in
 * C's row order into a window that drains, summed, whenever a range ends (or it fills, for an i
 * whose products outgrow it), so that a C row leaves the task once per stretch instead of once per
 * window of products in k order. A row too large to hold is formed through a window of its own.
 *
 * <p>Memory: the stretches' bound and one window of {@code rangeProducts} at a time ({@link
 * HeldInputs#boundBeside} and {@link HeldInputs#rangeProductsBeside} of the task's pre-sum budget).
 */
final class HeldStripes<T> implements HeldStretches.Sink<T>, HeldInputs.RangeSink<T> {
  private final Semiring<T> semiring;
  private final int rangeProducts;
  private final HeldStretches<T> stretches;
  private final TaskInputOutputContext<?, ?, Writable, Writable> context;
  private final StripeEmitter stripes;
  private SortedWindow<T> window;
  private long reportedProducts;
  private long reportedRows;

  HeldStripes(
      Semiring<T> semiring,
      int windowProducts,
      TaskInputOutputContext<?, ?, Writable, Writable> context) {
    this.semiring = semiring;
    this.rangeProducts = HeldInputs.rangeProductsBeside(windowProducts);
    this.stretches = new HeldStretches<>(semiring, HeldInputs.boundBeside(windowProducts));
    this.context = context;
    this.stripes = new StripeEmitter(context);
  }

  /** Every product of the task's shared rows, as stripes; the counters counted. */
  void run(EntrySource at, EntrySource b) throws IOException {
    stretches.run(at, b, this);
    report();
  }

  @Override
  public void formHeld(HeldInputs<T> held) throws IOException {
    window = SortedWindow.ranked(rangeProducts, semiring, held.idsByRank());
    held.formInRanges(false, rangeProducts, this);
    window = null;
    report();
  }

  @Override
  public void add(int iRank, int jRank, byte[] visibility, T value) throws IOException {
    if (window.isFull()) {
      stripes.drain(window);
    }
    window.addRanked(iRank, jRank, visibility, value);
  }

  @Override
  public void endRange() throws IOException {
    stripes.drain(window);
    context.progress();
  }

  @Override
  public void formStreamed(OuterProduct<T> row) throws IOException {
    // its own window, dropped after the row, so that it never sits beside a stretch's
    SortedWindow<T> rowWindow = new SortedWindow<>(rangeProducts, semiring);
    while (row.advance()) {
      if (rowWindow.isFull()) {
        stripes.drain(rowWindow);
        context.progress();
      }
      rowWindow.add(row.i(), row.j(), row.visibility(), row.value());
    }
    stripes.drain(rowWindow);
  }

  private void report() {
    context
        .getCounter(OuterProductCounter.PARTIAL_PRODUCTS)
        .increment(stretches.partialProducts() - reportedProducts);
    context
        .getCounter(OuterProductCounter.ROWS_ALIGNED)
        .increment(stretches.rowsAligned() - reportedRows);
    reportedProducts = stretches.partialProducts();
    reportedRows = stretches.rowsAligned();
  }
}
