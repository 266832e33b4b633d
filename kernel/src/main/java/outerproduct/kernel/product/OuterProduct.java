package outerproduct.kernel.product;

import java.io.IOException;
import java.util.Arrays;
import outerproduct.kernel.semiring.Semiring;

/**
 * The one outer-product algorithm both engines run: for each row k shared by AT and B, every {@code
 * AT(k,i) ⊗ B(k,j)} is a partial product for {@code C(i,j)}, labelled with the conjunction of the
 * two cells' visibilities ({@link Visibility}). ⊕ is not applied here; it runs later, in any order
 * (a Combiner on C, a Hadoop combiner and reducer, a pre-sum buffer).
 *
 * <p>Pull-style, so that an SKVI can return one product per {@code next()} and a mapper can write
 * one per loop: {@link #advance()} then {@link #i()}, {@link #j()}, {@link #value()}.
 *
 * <p>Memory: at most one part of one row of B is held ({@link HeldRow}, bounded by {@link
 * RowParts}: 65,536 entries or about 16 MiB by default); AT's row is streamed. B's row is the one
 * held because then each AT entry {@code (k,i)} yields a run of products for one C row i with its
 * columns j in order: writers can put each run in one Mutation (or one reducer key range), and the
 * CT transpose is the only consumer that sees them out of order. A row of B longer than a part (a
 * hub vertex) is held part after part, and AT's row is read again for each ({@link
 * EntrySource#rewindToRow}): C row i then gets one run per part, each in column order.
 *
 * <p>Safe points: between two shared rows ({@link #atRowBoundary()}), every product of the rows up
 * to {@link #lastFinishedRow()} has been returned and none after it. An engine that must resume
 * after a teardown restarts strictly after that row.
 */
public final class OuterProduct<T> {
  private final Semiring<T> semiring;
  private final EntrySource at;
  private final EntrySource b;
  private final RowAligner aligner;
  private final HeldRow<T> heldB;

  private byte[] currentRow;
  private byte[] lastFinishedRow;
  private byte[] i;
  private byte[] aVisibility;
  private T a;
  private int jIndex;
  private T product;
  private boolean exhausted;

  private long rowsAligned;
  private long partialProducts;
  private long rowParts;

  public OuterProduct(Semiring<T> semiring, EntrySource at, EntrySource b) {
    this(semiring, at, b, RowParts.DEFAULT);
  }

  /** With B's rows held in parts of at most {@code parts} (tests use small ones). */
  public OuterProduct(Semiring<T> semiring, EntrySource at, EntrySource b, RowParts parts) {
    this.semiring = semiring;
    this.at = at;
    this.b = b;
    this.aligner = new RowAligner(at, b);
    this.heldB = new HeldRow<>(semiring, parts);
  }

  /**
   * Moves to the next partial product.
   *
   * @return false when no product remains
   * @throws outerproduct.kernel.semiring.BadValueException for a value the semiring rejects
   */
  public boolean advance() throws IOException {
    while (!exhausted) {
      if (i != null && jIndex < heldB.size()) {
        product = times(a, heldB.value(jIndex));
        jIndex++;
        partialProducts++;
        return true;
      }
      if (currentRow != null && at.hasTop() && Arrays.equals(at.row(), currentRow)) {
        i = at.column().clone();
        aVisibility = HeldRow.copyLabel(at.visibility(), aVisibility);
        a = HeldRow.decode(semiring, at);
        jIndex = 0;
        at.next();
        continue;
      }
      if (currentRow != null && !heldB.complete()) {
        // AT's row has met this part of B's row: hold the next part, read AT's row again
        heldB.fill(b, currentRow);
        at.rewindToRow(currentRow);
        i = null;
        rowParts++;
        continue;
      }
      if (currentRow != null) {
        lastFinishedRow = currentRow;
        currentRow = null;
        i = null;
      }
      byte[] k = aligner.nextSharedRow();
      if (k == null) {
        exhausted = true;
        break;
      }
      currentRow = k;
      rowsAligned++;
      heldB.fill(b, k);
    }
    product = null;
    return false;
  }

  /** ⊗, with an overflow named by where it happened: the semiring knows only the two values. */
  private T times(T x, T y) {
    try {
      return semiring.times(x, y);
    } catch (ArithmeticException e) {
      throw overflow(e, currentRow, i, heldB.column(jIndex), at.table(), b.table());
    }
  }

  /** {@code e}'s message with the product it happened at: k, i, j and the two tables. */
  static ArithmeticException overflow(
      ArithmeticException e, byte[] k, byte[] i, byte[] j, String atTable, String bTable) {
    return new ArithmeticException(
        e.getMessage()
            + " at AT(k,i) (x) B(k,j) with k '"
            + text(k)
            + "', i '"
            + text(i)
            + "', j '"
            + text(j)
            + "' of tables '"
            + atTable
            + "' and '"
            + bTable
            + "'");
  }

  private static String text(byte[] bytes) {
    return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
  }

  /** Row of C: the AT column of the current product. */
  public byte[] i() {
    return i;
  }

  /** Column of C: the B column of the current product. */
  public byte[] j() {
    return heldB.column(jIndex - 1);
  }

  /** The shared row k that produced the current product. */
  public byte[] k() {
    return currentRow;
  }

  public T value() {
    return product;
  }

  /**
   * Visibility of the current product: the conjunction of AT(k,i)'s and B(k,j)'s labels ({@link
   * Visibility#and}). Callers must not modify the array.
   */
  public byte[] visibility() {
    return Visibility.and(aVisibility, heldB.visibility(jIndex - 1));
  }

  /**
   * True when the last product returned was the last of its shared row (or none was returned yet):
   * stopping here and resuming after {@link #lastFinishedRow()} loses and repeats nothing.
   */
  public boolean atRowBoundary() {
    if (currentRow == null) {
      return true;
    }
    boolean lastOfRow = jIndex >= heldB.size() && heldB.complete();
    boolean rowDone = !at.hasTop() || !Arrays.equals(at.row(), currentRow);
    return lastOfRow && rowDone;
  }

  /** The last shared row all of whose products were returned, or null. */
  public byte[] lastFinishedRow() {
    return atRowBoundary() && currentRow != null ? currentRow : lastFinishedRow;
  }

  public long rowsAligned() {
    return rowsAligned;
  }

  public long partialProducts() {
    return partialProducts;
  }

  /** Parts of B's rows held after a row's first: how often AT's row was read again. */
  public long extraRowParts() {
    return rowParts;
  }
}
