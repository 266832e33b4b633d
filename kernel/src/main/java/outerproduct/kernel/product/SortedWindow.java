package outerproduct.kernel.product;

import java.util.Arrays;
import outerproduct.kernel.semiring.Semiring;

/**
 * A window of partial products on their way into sorted files: each product appended as it comes,
 * as the codes of its ids ({@link IdCodes}) and its value; {@link #drainSorted} sorts them into C's
 * key order and CT's and hands each cell once, with the ⊕ of its products, encoded.
 *
 * <p>Why not a hash table of cells (the engines' first pre-sum, docs/performance.md): a window
 * large enough to matter is far larger than the processor's caches, so every product costs several
 * cache misses to find its cell. Here a product costs at most two lookups in a dictionary of ids
 * small enough to stay cached (most not even that: the outer product repeats i for a run of
 * products, and the run of j for each i of a row, so the last i and the last run's j at the same
 * place are tried first, by reference, since the kernel hands out one array per id and row) and
 * three writes at the end of arrays; the sort runs on primitive keys that hold the ids' ranks and
 * the product's place, so nothing is compared byte by byte. Values are kept as the semiring's
 * objects, not encoded: a cell's products are ⊕-ed and its sum encoded once, when it is handed out.
 *
 * <p>The window is full ({@link #isFull()}) at {@code maxProducts} products, or earlier when the
 * next product's key might not fit in 63 bits (two id ranks, a label rank and the place): with a
 * 10M-product window that is past 2^19 distinct ids. Either way the caller drains it.
 *
 * <p>Ids and labels are kept as given, not copied: callers hand over arrays they never modify.
 *
 * <p>A caller that already knows every id's rank in key order (held inputs rank a stretch's ids
 * once, {@link HeldInputs}) makes the window with {@link #ranked} and adds products by rank ({@link
 * #addRanked}): no dictionary lookup at all. Held inputs hand products in an order the guesses
 * above rarely hit (each i's products come from other rows than the last i's), and a SCALE 17
 * profile put a fifth of a tablet server's bulk-output time in those lookups.
 *
 * <p>Memory: per product a long, an int and a reference to its value (16 bytes with compressed
 * references), plus the value object unless the semiring shares it (the long semirings' small
 * values are shared boxes: {@link Long#valueOf}); plus the distinct ids and 2 × {@value #RUN_MEMO}
 * references and ints. Arrays grow by doubling up to the bound.
 */
public final class SortedWindow<T> {

  /** Hands each cell of a drained window once, its value encoded; arrays never modified after. */
  public interface Sink {
    void accept(byte[] i, byte[] j, byte[] visibility, byte[] value) throws java.io.IOException;
  }

  private static final int INITIAL = 1 << 10;
  private static final int KEY_BITS = 63;

  /** Places remembered in a run of one i's products: longer runs look their tail up. */
  private static final int RUN_MEMO = 1 << 12;

  private final int maxProducts;
  private final Semiring<T> semiring;
  private final int keyBits;
  private final IdCodes ids = new IdCodes();
  private final IdCodes labels = new IdCodes();

  /** The ids in key order when products come by rank ({@link #ranked}); else null. */
  private final byte[][] idsByRank;

  /** i's code << 32 | j's code per product; rewritten in place as sort keys when drained. */
  private long[] codes = new long[INITIAL];

  private int[] labelCodes = new int[INITIAL];
  private Object[] values = new Object[INITIAL];
  private int size;
  private boolean full;

  /** The last product's i and its code, and its place in the run of products with that i. */
  private byte[] lastI;

  private int lastICode;
  private int place;

  /** The j and its code at each place of the last run: the next i of the row repeats them. */
  private final byte[][] runJ = new byte[RUN_MEMO][];

  private final int[] runJCode = new int[RUN_MEMO];

  /** The last product's label and its code: labels repeat along a row. */
  private byte[] lastLabel;

  private int lastLabelCode;

  /**
   * @param maxProducts at least 1, at most {@link WindowSize#MAX_PRODUCTS}
   * @param semiring decodes, ⊕-s and encodes the values of a cell with more than one product
   */
  public SortedWindow(int maxProducts, Semiring<T> semiring) {
    this(maxProducts, semiring, KEY_BITS);
  }

  /** With fewer key bits, so that tests reach the early drain with few ids. */
  SortedWindow(int maxProducts, Semiring<T> semiring, int keyBits) {
    this(maxProducts, semiring, keyBits, null);
  }

