package outerproduct.kernel.product;

import java.io.IOException;
import java.util.Arrays;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.kernel.semiring.Semiring;

/**
 * The one row that the outer product keeps in memory: B's row k, or the next part of it when the
 * row is longer than {@link RowParts} allow, as (column j, visibility, decoded value) triples in
 * column order. Its arrays are reused from row to row, so a long multiply allocates only when a
 * part is longer than every part before it.
 */
final class HeldRow<T> {
  private final Semiring<T> semiring;
  private final RowParts parts;
  private byte[][] columns = new byte[16][];
  private byte[][] visibilities = new byte[16][];
  private Object[] values = new Object[16];
  private int size;
  private boolean complete;

  HeldRow(Semiring<T> semiring, RowParts parts) {
    this.semiring = semiring;
    this.parts = parts;
  }

  /**
   * Reads the entries of {@code row} from {@code source}, as many as {@link RowParts} allow (at
   * least one), leaving it after them: at the row's next entry if {@link #complete()} is false.
   */
  void fill(EntrySource source, byte[] row) throws IOException {
    Arrays.fill(values, 0, size, null);
    size = 0;
    long bytes = 0;
    while (source.hasTop() && Arrays.equals(source.row(), row)) {
      if (size == parts.maxEntries() || bytes >= parts.maxBytes()) {
        complete = false;
        return;
      }
      if (size == columns.length) {
        columns = Arrays.copyOf(columns, size * 2);
        visibilities = Arrays.copyOf(visibilities, size * 2);
        values = Arrays.copyOf(values, size * 2);
      }
      columns[size] = source.column().clone();
      visibilities[size] =
          copyLabel(source.visibility(), size == 0 ? null : visibilities[size - 1]);
      values[size] = decode(semiring, source);
      bytes += columns[size].length + RowParts.ENTRY_OVERHEAD;
      if (size == 0 || visibilities[size] != visibilities[size - 1]) {
        bytes += visibilities[size].length;
      }
      size++;
      source.next();
    }
    complete = true;
  }

  /** Whether the last {@link #fill} reached the end of its row: false when more parts follow. */
  boolean complete() {
    return complete;
  }

  int size() {
    return size;
  }

  byte[] column(int index) {
    return columns[index];
  }

  byte[] visibility(int index) {
    return visibilities[index];
  }

  /** Labels repeat along a row: entries with the previous entry's label share its array. */
  static byte[] copyLabel(byte[] label, byte[] previous) {
    if (label.length == 0) {
      return Visibility.NONE;
    }
    return previous != null && Arrays.equals(label, previous) ? previous : label.clone();
  }

  @SuppressWarnings("unchecked")
  T value(int index) {
    return (T) values[index];
  }

  static <T> T decode(Semiring<T> semiring, EntrySource source) {
    try {
      return semiring.decode(source.value());
    } catch (IllegalArgumentException e) {
      throw new BadValueException(
          source.table(), source.row(), source.column(), source.value(), semiring.name(), e);
    }
  }
}
