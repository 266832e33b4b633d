package outerproduct.iterator;

import java.io.IOException;
import java.util.Arrays;
import outerproduct.kernel.product.EntrySource;
import outerproduct.kernel.product.HeldInputs;
import outerproduct.kernel.product.RowAligner;

/**
 * The rows B and AT share within a range that starts and ends at row boundaries, read whole: how
 * {@link HeldStretch} takes a stretch's inputs from {@link TwoTableIterator#seekRows}.
 */
final class SharedRows {
  private final EntrySource at;
  private final EntrySource b;
  private final RowAligner aligner;

  /** The first row past the range, or null for none. */
  private final byte[] endRow;

  SharedRows(EntrySource at, EntrySource b, byte[] endRow) {
    this.at = at;
    this.b = b;
    this.aligner = new RowAligner(at, b);
    this.endRow = endRow;
  }

  /** The next shared row within the range, both sources at its first entries; null at the end. */
  byte[] next() throws IOException {
    byte[] k = aligner.nextSharedRow();
    return k == null || (endRow != null && Arrays.compareUnsigned(k, endRow) >= 0) ? null : k;
  }

  /** Reads row {@code k} whole into {@code inputs}: false if their bound refused it. */
  <T> boolean readInto(HeldInputs<T> inputs, byte[] k) throws IOException {
    return inputs.read(k, at, b);
  }
}
