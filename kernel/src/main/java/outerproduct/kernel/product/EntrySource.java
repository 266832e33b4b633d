package outerproduct.kernel.product;

import java.io.IOException;

/**
 * A stream of one matrix's entries in Accumulo key order (row, then column), as an engine reads it:
 * a tablet server's iterator, a remote scanner, a mapper's record reader, a client scan. The kernel
 * reads only through this interface, so the engines differ only in what they put behind it.
 *
 * <p>The arrays returned by {@link #row()}, {@link #column()}, {@link #visibility()} and {@link
 * #value()} are valid until the next call to {@link #next()} or {@link #seekRow}; callers copy what
 * they keep.
 */
public interface EntrySource {

  /** The table this stream reads, for error messages. */
  String table();

  boolean hasTop();

  byte[] row();

  byte[] column();

  /** The entry's column visibility expression; empty when it has none. */
  byte[] visibility();

  byte[] value();

  void next() throws IOException;

  /**
   * Positions at the first entry whose row is at or after {@code row}. The default steps with
   * {@link #next()}; sources that can seek (an SKVI, a scanner) override it to skip long runs of
   * unmatched rows.
   */
  default void seekRow(byte[] row) throws IOException {
    while (hasTop() && java.util.Arrays.compareUnsigned(row(), row) < 0) {
      next();
    }
  }

  /**
   * Goes back to the first entry of {@code row}, a row this source is in or has passed: how the
   * outer product reads AT's row again for each part of a row of B too long to hold at once ({@link
   * RowParts}). Sources over Accumulo seek back; one that cannot says so.
   *
   * @throws UnsupportedOperationException from a source that cannot go back
   */
  default void rewindToRow(byte[] row) throws IOException {
    throw new UnsupportedOperationException(
        "table '" + table() + "': this source cannot read a row again");
  }
}
