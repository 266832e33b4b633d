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
 * The intermediate key of the multiply: the cell (i, j) of C with the visibility of the products it
 * sums. Serialized as {@code vint |i|, i, vint |j|, j, vint |v|, v}; sorted like Accumulo sorts C's
 * keys (row i, column j, visibility v, each unsigned byte order), so a reducer sees each C row's
 * cells together and in order and can put them in one Mutation or append them to a sorted RFile.
 * Products with different labels are different keys and are never ⊕-ed together.
 *
 * <p>{@link Comparator} compares the serialized bytes without deserializing, which is what the sort
 * and merge of the shuffle spend most of their time in.
 */
public final class CellKey implements WritableComparable<CellKey> {
  private static final byte[] EMPTY = new byte[0];

  static {
    WritableComparator.define(CellKey.class, new Comparator());
  }

  private final Field row = new Field();
  private final Field column = new Field();
  private final Field visibility = new Field();

  public CellKey() {}

  /** An unlabelled cell. */
  public CellKey(byte[] row, byte[] column) {
    set(row, column, EMPTY);
  }

  public CellKey(byte[] row, byte[] column, byte[] visibility) {
    set(row, column, visibility);
  }

  /** Copies all three (the arrays may be reused by the caller). */
  public CellKey set(byte[] row, byte[] column, byte[] visibility) {
    this.row.set(row);
    this.column.set(column);
    this.visibility.set(visibility);
    return this;
  }

  /** Row i of C (a copy). */
  public byte[] row() {
    return row.copy();
  }

  /** Column j of C (a copy). */
  public byte[] column() {
    return column.copy();
  }

  /** Visibility expression of the cell, empty when unlabelled (a copy). */
  public byte[] visibility() {
    return visibility.copy();
  }

  /** Whether this cell lies in row {@code other} of C, without copying. */
  public boolean sameRow(byte[] other) {
    return Arrays.equals(row.bytes, 0, row.length, other, 0, other.length);
  }

  /** Compares row i only, unsigned, as Accumulo orders rows. */
  public int compareRow(byte[] other) {
    return Arrays.compareUnsigned(row.bytes, 0, row.length, other, 0, other.length);
  }

  /** Hash of row i only, so that a partitioner keeps a C row on one reducer. */
  public int rowHash() {
    return row.hash();
  }

  @Override
  public void write(DataOutput out) throws IOException {
    row.write(out);
    column.write(out);
    visibility.write(out);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    row.read(in);
    column.read(in);
    visibility.read(in);
  }

  @Override
  public int compareTo(CellKey o) {
    int c = row.compareTo(o.row);
    if (c == 0) {
      c = column.compareTo(o.column);
    }
    return c != 0 ? c : visibility.compareTo(o.visibility);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CellKey other && compareTo(other) == 0;
  }

  @Override
  public int hashCode() {
    return 31 * (31 * rowHash() + column.hash()) + visibility.hash();
  }

  @Override
  public String toString() {
    String cell = "(" + row + ", " + column;
    return (visibility.length == 0 ? cell : cell + ", [" + visibility + "]") + ")";
  }

  /** One length-prefixed byte string, its buffer reused across records. */
  private static final class Field {
    private byte[] bytes = EMPTY;
    private int length;

    void set(byte[] value) {
      bytes = ensure(bytes, value.length);
      System.arraycopy(value, 0, bytes, 0, value.length);
      length = value.length;
    }

    byte[] copy() {
      return Arrays.copyOf(bytes, length);
    }

    int hash() {
      return WritableComparator.hashBytes(bytes, length);
    }

    int compareTo(Field o) {
      return Arrays.compareUnsigned(bytes, 0, length, o.bytes, 0, o.length);
    }

    void write(DataOutput out) throws IOException {
      WritableUtils.writeVInt(out, length);
      out.write(bytes, 0, length);
    }

    void read(DataInput in) throws IOException {
      length = WritableUtils.readVInt(in);
      bytes = ensure(bytes, length);
      in.readFully(bytes, 0, length);
    }

    @Override
    public String toString() {
      return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    private static byte[] ensure(byte[] buffer, int length) {
      return buffer.length >= length ? buffer : new byte[Math.max(length, 2 * buffer.length)];
    }
  }

  /** Orders serialized keys byte-wise: row i, then column j, then visibility. */
  public static final class Comparator extends WritableComparator {
    public Comparator() {
      super(CellKey.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      try {
        int at1 = s1;
        int at2 = s2;
        for (int field = 0; field < 3; field++) {
          int n1 = WritableUtils.decodeVIntSize(b1[at1]);
          int n2 = WritableUtils.decodeVIntSize(b2[at2]);
          int len1 = readVInt(b1, at1);
          int len2 = readVInt(b2, at2);
          int c = compareBytes(b1, at1 + n1, len1, b2, at2 + n2, len2);
          if (c != 0) {
            return c;
          }
          at1 += n1 + len1;
          at2 += n2 + len2;
        }
        return 0;
      } catch (IOException e) {
        throw new IllegalArgumentException("corrupt serialized CellKey", e);
      }
    }
  }
}
