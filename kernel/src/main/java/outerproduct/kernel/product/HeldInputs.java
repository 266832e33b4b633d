package outerproduct.kernel.product;

import java.io.IOException;
import java.util.Arrays;
import outerproduct.kernel.semiring.Semiring;

/**
 * The inputs of a stretch of shared rows held whole in memory, and their outer product formed in
 * the order of the result's keys, range after range: the same products {@link OuterProduct} forms,
 * without a window of them ever spilling to disk to be merged.
 *
 * <p>Why. Products come out of the outer product in k order, while C's file must be in i order. A
 * stretch with more products than a window holds therefore spills sorted runs and merges them, and
 * at SCALE 16 that spill and merge cost as much as sorting and writing C itself
 * (docs/performance.md). Its inputs, though, are a few hundred times smaller than its products.
 * Held, they can be walked in C's order instead: the entries of AT sorted by i, cut into ranges of
 * i whose products fill a window ({@link #products()} of each entry is known from the length of B's
 * row), and each range's products formed, sorted in the window and appended to the file after the
 * range before it. CT's order is the same walk over B's entries by j.
 *
 * <p>A single i whose products alone exceed the window makes a range of its own that the caller
 * must spill and merge; the ranges still follow one another in key order.
 *
 * <p>Memory: {@link #read} refuses a row that would take the held bytes past the bound: {@value
 * #BYTES_PER_ENTRY} bytes counted per entry (an id code, a label and a value reference), {@value
 * #BYTES_PER_VALUE} per value object (a boxed number; an entry whose value has the bytes of the
 * entry before shares that entry's object, so a column of equal values, as in a graph's adjacency
 * matrix, costs one), {@value #BYTES_PER_ID} plus its length per distinct id (the array and the
 * dictionary's slots). The arrays grow by doubling; as for the window ({@link WindowSize}), the
 * bound counts what is held, and the heap left beside the budget takes the growth. Forming adds 12
 * bytes per entry of the walked side while it runs (the sort keys and each entry's row) and 8 per
 * distinct id (the ids by rank and each code's rank, kept until the next read).
 */
public final class HeldInputs<T> {

  /**
   * Receives the products of one range of the walked side's ids, then the range's end. Ids come as
   * their ranks in {@link #idsByRank()}, so that a {@link SortedWindow#ranked} window takes them
   * without a lookup.
   */
  public interface RangeSink<T> {
    /** A partial product for C(i,j); the label array is never modified. */
    void add(int iRank, int jRank, byte[] visibility, T value) throws IOException;

    /** Every product of the range has been added; the next range's keys all sort after. */
    void endRange() throws IOException;
  }

  /** Bytes counted per held entry besides its value object and id. */
  public static final int BYTES_PER_ENTRY = 12;

  /** Held inputs may take at least this much, so that a small window still holds a few rows. */
  public static final long MIN_BOUND_BYTES = 1L << 20;

  static final int BYTES_PER_VALUE = 16;
  static final int BYTES_PER_ID = 48;
  private static final int INITIAL = 1 << 10;

  private final Semiring<T> semiring;
  private final long maxBytes;
  private final IdCodes ids = new IdCodes();
  private final Side at = new Side();
  private final Side b = new Side();
  private byte[][] rowKeys = new byte[INITIAL][];
  private int rows;
  private long products;
  private long bytes;
  private String atTable = "AT";
  private String bTable = "B";

  /** The last value object decoded and its bytes: the next entry with those bytes shares it. */
  private T lastValue;

  private byte[] lastValueBytes;

  /** The held ids in key order and each code's rank; null until asked after the last read. */
  private byte[][] idsByRank;

  private int[] rank;

  /**
   * The bound of inputs held in place of a window of {@code windowProducts}: half its bytes ({@link
   * WindowSize#BYTES_PER_PRODUCT} a product), never under {@value #MIN_BOUND_BYTES}. The other half
   * is the window their ranges are formed in ({@link #rangeProductsBeside}).
   */
  public static long boundBeside(int windowProducts) {
    return Math.max((long) windowProducts * WindowSize.BYTES_PER_PRODUCT / 2, MIN_BOUND_BYTES);
  }

  /** The products of a range formed beside held inputs ({@link #boundBeside}): half the window. */
  public static int rangeProductsBeside(int windowProducts) {
    return Math.max(1, windowProducts / 2);
  }

  /** Inputs of at most {@code maxBytes} as counted above (at least one entry's worth). */
  public HeldInputs(Semiring<T> semiring, long maxBytes) {
    this.semiring = semiring;
    this.maxBytes = Math.max(maxBytes, BYTES_PER_ENTRY);
  }

  /** Shared rows held. */
  public int rows() {
    return rows;
  }

