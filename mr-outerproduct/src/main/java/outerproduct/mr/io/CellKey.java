package outerproduct.mr.io;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;

/**
 * The intermediate key of the multiply: the cell (i, j) of C with the visibility of the products it
 * sums. Sorted like Accumulo sorts C's keys (row i, column j, visibility v, each unsigned byte
 * order), so a reducer sees each C row's cells together and in order and can put them in one
 * Mutation or append them to a sorted RFile. Products with different labels are different keys and
 * are never ⊕-ed together.
 *
 * <p>Serialized so that the bytes sort as the keys do: each of i, j and v with every 0x00 byte
 * written as 0x00 0x01 and ended by 0x00 0x00 (a field that is a prefix of another then sorts
 * first). {@link Comparator} is then one unsigned comparison of the serialized bytes, which is what
 * the sort and merge of the shuffle spend most of their time in: a profile of the map tasks (SCALE
 * 13, docs/mr-engine.md#tuning) put 35-40% of their samples in the comparator when each field was
 * length-prefixed and compared on its own.
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

  /** Row i's bytes are {@code rowBytes()[0, rowLength())}; not a copy, valid until changed. */
  byte[] rowBytes() {
    return row.bytes;
  }

  int rowLength() {
    return row.length;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    int most = 2 * (row.length + column.length + visibility.length) + 6;
    if (encoded.length < most) {
      encoded = new byte[Math.max(most, 2 * encoded.length)];
    }
    int n = row.encodeInto(encoded, 0);
    n = column.encodeInto(encoded, n);
    n = visibility.encodeInto(encoded, n);
    out.write(encoded, 0, n);
  }

  /** The serialized form, reused across records. */
  private byte[] encoded = new byte[64];

  @Override
  public void readFields(DataInput in) throws IOException {
    row.decode(in);
    column.decode(in);
    visibility.decode(in);
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
    return 31 * (31 * row.hash() + column.hash()) + visibility.hash();
  }

  @Override
  public String toString() {
    String cell = "(" + row + ", " + column;
    return (visibility.length == 0 ? cell : cell + ", [" + visibility + "]") + ")";
  }

  /** One byte string of the key, its buffer reused across records. */
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

    /**
     * Writes this field's escaped bytes and terminator into {@code out} at {@code at}, which has
     * room for {@code 2 * length + 2} bytes; returns where the next field starts.
     */
    int encodeInto(byte[] out, int at) {
      for (int n = 0; n < length; n++) {
        byte b = bytes[n];
        out[at++] = b;
        if (b == 0) {
          out[at++] = 1;
        }
      }
      out[at++] = 0;
      out[at++] = 0;
      return at;
    }

    void decode(DataInput in) throws IOException {
      length = 0;
      while (true) {
        byte b = in.readByte();
        if (b == 0) {
          byte next = in.readByte();
          if (next == 0) {
            return;
          }
          if (next != 1) {
            throw new IOException("corrupt serialized CellKey: 0x00 followed by " + next);
          }
        }
        bytes = ensure(bytes, length + 1);
        bytes[length++] = b;
      }
    }

    @Override
    public String toString() {
      return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    private static byte[] ensure(byte[] buffer, int length) {
      return buffer.length >= length
          ? buffer
          : Arrays.copyOf(buffer, Math.max(length, 2 * buffer.length));
    }
  }

  /** Orders serialized keys byte-wise: their bytes sort as the keys do (see the class comment). */
  public static final class Comparator extends WritableComparator {
    public Comparator() {
      super(CellKey.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      return compareBytes(b1, s1, l1, b2, s2, l2);
    }
  }
}
