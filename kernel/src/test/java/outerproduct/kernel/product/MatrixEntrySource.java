package outerproduct.kernel.product;

import java.nio.charset.StandardCharsets;
import java.util.List;
import outerproduct.kernel.oracle.SparseMatrix;

/** An in-memory EntrySource over a SparseMatrix, counting how it is moved. */
final class MatrixEntrySource implements EntrySource {
  private final String table;
  private final List<SparseMatrix.Entry> entries;
  private int position;
  int seeks;

  MatrixEntrySource(String table, SparseMatrix matrix) {
    this.table = table;
    this.entries = matrix.entries();
  }

  /** Starts strictly after {@code row} (null: at the beginning), as a re-seek would. */
  MatrixEntrySource startAfter(byte[] row) {
    if (row != null) {
      while (hasTop() && java.util.Arrays.compareUnsigned(row(), row) <= 0) {
        position++;
      }
    }
    return this;
  }

  @Override
  public String table() {
    return table;
  }

  @Override
  public boolean hasTop() {
    return position < entries.size();
  }

  @Override
  public byte[] row() {
    return entries.get(position).row().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public byte[] column() {
    return entries.get(position).column().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public byte[] visibility() {
    return Visibility.NONE;
  }

  @Override
  public byte[] value() {
    return entries.get(position).value().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public void next() {
    position++;
  }

  @Override
  public void rewindToRow(byte[] row) {
    while (position > 0
        && java.util.Arrays.compareUnsigned(
                entries.get(position - 1).row().getBytes(StandardCharsets.UTF_8), row)
            >= 0) {
      position--;
    }
  }

  @Override
  public void seekRow(byte[] row) throws java.io.IOException {
    seeks++;
    EntrySource.super.seekRow(row);
  }
}