  /** The partial products of the held rows: the sum over rows of |AT(k,:)| × |B(k,:)|. */
  public long products() {
    return products;
  }

  /** Bytes held, as counted against the bound. */
  public long bytes() {
    return bytes;
  }

  /**
   * Reads shared row {@code k} whole from both sources, each at the row's first entry (as {@link
   * RowAligner#nextSharedRow} leaves them), and leaves them after it.
   *
   * @return false, holding nothing of the row, when it would take the held bytes past the bound;
   *     the sources are then somewhere inside the row
   * @throws outerproduct.kernel.semiring.BadValueException for a value the semiring rejects
   */
  public boolean read(byte[] k, EntrySource atSource, EntrySource bSource) throws IOException {
    return read(k, atSource, bSource, false) == Read.WHOLE;
  }

  /** How {@link #readPart} left a row. */
  public enum Read {
    /** The row is held whole; both sources are after it. */
    WHOLE,
    /**
     * AT's row is held with the first entries of B's row, as many as the bound allows; B is at the
     * first entry not held, AT after the row. Once these inputs are formed, AT goes back to the row
     * ({@link EntrySource#rewindToRow}) and the rest of B's row is read into inputs of their own.
     */
    PART,
    /**
     * Nothing of the row is held: B is where it was, AT somewhere in the row (to go back to it). In
     * inputs that hold no row yet, AT's row and one entry of B's do not fit the bound: the row is
     * too large to hold.
     */
    NONE
  }

  /**
   * As {@link #read}, for a B that cannot go back to a row (a mapper's records): when the bound
   * falls inside B's row, the part of it read so far is kept ({@link Read#PART}) instead of lost.
   *
   * @throws outerproduct.kernel.semiring.BadValueException for a value the semiring rejects
   */
  public Read readPart(byte[] k, EntrySource atSource, EntrySource bSource) throws IOException {
    return read(k, atSource, bSource, true);
  }

  private Read read(byte[] k, EntrySource atSource, EntrySource bSource, boolean partOfB)
      throws IOException {
    atTable = atSource.table();
    bTable = bSource.table();
    // the ranks are of the ids held so far: a read may add ids
    idsByRank = null;
    rank = null;
    int atFrom = at.size;
    int bFrom = b.size;
    long bytesBefore = bytes;
    boolean atWhole = readRow(at, atSource, k);
    boolean bWhole = atWhole && readRow(b, bSource, k);
    boolean kept = bWhole || atWhole && partOfB && b.size > bFrom;
    if (!kept) {
      at.truncate(atFrom);
      b.truncate(bFrom);
      bytes = bytesBefore;
      return Read.NONE;
    }
    if (rows + 1 == rowKeys.length) {
      rowKeys = Arrays.copyOf(rowKeys, rowKeys.length * 2);
    }
    rowKeys[rows++] = k;
    at.endRow(rows);
    b.endRow(rows);
    products += (long) (at.size - atFrom) * (b.size - bFrom);
    return bWhole ? Read.WHOLE : Read.PART;
  }

  /**
   * Reads the source's entries of row {@code k} while they fit: false at the first that does not.
   */
  private boolean readRow(Side side, EntrySource source, byte[] k) throws IOException {
    byte[] label = null;
    while (source.hasTop() && Arrays.equals(source.row(), k)) {
      int distinct = ids.size();
      byte[] column = source.column();
      int code = ids.codeOfCopy(column);
      byte[] next = HeldRow.copyLabel(source.visibility(), label);
      byte[] value = source.value();
      boolean repeated = lastValueBytes != null && Arrays.equals(value, lastValueBytes);
      long entryBytes = BYTES_PER_ENTRY + (repeated ? 0 : BYTES_PER_VALUE);
      entryBytes += ids.size() > distinct ? BYTES_PER_ID + column.length : 0;
      entryBytes += next != label ? next.length : 0;
      if (bytes + entryBytes > maxBytes) {
        return false;
      }
      bytes += entryBytes;
      label = next;
      if (!repeated) {
        lastValue = HeldRow.decode(semiring, source);
        lastValueBytes = value.clone();
      }
      side.add(code, label, lastValue);
      source.next();
    }
    return true;
  }

  /**
   * Every id of the held rows in Accumulo's key order (unsigned bytes): the ranks {@link
   * #formInRanges} hands ids by. Sorted once after the last {@link #read}; never modified.
   */
  public byte[][] idsByRank() {
    if (idsByRank == null) {
      int[] byRank = ids.byRank();
      idsByRank = new byte[byRank.length][];
      for (int r = 0; r < byRank.length; r++) {
        idsByRank[r] = ids.id(byRank[r]);
      }
      rank = IdCodes.ranks(byRank);
    }
    return idsByRank;
  }

