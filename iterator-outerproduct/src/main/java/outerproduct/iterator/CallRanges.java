package outerproduct.iterator;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;

/**
 * The ranges of B one call of {@link RemoteWriteIterator} works on: what is left of the sought
 * range after the rows already done, and what a call covered once it stops.
 */
final class CallRanges {
  private CallRanges() {}

  /** The part of {@code range} after {@code resumeAfterRow} (null: all of it), or null if none. */
  static Range remaining(Range range, byte[] resumeAfterRow) {
    if (resumeAfterRow == null) {
      return range;
    }
    Key start = new Key(resumeAfterRow).followingKey(PartialKey.ROW);
    if (range.afterEndKey(start)) {
      return null;
    }
    return new Range(start, true, range.getEndKey(), range.isEndKeyInclusive());
  }

  /**
   * The rows of B whose products a call over {@code remaining} wrote: all of it once the range is
   * {@code finished}, else up to and including {@code lastDoneRow}.
   */
  static Range covered(Range remaining, boolean finished, byte[] lastDoneRow) {
    if (finished) {
      return remaining;
    }
    return new Range(
        remaining.getStartKey(),
        remaining.isStartKeyInclusive(),
        new Key(lastDoneRow).followingKey(PartialKey.ROW),
        false);
  }

  /** The first row of {@code range}; empty when it starts at the beginning of the table. */
  static byte[] startRow(Range range) {
    return range.getStartKey() == null ? new byte[0] : range.getStartKey().getRowData().toArray();
  }
}
