package outerproduct.kernel.product;

import java.nio.charset.StandardCharsets;
import outerproduct.kernel.oracle.SparseMatrix;

/**
 * A matrix held in this JVM as an {@link EntrySource}: its ids and values encoded once, so that
 * reading it costs the kernel nothing but array steps. For measuring the kernel alone (the rate the
 * outer product reaches without Accumulo or Hadoop), never for an engine.
 */
public final class InMemoryEntrySource implements EntrySource {
  private final String table;
  private final byte[][] rows;
  private final byte[][] columns;
  private final byte[][] values;
  private int position;

  public InMemoryEntrySource(String table, SparseMatrix matrix) {
    this.table = table;
    int n = (int) matrix.nnz();
    rows = new byte[n][];
    columns = new byte[n][];
    values = new byte[n][];
    int e = 0;
    byte[] row = null;
    String rowText = null;
    for (SparseMatrix.Entry entry : matrix.entries()) {
      if (!entry.row().equals(rowText)) {
        rowText = entry.row();
        row = rowText.getBytes(StandardCharsets.UTF_8);
      }
      rows[e] = row;
      columns[e] = entry.column().getBytes(StandardCharsets.UTF_8);
      values[e] = entry.value().getBytes(StandardCharsets.UTF_8);
      e++;
    }
  }

  /** Back to the first entry, for another pass. */
  public InMemoryEntrySource rewind() {
    position = 0;
    return this;
  }

  @Override
  public String table() {
    return table;
  }

  @Override
  public boolean hasTop() {
    return position < rows.length;
  }

  @Override
  public byte[] row() {
    return rows[position];
  }

  @Override
  public byte[] column() {
    return columns[position];
  }

  @Override
  public byte[] visibility() {
    return Visibility.NONE;
  }

  @Override
  public byte[] value() {
    return values[position];
  }

  @Override
  public void next() {
    position++;
  }

  @Override
  public void rewindToRow(byte[] row) {
    while (position > 0 && java.util.Arrays.compareUnsigned(rows[position - 1], row) >= 0) {
      position--;
    }
  }
}
