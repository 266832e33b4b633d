package outerproduct.mr.io;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;
import outerproduct.kernel.product.BytePrefix;

/**
 * A run of cells of one C row, in C's order (column j, then visibility), each with its value as the
 * semiring encodes it: the map output value when the mappers pre-sum (the key is the row). One
 * record per row and window instead of one per cell is the "stripes" pattern (Lin and Dyer, Data-
 * Intensive Text Processing with MapReduce, 3.2): the shuffle sorts, spills and merges far fewer
 * records, and the row is sent once per stripe instead of once per cell.
 *
 * <p>Serialized as the byte length of the run, then per cell three length-prefixed byte strings
 * (lengths as unsigned LEB128): j, the visibility and the value. The same bytes are held in memory,
 * so reading a stripe is one copy and {@link Cursor} walks it without allocating.
 *
 * <p>Cells must be added in C's order, each (j, visibility) once; {@link #add} checks the order.
 */
public final class Stripe implements Writable {
  /**
   * Cells a writer puts in one stripe before it starts the next (a row may have several): no record
   * outgrows the map task's sort buffer, and a reader's copy stays small.
   */
  public static final int MAX_CELLS = 1 << 16;

  private static final byte[] NO_VISIBILITY = new byte[0];

  private byte[] bytes = new byte[256];
  private int length;
  private int cells;
  private int lastJ = -1;
  private int lastJLength;
  private long lastJPrefix;
  private int lastVisibility;
  private int lastVisibilityLength;

  /** Empties the stripe, keeping its buffer. */
  public Stripe clear() {
    length = 0;
    cells = 0;
    lastJ = -1;
    return this;
  }

  /** Cells added or read. */
  public int cells() {
    return cells;
  }

  /** Bytes of the serialized cells (without the leading length). */
  public int byteLength() {
    return length;
  }

  /**
   * Appends a cell after the last one.
   *
   * @throws IllegalArgumentException if (j, visibility) does not sort after the last cell's
   */
  public Stripe add(byte[] j, byte[] visibility, byte[] value) {
    return add(j, 0, j.length, visibility, 0, visibility.length, value, 0, value.length);
  }

  /** {@link #add(byte[], byte[], byte[])} from ranges of arrays (such as another stripe's). */
  public Stripe add(
      byte[] j,
      int jOff,
      int jLen,
      byte[] vis,
      int visOff,
      int visLen,
      byte[] v,
      int vOff,
      int vLen) {
    ensure(length + jLen + visLen + vLen + 3 * 5);
    long jPrefix = BytePrefix.of(j, jOff, jLen);
    if (lastJ >= 0) {
      int c =
          jPrefix != lastJPrefix
              ? Long.compareUnsigned(lastJPrefix, jPrefix)
              : CellOrder.compare(
                  bytes,
                  lastJ,
                  lastJLength,
                  lastVisibility,
                  lastVisibilityLength,
                  j,
                  jOff,
                  jLen,
                  vis,
                  visOff,
                  visLen);
      if (c >= 0) {
        throw new IllegalArgumentException("stripe cells out of C's order or repeated");
      }
    }
    lastJPrefix = jPrefix;
    lastJ = put(j, jOff, jLen);
    lastJLength = jLen;
    lastVisibility = put(vis, visOff, visLen);
    lastVisibilityLength = visLen;
    put(v, vOff, vLen);
    cells++;
    return this;
  }

  /** Writes the length then the bytes; returns where the bytes start. */
  private int put(byte[] b, int off, int len) {
    int n = len;
    while ((n & ~0x7F) != 0) {
      bytes[length++] = (byte) ((n & 0x7F) | 0x80);
      n >>>= 7;
    }
    bytes[length++] = (byte) n;
    int start = length;
    System.arraycopy(b, off, bytes, length, len);
    length += len;
    return start;
  }

  private void ensure(int capacity) {
    if (bytes.length < capacity) {
      bytes = Arrays.copyOf(bytes, Math.max(capacity, 2 * bytes.length));
    }
  }

  /** A reader over this stripe's cells; valid until the stripe is changed. */
  public Cursor cursor() {
    return new Cursor(bytes, length);
  }

  /** An independent copy, for a reader that holds stripes Hadoop would overwrite. */
  public Stripe copy() {
    Stripe s = new Stripe();
    s.bytes = Arrays.copyOf(bytes, length);
    s.length = length;
    s.cells = cells;
    s.lastJ = lastJ;
    s.lastJLength = lastJLength;
    s.lastJPrefix = lastJPrefix;
    s.lastVisibility = lastVisibility;
    s.lastVisibilityLength = lastVisibilityLength;
    return s;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    WritableUtils.writeVInt(out, length);
    WritableUtils.writeVInt(out, cells);
    out.write(bytes, 0, length);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    clear();
    int n = WritableUtils.readVInt(in);
    cells = WritableUtils.readVInt(in);
    ensure(n);
    in.readFully(bytes, 0, n);
    length = n;
    // Read stripes are only merged, never appended to: their order is the writer's.
    lastJ = -1;
  }

