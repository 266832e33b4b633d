package outerproduct.kernel.product;

import java.io.IOException;
import java.util.Arrays;
import java.util.function.BinaryOperator;
import org.apache.accumulo.core.data.ByteSequence;

/**
 * Bounded pre-sum, as both engines apply it before partial products leave them (the iterator engine
 * per tablet before writing C, the MapReduce engine per map task before the sort): up to {@code
 * maxCells} distinct (i, j, visibility) cells, each with the ⊕ of the partial products it has
 * received. Products with different visibilities stay in different cells, so C's Combiner only ever
 * ⊕-s products with equal labels.
 *
 * <p>When a new cell does not fit, the older half of the cells (by first product) is handed to the
 * {@link Sink} and the younger half stays. Products of one C cell arrive spread over all rows k, so
 * a cell that has just started receiving is the likeliest to receive again; keeping it beats
 * emptying the whole buffer (measured on the SCALE 12 fixture with a 2M-cell buffer: 42% of the
 * products are written instead of 46%).
 *
 * <p>Memory: the cells' id bytes sit end to end in one array; per cell there are five ints, one
 * value (a reference and, for the double semirings, a boxed Double) and two to four hash-table ints
 * (open addressing, at most half full): about 50 bytes plus the ids. Arrays grow by doubling up to
 * the bound, so a buffer sized for a whole table costs a small multiply nothing. The per-product
 * path allocates nothing but the semiring's ⊕ result.
 */
public final class PresumBuffer<T> {

  /** Receives the cells that leave the buffer: the arrays are fresh copies the sink may keep. */
  public interface Sink<T> {
    void accept(byte[] i, byte[] j, byte[] visibility, T value) throws IOException;
  }

  /** The largest bound: keeps the hash table (four ints per cell at most) within one array. */
  public static final int MAX_CELLS = 1 << 28;

  /** As an option's value: let the engine size the buffer to the request ({@code auto}). */
  public static final long AUTO = -1;

  private static final int INITIAL_CELLS = 1 << 10;

  private final int maxCells;
  private final BinaryOperator<T> plus;
  private final Sink<T> sink;

  private byte[] ids = new byte[INITIAL_CELLS * 16];
  private int idsUsed;
  private int[] offset = new int[INITIAL_CELLS];
  private int[] iLength = new int[INITIAL_CELLS];
  private int[] jLength = new int[INITIAL_CELLS];
  private int[] visibilityLength = new int[INITIAL_CELLS];
  private int[] hash = new int[INITIAL_CELLS];
  private Object[] values = new Object[INITIAL_CELLS];
  private int cells;

  /** Cell index + 1 per slot, 0 = free; length a power of two at least twice the cell arrays'. */
  private int[] table = new int[INITIAL_CELLS * 2];

  /**
   * Checks a pre-sum size as the engines' options take it: 0 (off) up to {@link #MAX_CELLS}.
   *
   * @param option names the option in the message, e.g. {@code "option 'presum'"}
   * @throws IllegalArgumentException naming the option, the bound and the value
   */
  public static int checkCells(String option, long cells) {
    if (cells < 0 || cells > MAX_CELLS) {
      throw new IllegalArgumentException(
          option + " must be between 0 (off) and " + MAX_CELLS + " cells, got " + cells);
    }
    return (int) cells;
  }

