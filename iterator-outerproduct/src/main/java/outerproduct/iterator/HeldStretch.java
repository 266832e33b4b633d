package outerproduct.iterator;

import java.io.IOException;
import java.util.function.LongPredicate;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import outerproduct.kernel.product.HeldInputs;
import outerproduct.kernel.semiring.Semiring;

/**
 * A call of {@link RemoteWriteIterator} with bulk output that reads its stretch's shared rows whole
 * into the stretch's {@link HeldInputs} instead of forming products, so that {@link StretchFiles}
 * forms them in C's order at the commit and spills nothing. Taken whenever it can be: the writer
 * stages files, the source is a {@link TwoTableIterator} of the writer's semiring directly below,
 * and the range starts and ends at row boundaries (a whole-table multiply's always do).
 *
 * <p>The stretch ends at a row boundary: at a monitoring limit, or before the first row the inputs'
 * bound refuses. A call whose very first row is refused (a row of AT and B larger than the bound)
 * makes that row's products the usual way, and the next call holds again.
 */
final class HeldStretch {
  /** How a call's read ended. */
  enum Outcome {
    /** Not taken: the caller forms products. */
    NOT_HELD,
    /** The first row alone is past the bound: the caller forms that row's products. */
    FIRST_ROW_TOO_LARGE,
    /** Rows held up to a monitoring limit or the bound; more follow in the range. */
    LIMIT,
    /** Every row of the range held. */
    END
  }

  private HeldStretch() {}

  /**
   * Reads the shared rows of {@code remaining} into {@code writer}'s held inputs, counting rows and
   * products into {@code done}; {@code limitReached} says, by products, when to stop at a row.
   */
  static <T> Outcome read(
      SortedKeyValueIterator<Key, Value> source,
      Semiring<T> semiring,
      Range remaining,
      ProductWriter<T> writer,
      CallStretch done,
      LongPredicate limitReached,
      MultiplyLiveness liveness)
      throws IOException {
    TwoTableIterator two = ProductFeed.kernelSource(source, semiring);
    if (two == null || !(writer instanceof StretchFiles<T> files)) {
      return Outcome.NOT_HELD;
    }
    SharedRows rows = two.seekRows(remaining);
    if (rows == null) {
      return Outcome.NOT_HELD;
    }
    HeldInputs<T> inputs =
        files.heldInputs(
            value -> {
              done.plusExposure += semiring.plusExposure(value);
              liveness.product();
            });
    for (byte[] k = rows.next(); k != null; k = rows.next()) {
      done.currentRow = k;
      if (!rows.readInto(inputs, k)) {
        done.currentRow = done.lastDoneRow;
        return inputs.rows() == 0 ? Outcome.FIRST_ROW_TOO_LARGE : Outcome.LIMIT;
      }
      done.endRow();
      done.products = inputs.products();
      liveness.product();
      if (limitReached.test(done.products)) {
        return Outcome.LIMIT;
      }
    }
    return Outcome.END;
  }
}