  @Override
  public String toString() {
    return "stripe of " + cells + " cells, " + length + " bytes";
  }

  /**
   * Walks a stripe's cells in order. After {@link #next()} returns true, {@link #bytes()} holds the
   * cell's j at [{@link #jOffset()}, + {@link #jLength()}), and likewise its visibility and value.
   */
  public static final class Cursor {
    private byte[] bytes;
    private int end;
    private int at;
    private int jOff;
    private int jLen;
    private int visOff;
    private int visLen;
    private int valueOff;
    private int valueLen;
    private long jPrefix;

    Cursor(byte[] bytes, int end) {
      this.bytes = bytes;
      this.end = end;
    }

    /** A cursor at no cell, to be {@link #moveTo moved} to another's. */
    public Cursor() {
      this(new byte[0], 0);
    }

    /**
     * Puts this cursor at {@code other}'s cell (in {@code other}'s stripe), so that the cell stays
     * at hand while {@code other} moves on.
     */
    public void moveTo(Cursor other) {
      bytes = other.bytes;
      end = other.end;
      at = other.at;
      jOff = other.jOff;
      jLen = other.jLen;
      visOff = other.visOff;
      visLen = other.visLen;
      valueOff = other.valueOff;
      valueLen = other.valueLen;
      jPrefix = other.jPrefix;
    }

    /** Whether this cursor's cell is {@code other}'s (j, visibility). */
    public boolean isAt(Cursor other) {
      return jPrefix == other.jPrefix && compareTo(other) == 0;
    }

    /** Moves to the next cell; false when there is none. */
    public boolean next() {
      if (at >= end) {
        return false;
      }
      jLen = readLength();
      jOff = at;
      jPrefix = BytePrefix.of(bytes, jOff, jLen);
      at += jLen;
      visLen = readLength();
      visOff = at;
      at += visLen;
      valueLen = readLength();
      valueOff = at;
      at += valueLen;
      return true;
    }

    private int readLength() {
      int n = 0;
      int shift = 0;
      byte b;
      do {
        b = bytes[at++];
        n |= (b & 0x7F) << shift;
        shift += 7;
      } while (b < 0);
      return n;
    }

    public byte[] bytes() {
      return bytes;
    }

    public int jOffset() {
      return jOff;
    }

    public int jLength() {
      return jLen;
    }

    public int visibilityOffset() {
      return visOff;
    }

    public int visibilityLength() {
      return visLen;
    }

    public int valueOffset() {
      return valueOff;
    }

    public int valueLength() {
      return valueLen;
    }

    /**
     * This cell's (j, visibility) against {@code other}'s, in C's order. Most cells of a merge
     * differ in j's first eight bytes, so those are compared first as one number: the byte-wise
     * comparison of short arrays was a quarter of a map task's profile samples.
     */
    public int compareTo(Cursor other) {
      if (jPrefix != other.jPrefix) {
        return Long.compareUnsigned(jPrefix, other.jPrefix);
      }
      return CellOrder.compare(
          bytes,
          jOff,
          jLen,
          visOff,
          visLen,
          other.bytes,
          other.jOff,
          other.jLen,
          other.bytes,
          other.visOff,
          other.visLen);
    }

    public byte[] j() {
      return Arrays.copyOfRange(bytes, jOff, jOff + jLen);
    }

    /** A copy of the visibility; one shared empty array when it is empty (most cells). */
    public byte[] visibility() {
      return visLen == 0 ? NO_VISIBILITY : Arrays.copyOfRange(bytes, visOff, visOff + visLen);
    }

    public byte[] value() {
      return Arrays.copyOfRange(bytes, valueOff, valueOff + valueLen);
    }
  }

  /** C's order of cells within a row: column j, then visibility, each unsigned byte-wise. */
  private static final class CellOrder {
    private CellOrder() {}

    static int compare(
        byte[] a,
        int aJ,
        int aJLen,
        int aVis,
        int aVisLen,
        byte[] b,
        int bJ,
        int bJLen,
        byte[] bVisBytes,
        int bVis,
        int bVisLen) {
      int c = Arrays.compareUnsigned(a, aJ, aJ + aJLen, b, bJ, bJ + bJLen);
      return c != 0
          ? c
          : Arrays.compareUnsigned(a, aVis, aVis + aVisLen, bVisBytes, bVis, bVis + bVisLen);
    }
  }
}