  /**
   * Forms every product of the held rows, range by range in the order of C's keys ({@code
   * transposed} false: by i, AT's entries walked) or CT's (true: by j, B's entries walked). A range
   * holds whole ids of the walked side, as many as keep its products within {@code rangeProducts}
   * (a single id with more makes a range alone). Products are handed as C(i,j) in both orders.
   *
   * @throws ArithmeticException naming k, i, j and the tables when ⊗ overflows
   */
  public void formInRanges(boolean transposed, long rangeProducts, RangeSink<T> sink)
      throws IOException {
    Side walked = transposed ? b : at;
    Side other = transposed ? at : b;
    idsByRank();
    int[] rowOf = walked.rowOfEach(rows);
    long[] order = new long[walked.size];
    for (int e = 0; e < walked.size; e++) {
      order[e] = (long) rank[walked.id[e]] << 32 | e;
    }
    Arrays.sort(order);
    long inRange = 0;
    for (int x = 0; x < order.length; ) {
      long id = order[x] >>> 32;
      int end = x;
      long idProducts = 0;
      for (; end < order.length && order[end] >>> 32 == id; end++) {
        idProducts += other.rowLength(rowOf[(int) order[end]]);
      }
      if (inRange > 0 && inRange + idProducts > rangeProducts) {
        sink.endRange();
        inRange = 0;
      }
      for (; x < end; x++) {
        int e = (int) order[x];
        formEntry(transposed, e, rowOf[e], sink);
      }
      inRange += idProducts;
    }
    if (inRange > 0) {
      sink.endRange();
    }
  }

  /** The products of the walked side's entry {@code e} of held row {@code row}. */
  private void formEntry(boolean transposed, int e, int row, RangeSink<T> sink) throws IOException {
    Side walked = transposed ? b : at;
    Side other = transposed ? at : b;
    int walkedRank = rank[walked.id[e]];
    T walkedValue = walked.<T>value(e);
    byte[] walkedLabel = walked.label[e];
    for (int f = other.start[row]; f < other.start[row + 1]; f++) {
      int otherRank = rank[other.id[f]];
      int i = transposed ? otherRank : walkedRank;
      int j = transposed ? walkedRank : otherRank;
      T a = transposed ? other.<T>value(f) : walkedValue;
      T bValue = transposed ? walkedValue : other.<T>value(f);
      byte[] aLabel = transposed ? other.label[f] : walkedLabel;
      byte[] bLabel = transposed ? walkedLabel : other.label[f];
      sink.add(i, j, Visibility.and(aLabel, bLabel), times(a, bValue, row, i, j));
    }
  }

  /** ⊗, with an overflow named by where it happened, as {@link OuterProduct} names it. */
  private T times(T a, T bValue, int row, int iRank, int jRank) {
    try {
      return semiring.times(a, bValue);
    } catch (ArithmeticException e) {
      throw OuterProduct.overflow(
          e, rowKeys[row], idsByRank[iRank], idsByRank[jRank], atTable, bTable);
    }
  }

  /** One table's held entries, row after row: id codes, labels, decoded values. */
  private static final class Side {
    /** Per held row r, its first entry; start[rows] is one past the last row's. */
    int[] start = new int[INITIAL];

    int[] id = new int[INITIAL];
    byte[][] label = new byte[INITIAL][];
    Object[] values = new Object[INITIAL];
    int size;

    void add(int code, byte[] entryLabel, Object value) {
      if (size == id.length) {
        id = Arrays.copyOf(id, size * 2);
        label = Arrays.copyOf(label, size * 2);
        values = Arrays.copyOf(values, size * 2);
      }
      id[size] = code;
      label[size] = entryLabel;
      values[size++] = value;
    }

    void truncate(int newSize) {
      Arrays.fill(label, newSize, size, null);
      Arrays.fill(values, newSize, size, null);
      size = newSize;
    }

    /** Row {@code rows - 1} ends at the current size. */
    void endRow(int rows) {
      if (rows == start.length) {
        start = Arrays.copyOf(start, start.length * 2);
      }
      start[rows] = size;
    }

    int rowLength(int row) {
      return start[row + 1] - start[row];
    }

    /** The held row of each entry, for the first {@code rows} rows. */
    int[] rowOfEach(int rows) {
      int[] rowOf = new int[size];
      for (int r = 0; r < rows; r++) {
        Arrays.fill(rowOf, start[r], start[r + 1], r);
      }
      return rowOf;
    }

    @SuppressWarnings("unchecked") // values are the semiring's Ts, decoded by read
    <T> T value(int e) {
      return (T) values[e];
    }
  }
}