  /**
   * Parses a pre-sum option: {@code auto} ({@link #AUTO}) or a cell count as {@link #checkCells}
   * takes it.
   *
   * @throws IllegalArgumentException naming the option and the value
   */
  public static long parseCells(String option, String text) {
    if (text.equals("auto")) {
      return AUTO;
    }
    try {
      return checkCells(option, Long.parseLong(text));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          option + " '" + text + "': expected auto or a number of cells", e);
    }
  }

  /**
   * @param maxCells at least 1, at most {@link #MAX_CELLS}
   * @param plus the semiring's ⊕
   * @param sink receives the cells that leave
   */
  public PresumBuffer(int maxCells, BinaryOperator<T> plus, Sink<T> sink) {
    if (maxCells < 1) {
      throw new IllegalArgumentException("pre-sum cells must be at least 1, got " + maxCells);
    }
    checkCells("pre-sum cells", maxCells);
    this.maxCells = maxCells;
    this.plus = plus;
    this.sink = sink;
  }

  /** Cells held now. */
  public int cells() {
    return cells;
  }

  /** ⊕-s {@code value} into cell (i, j, visibility); the sequences are copied if kept. */
  public void add(ByteSequence i, ByteSequence j, ByteSequence visibility, T value)
      throws IOException {
    int h = hash(visibility, hash(j, hash(i, 1)));
    int mask = table.length - 1;
    for (int slot = h & mask; ; slot = (slot + 1) & mask) {
      int cell = table[slot] - 1;
      if (cell < 0) {
        break;
      }
      if (hash[cell] == h && sameIds(cell, i, j, visibility)) {
        @SuppressWarnings("unchecked")
        T old = (T) values[cell];
        values[cell] = plus.apply(old, value);
        return;
      }
    }
    if (cells == maxCells) {
      evict(Math.max(1, cells / 2));
    }
    insert(h, i, j, visibility, value);
  }

  /** Hands every cell to the sink, oldest first, and empties the buffer. */
  public void flush() throws IOException {
    evict(cells);
  }

  /** Gives cell's ids (fresh copies) and value to the sink. */
  private void handOut(int cell, Sink<T> sink) throws IOException {
    int at = offset[cell];
    byte[] i = Arrays.copyOfRange(ids, at, at + iLength[cell]);
    at += iLength[cell];
    byte[] j = Arrays.copyOfRange(ids, at, at + jLength[cell]);
    at += jLength[cell];
    byte[] visibility = Arrays.copyOfRange(ids, at, at + visibilityLength[cell]);
    @SuppressWarnings("unchecked")
    T value = (T) values[cell];
    sink.accept(i, j, visibility, value);
  }

  private void insert(int h, ByteSequence i, ByteSequence j, ByteSequence visibility, T value) {
    if (cells == offset.length) {
      growCells();
    }
    int need = i.length() + j.length() + visibility.length();
    if (ids.length - idsUsed < need) {
      long wanted = Math.max((long) ids.length * 2, (long) idsUsed + need);
      if (wanted > Integer.MAX_VALUE - 8) {
        throw new IllegalStateException("pre-sum ids exceed 2 GB: lower the pre-sum cell count");
      }
      ids = Arrays.copyOf(ids, (int) wanted);
    }
    int cell = cells++;
    offset[cell] = idsUsed;
    idsUsed = append(i, idsUsed);
    idsUsed = append(j, idsUsed);
    idsUsed = append(visibility, idsUsed);
    iLength[cell] = i.length();
    jLength[cell] = j.length();
    visibilityLength[cell] = visibility.length();
    hash[cell] = h;
    values[cell] = value;
    place(cell);
  }

  private void place(int cell) {
    int mask = table.length - 1;
    int slot = hash[cell] & mask;
    while (table[slot] != 0) {
      slot = (slot + 1) & mask;
    }
    table[slot] = cell + 1;
  }

  private void growCells() {
    int n = Math.min(maxCells, offset.length * 2);
    offset = Arrays.copyOf(offset, n);
    iLength = Arrays.copyOf(iLength, n);
    jLength = Arrays.copyOf(jLength, n);
    visibilityLength = Arrays.copyOf(visibilityLength, n);
    hash = Arrays.copyOf(hash, n);
    values = Arrays.copyOf(values, n);
    table = new int[Integer.highestOneBit(n - 1) << 2];
    rebuildTable();
  }

  /** Hands the oldest {@code count} cells to the sink and moves the rest to the front. */
  private void evict(int count) throws IOException {
    for (int cell = 0; cell < count; cell++) {
      handOut(cell, sink);
    }
    int kept = cells - count;
    int keptFrom = count < cells ? offset[count] : idsUsed;
    System.arraycopy(ids, keptFrom, ids, 0, idsUsed - keptFrom);
    idsUsed -= keptFrom;
    System.arraycopy(offset, count, offset, 0, kept);
    for (int cell = 0; cell < kept; cell++) {
      offset[cell] -= keptFrom;
    }
    System.arraycopy(iLength, count, iLength, 0, kept);
    System.arraycopy(jLength, count, jLength, 0, kept);
    System.arraycopy(visibilityLength, count, visibilityLength, 0, kept);
    System.arraycopy(hash, count, hash, 0, kept);
    System.arraycopy(values, count, values, 0, kept);
    Arrays.fill(values, kept, cells, null);
    cells = kept;
    rebuildTable();
  }

  private void rebuildTable() {
    Arrays.fill(table, 0);
    for (int cell = 0; cell < cells; cell++) {
      place(cell);
    }
  }

  private boolean sameIds(int cell, ByteSequence i, ByteSequence j, ByteSequence visibility) {
    if (iLength[cell] != i.length()
        || jLength[cell] != j.length()
        || visibilityLength[cell] != visibility.length()) {
      return false;
    }
    int at = offset[cell];
    return same(i, at)
        && same(j, at + i.length())
        && same(visibility, at + i.length() + j.length());
  }

  private boolean same(ByteSequence s, int at) {
    if (s.isBackedByArray()) {
      int from = s.offset();
      return Arrays.equals(ids, at, at + s.length(), s.getBackingArray(), from, from + s.length());
    }
    for (int n = 0; n < s.length(); n++) {
      if (ids[at + n] != s.byteAt(n)) {
        return false;
      }
    }
    return true;
  }

  private int append(ByteSequence s, int at) {
    if (s.isBackedByArray()) {
      System.arraycopy(s.getBackingArray(), s.offset(), ids, at, s.length());
    } else {
      for (int n = 0; n < s.length(); n++) {
        ids[at + n] = s.byteAt(n);
      }
    }
    return at + s.length();
  }

  /** FNV-1a over the bytes, then the length, so that ("ab","c") and ("a","bc") differ. */
  static int hash(ByteSequence s, int h) {
    if (s.isBackedByArray()) {
      return hash(s.getBackingArray(), s.offset(), s.length(), h);
    }
    int length = s.length();
    for (int n = 0; n < length; n++) {
      h = (h ^ s.byteAt(n)) * 0x01000193;
    }
    return finish(h, length);
  }

  /** {@link #hash(ByteSequence, int)} of {@code length} bytes of {@code a} from {@code offset}. */
  static int hash(byte[] a, int offset, int length, int h) {
    for (int n = offset, end = offset + length; n < end; n++) {
      h = (h ^ a[n]) * 0x01000193;
    }
    return finish(h, length);
  }

  private static int finish(int h, int length) {
    h = (h ^ length) * 0x01000193;
    // spread the high bits into the low ones the table mask keeps (as HashMap does)
    return h ^ (h >>> 16);
  }
}
