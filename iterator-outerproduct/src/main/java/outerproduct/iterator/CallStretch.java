package outerproduct.iterator;

import java.util.Arrays;
import org.apache.accumulo.core.data.ByteSequence;

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

  byte[] lastDoneRow;
  ByteSequence currentRow;

  /**
   * True when {@code row} is the row this call is in; compared directly because {@link
   * ByteSequence#equals} goes through a general comparator and runs once per product.
   */
  boolean inRow(ByteSequence row) {
    if (currentRow == null || currentRow.length() != row.length()) {
      return false;
    }
    if (row.isBackedByArray()) {
      return Arrays.equals(
          currentRow.getBackingArray(),
          currentRow.offset(),
          currentRow.offset() + currentRow.length(),
          row.getBackingArray(),
          row.offset(),
          row.offset() + row.length());
    }
    return currentRow.equals(row);
  }

  void endRow() {
    rows++;
    lastDoneRow = currentRow.toArray();
  }

  /** This call's monitoring value, its busy time ending now. */
  Progress progress(long written, long resumes, String server) {
    long busyMicros = (System.nanoTime() - beginNanos) / 1000;
    return new Progress(
        rows, products, written, resumes, busyMicros, flushNanos / 1000, server, null);
  }
}
