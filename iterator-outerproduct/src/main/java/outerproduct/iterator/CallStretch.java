package outerproduct.iterator;

import java.util.Arrays;

/**
 * What one call of {@link RemoteWriteIterator} got through: rows and products, the row it is in,
 * and its clocks for {@link Progress}.
 */
final class CallStretch {
  final long beginMillis = System.currentTimeMillis();
  private final long beginNanos = System.nanoTime();
  long rows;
  long products;

  /** Opening C's writers plus waiting for them to close. */
  long flushNanos;

  /** When the writers started closing. */
  long closing;

  /**
   * The semiring's exposure of ⊕ summed over the products handed to the writer ({@link Progress}).
   */
  double plusExposure;

  /** Entries of AT and B this call's products were formed from ({@link TwoTableIterator}). */
  long entriesRead;

  /** Entries the writer put into C (or CT when only CT is written). */
  long written;

  /** The bytes the writer produced. */
  Progress.Traffic traffic = Progress.Traffic.NONE;

  /** Rows as {@link ProductFeed} hands them out: one array per row, never modified. */
  byte[] lastDoneRow;

  /** What the call hands the caller beside its progress (output caller); null otherwise. */
  byte[] returned;

  byte[] currentRow;

  /** End the call after its first row ({@link HeldStretch.Outcome#FIRST_ROW_TOO_LARGE}). */
  boolean oneRow;

  /** True when {@code row} is the row this call is in: the same array, once per product. */
  boolean inRow(byte[] row) {
    return row == currentRow || (currentRow != null && Arrays.equals(currentRow, row));
  }

  void endRow() {
    rows++;
    lastDoneRow = currentRow;
  }

  /** This call's monitoring value, its busy time ending now. */
  Progress progress(long written, long resumes, String server) {
    long busyMicros = (System.nanoTime() - beginNanos) / 1000;
    return new Progress(
        rows,
        products,
        written,
        entriesRead,
        resumes,
        busyMicros,
        flushNanos / 1000,
        plusExposure,
        traffic,
        server,
        null);
  }
}