  private SortedWindow(int maxProducts, Semiring<T> semiring, int keyBits, byte[][] idsByRank) {
    WindowSize.checkOn("window", maxProducts);
    this.maxProducts = maxProducts;
    this.semiring = semiring;
    this.keyBits = keyBits;
    this.idsByRank = idsByRank;
    this.full = computeFull();
  }

  /**
   * A window that takes products by the ranks of their ids ({@link #addRanked}): {@code idsByRank}
   * holds every id the products will name, in Accumulo's key order (unsigned bytes), and is never
   * modified.
   */
  public static <T> SortedWindow<T> ranked(
      int maxProducts, Semiring<T> semiring, byte[][] idsByRank) {
    return new SortedWindow<>(maxProducts, semiring, KEY_BITS, idsByRank);
  }

  /** Products held now. */
  public int size() {
    return size;
  }

  /** True when the next {@link #add} might not fit: drain first. */
  public boolean isFull() {
    return full;
  }

  /** Computed once per product: callers ask before every add. */
  private boolean computeFull() {
    int idCount = idsByRank != null ? idsByRank.length : ids.size() + 2;
    return size == maxProducts
        || 2 * bits(idCount) + bits(labels.size() + 1) + bits(size + 1) > keyBits;
  }

  /**
   * Appends a product of cell (i, j, visibility); the arrays are kept, and never modified.
   *
   * @throws IllegalStateException when {@link #isFull()}
   */
  public void add(byte[] i, byte[] j, byte[] visibility, T value) {
    if (idsByRank != null) {
      throw new IllegalStateException("a ranked window takes products by rank: addRanked");
    }
    append((long) codeOfI(i) << 32 | codeOfJ(j), visibility, value);
  }

  /**
   * Appends a product of cell (i, j, visibility) of a {@link #ranked} window, i and j as their
   * indexes in its ids by rank.
   *
   * @throws IllegalStateException when {@link #isFull()}, or the window is not ranked
   */
  public void addRanked(int iRank, int jRank, byte[] visibility, T value) {
    if (idsByRank == null) {
      throw new IllegalStateException("the window was not made ranked");
    }
    append((long) iRank << 32 | jRank, visibility, value);
  }

  private void append(long ijCodes, byte[] visibility, T value) {
    if (isFull()) {
      throw new IllegalStateException("the window is full: drain it before adding");
    }
    if (size == codes.length) {
      int n = (int) Math.min(maxProducts, 2L * size);
      codes = Arrays.copyOf(codes, n);
      labelCodes = Arrays.copyOf(labelCodes, n);
      values = Arrays.copyOf(values, n);
    }
    codes[size] = ijCodes;
    labelCodes[size] = codeOfLabel(visibility);
    values[size++] = value;
    full = computeFull();
  }

  private int codeOfI(byte[] i) {
    if (i == lastI || (lastI != null && Arrays.equals(lastI, i))) {
      place++;
      return lastICode;
    }
    lastI = i;
    lastICode = ids.code(i);
    place = 0;
    return lastICode;
  }

  private int codeOfJ(byte[] j) {
    if (place >= RUN_MEMO) {
      return ids.code(j);
    }
    byte[] guess = runJ[place];
    if (guess == j || (guess != null && Arrays.equals(guess, j))) {
      return runJCode[place];
    }
    int code = ids.code(j);
    runJ[place] = j;
    runJCode[place] = code;
    return code;
  }

  private int codeOfLabel(byte[] visibility) {
    if (visibility != lastLabel) {
      lastLabel = visibility;
      lastLabelCode = labels.code(visibility);
    }
    return lastLabelCode;
  }

  /**
   * Hands every cell once to each sink in turn and empties the window: to {@code rowMajor} by i,
   * then j, then visibility (the order of C's keys), to {@code columnMajor} by j, then i, then
   * visibility (CT's), comparing unsigned bytes as Accumulo compares keys. A null sink is skipped.
   * Products of one cell are ⊕-ed in the order they came.
   */
  public void drainSorted(Sink rowMajor, Sink columnMajor) throws java.io.IOException {
    if (size > 0) {
      Keys keys = new Keys();
      keys.fill(rowMajor == null);
      if (rowMajor != null) {
        keys.sort();
        keys.emit(rowMajor, false);
        if (columnMajor != null) {
          keys.transpose();
        }
      }
      if (columnMajor != null) {
        keys.sort();
        keys.emit(columnMajor, true);
      }
    }
    Arrays.fill(values, 0, size, null);
    size = 0;
    ids.clear();
    labels.clear();
    // the remembered codes belong to the dictionaries just cleared
    lastI = null;
    lastLabel = null;
    Arrays.fill(runJ, null);
    full = computeFull();
  }

