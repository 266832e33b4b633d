package outerproduct.mr.io;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;

/**
 * The intermediate key of the multiply: the cell (i, j) of C. Serialized as
 * {@code vint |i|, i, vint |j|, j}; sorted like Accumulo sorts C's keys (row i, then column j,
 * both unsigned byte order), so a reducer sees each C row's cells together and in order and can
 * put them in one Mutation or append them to a sorted RFile.
 *
 * <p>{@link Comparator} compares the serialized bytes without deserializing, which is what the
 * sort and merge of the shuffle spend most of their time in.
 */
public final class CellKey implements WritableComparable<CellKey> {
  private static final byte[] EMPTY = new byte[0];

  static {
    WritableComparator.define(CellKey.class, new Comparator());
  }

  private byte[] row = EMPTY;
  private int rowLength;
  private byte[] column = EMPTY;
  private int columnLength;

  public CellKey() {}

  public CellKey(byte[] row, byte[] column) {
    set(row, column);
  }

  /** Copies both ids (the arrays may be reused by the caller). */
  public CellKey set(byte[] row, byte[] column) {
    this.row = ensure(this.row, row.length);
    System.arraycopy(row, 0, this.row, 0, row.length);
    this.rowLength = row.length;
    this.column = ensure(this.column, column.length);
    System.arraycopy(column, 0, this.column, 0, column.length);
    this.columnLength = column.length;
    return this;
  }

  /** Row i of C (a copy). */
  public byte[] row() {
    return Arrays.copyOf(row, rowLength);
  }

  /** Column j of C (a copy). */
  public byte[] column() {
    return Arrays.copyOf(column, columnLength);
  }

  /** Whether this cell lies in row {@code other} of C, without copying. */
  public boolean sameRow(byte[] other) {
    return Arrays.equals(row, 0, rowLength, other, 0, other.length);
  }

  /** Compares row i only, unsigned, as Accumulo orders rows. */
  public int compareRow(byte[] other) {
    return Arrays.compareUnsigned(row, 0, rowLength, other, 0, other.length);
  }

  /** Hash of row i only, so that a partitioner keeps a C row on one reducer. */
  public int rowHash() {
    return WritableComparator.hashBytes(row, rowLength);
  }

  @Override
  public void write(DataOutput out) throws IOException {
    WritableUtils.writeVInt(out, rowLength);
    out.write(row, 0, rowLength);
    WritableUtils.writeVInt(out, columnLength);
    out.write(column, 0, columnLength);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    rowLength = WritableUtils.readVInt(in);
    row = ensure(row, rowLength);
    in.readFully(row, 0, rowLength);
    columnLength = WritableUtils.readVInt(in);
    column = ensure(column, columnLength);
    in.readFully(column, 0, columnLength);
  }

  @Override
  public int compareTo(CellKey o) {
    int c = Arrays.compareUnsigned(row, 0, rowLength, o.row, 0, o.rowLength);
    return c != 0 ? c : Arrays.compareUnsigned(column, 0, columnLength, o.column, 0, o.columnLength);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CellKey other && compareTo(other) == 0;
  }

  @Override
  public int hashCode() {
    return 31 * rowHash() + WritableComparator.hashBytes(column, columnLength);
  }

  @Override
  public String toString() {
    return "(" + new String(row, 0, rowLength, StandardCharsets.UTF_8) + ", "
        + new String(column, 0, columnLength, StandardCharsets.UTF_8) + ")";
  }

  private static byte[] ensure(byte[] buffer, int length) {
    return buffer.length >= length ? buffer : new byte[Math.max(length, 2 * buffer.length)];
  }

  /** Orders serialized keys byte-wise: row i, then column j. */
  public static final class Comparator extends WritableComparator {
    public Comparator() {
      super(CellKey.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      try {
        int n1 = WritableUtils.decodeVIntSize(b1[s1]);
        int n2 = WritableUtils.decodeVIntSize(b2[s2]);
        int row1 = readVInt(b1, s1);
        int row2 = readVInt(b2, s2);
        int c = compareBytes(b1, s1 + n1, row1, b2, s2 + n2, row2);
        if (c != 0) {
          return c;
        }
        int col1At = s1 + n1 + row1;
        int col2At = s2 + n2 + row2;
        int m1 = WritableUtils.decodeVIntSize(b1[col1At]);
        int m2 = WritableUtils.decodeVIntSize(b2[col2At]);
        return compareBytes(b1, col1At + m1, readVInt(b1, col1At), b2, col2At + m2, readVInt(b2, col2At));
      } catch (IOException e) {
        throw new IllegalArgumentException("corrupt serialized CellKey", e);
      }
    }
  }
}
