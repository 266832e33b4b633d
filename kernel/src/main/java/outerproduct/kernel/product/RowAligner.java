package outerproduct.kernel.product;

import java.io.IOException;
import java.util.Arrays;

/**
 * Merge-join of two sorted entry streams on their row: finds, in order, the rows k present in both
 * AT and B. Rows present in only one side would multiply an all-zero row and are skipped, by
 * seeking the side that is behind to the other's row.
 */
public final class RowAligner {
  private final EntrySource at;
  private final EntrySource b;

  public RowAligner(EntrySource at, EntrySource b) {
    this.at = at;
    this.b = b;
  }

  /**
   * Advances both sources to the first entry of the next row they share.
   *
   * @return that row (a copy), or null when either side is exhausted
   */
  public byte[] nextSharedRow() throws IOException {
    while (at.hasTop() && b.hasTop()) {
      int cmp = Arrays.compareUnsigned(at.row(), b.row());
      if (cmp == 0) {
        return at.row().clone();
      }
      if (cmp < 0) {
        at.seekRow(b.row());
      } else {
        b.seekRow(at.row());
      }
    }
    return null;
  }
}