  /** Bits for the numbers 0 to n - 1. */
  private static int bits(int n) {
    return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
  }

  /**
   * The sort keys, written over {@link #codes}: from the high bits, the first id's rank, the second
   * id's, the label's, the product's place. Equal cells are adjacent once sorted, in arrival order.
   */
  private final class Keys {
    final int idBits = bits(idsByRank != null ? idsByRank.length : ids.size());
    final int labelBits = bits(labels.size());
    final int placeBits = bits(size);

    /** Codes by rank; null when the codes are the ranks already. */
    final int[] idByRank = idsByRank != null ? null : ids.byRank();

    final int[] labelByRank = labels.byRank();

    void fill(boolean transposed) {
      int[] idRank = idByRank != null ? IdCodes.ranks(idByRank) : null;
      int[] labelRank = IdCodes.ranks(labelByRank);
      for (int x = 0; x < size; x++) {
        int i = rank(idRank, (int) (codes[x] >>> 32));
        int j = rank(idRank, (int) codes[x]);
        int label = labelRank[labelCodes[x]];
        codes[x] = transposed ? key(j, i, label, x) : key(i, j, label, x);
      }
    }

    /**
     * Sorts the keys. Held inputs hand a range's products in the order of their first id (C's i,
     * CT's j), each id's products a few ascending runs of the second: sorting each first id's keys
     * alone gives the order one sort of them all gives, with less work and no buffer the size of
     * the window (the JDK's merge of runs allocates one; on a tablet server's heap that is a
     * humongous object: a SCALE 16 profile found these buffers 332 of a server's 446 humongous
     * allocations, each of which may start a G1 marking cycle). Keys in any other order are sorted
     * whole once one is seen out of order.
     */
    void sort() {
      int shift = placeBits + labelBits + idBits;
      int from = 0;
      long first = codes[0] >>> shift;
      for (int x = 1; x < size; x++) {
        long next = codes[x] >>> shift;
        if (next != first) {
          if (next < first) {
            Arrays.sort(codes, 0, size);
            return;
          }
          Arrays.sort(codes, from, x);
          from = x;
          first = next;
        }
      }
      Arrays.sort(codes, from, size);
    }

    void transpose() {
      for (int x = 0; x < size; x++) {
        long k = codes[x];
        codes[x] = key(second(k), first(k), label(k), (int) (k & mask(placeBits)));
      }
    }

    void emit(Sink sink, boolean transposed) throws java.io.IOException {
      int x = 0;
      while (x < size) {
        long cell = codes[x] >>> placeBits;
        T sum = value(codes[x++]);
        while (x < size && codes[x] >>> placeBits == cell) {
          try {
            sum = semiring.plus(sum, value(codes[x++]));
          } catch (ArithmeticException e) {
            throw new ArithmeticException(
                e.getMessage()
                    + " summing C at i '"
                    + text(id(first(codes[x - 1])))
                    + "', j '"
                    + text(id(second(codes[x - 1])))
                    + "'");
          }
        }
        byte[] value = semiring.encode(sum);
        byte[] first = id(first(codes[x - 1]));
        byte[] second = id(second(codes[x - 1]));
        byte[] label = labels.id(labelByRank[label(codes[x - 1])]);
        sink.accept(transposed ? second : first, transposed ? first : second, label, value);
      }
    }

    private int rank(int[] idRank, int code) {
      return idRank != null ? idRank[code] : code;
    }

    /** The id of this rank. */
    private byte[] id(int rank) {
      return idByRank != null ? ids.id(idByRank[rank]) : idsByRank[rank];
    }

    private long key(int first, int second, int label, int place) {
      return (((long) first << idBits | second) << labelBits | label) << placeBits | place;
    }

    private int first(long k) {
      return (int) (k >>> (placeBits + labelBits + idBits));
    }

    private int second(long k) {
      return (int) ((k >>> (placeBits + labelBits)) & mask(idBits));
    }

    private int label(long k) {
      return (int) ((k >>> placeBits) & mask(labelBits));
    }

    @SuppressWarnings("unchecked")
    private T value(long k) {
      return (T) values[(int) (k & mask(placeBits))];
    }

    private long mask(int bits) {
      return (1L << bits) - 1;
    }
  }

  private static String text(byte[] id) {
    return new String(id, java.nio.charset.StandardCharsets.UTF_8);
  }
}
