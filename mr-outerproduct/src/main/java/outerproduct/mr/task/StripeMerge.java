package outerproduct.mr.task;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.mr.io.Stripe;

/**
 * Merges the stripes of one C row (each sorted in C's order) into the row's cells in that order,
 * with the ⊕ of each cell's values: what the combiner and the reducers do with a row's stripes.
 *
 * <p>Hadoop hands a key's values one at a time in one reused object, so the stripes are copied and
 * held. Memory: the stripes held are merged into one whenever they pass {@link #HOLD_BYTES}, so a
 * row holds at most that many bytes of unmerged stripes plus its merged cells twice (the merged
 * stripe and the one being built) — one C row of cells, which is at most C's column count.
 *
 * <p>A cell found in one stripe only is handed on with its value as it came, not decoded: the
 * mappers wrote it with the semiring's encoding already.
 *
 * <p>The merge runs on every map output record twice (combiner and reducer), so it allocates
 * nothing per cell: the stripes' heads are a binary heap of cursors whose smallest is advanced and
 * sifted down once per cell (not removed and added again), and a cell is handed on as a cursor into
 * its stripe. A cell's name for a message is formed only when a message needs it.
 */
final class StripeMerge<T> {
  /** Unmerged stripes a row may hold before they are merged into one. */
  static final int HOLD_BYTES = 16 << 20;

  /** Receives a row's merged cells, in C's order. */
  interface CellSink<T> {
    /**
     * @param cell the cell's j and visibility; its value is the cell's one value when {@code sum}
     *     is null. Valid during the call only.
     * @param sum the ⊕ of the cell's values, or null when it had one value only
     * @param count how many values the cell had
     */
    void cell(Stripe.Cursor cell, T sum, int count) throws IOException, InterruptedException;
  }

  private final Semiring<T> semiring;
  private final CellFold<T> fold;
  private final long holdBytes;
  private final List<Stripe> held = new ArrayList<>();
  private final Stripe.Cursor cell = new Stripe.Cursor();
  private Stripe.Cursor[] heap = new Stripe.Cursor[8];
  private long heldBytes;

  StripeMerge(Semiring<T> semiring) {
    this(semiring, HOLD_BYTES);
  }

  /** With another bound, so that tests reach the intermediate merge. */
  StripeMerge(Semiring<T> semiring, long holdBytes) {
    this.semiring = semiring;
    this.fold = new CellFold<>(semiring);
    this.holdBytes = holdBytes;
  }

  /** Bytes of the stripes held since the last merge. */
  long heldBytes() {
    return heldBytes;
  }

  /** Holds a copy of {@code stripe} for the row being merged. */
  void add(Stripe stripe, String row) throws IOException, InterruptedException {
    held.add(stripe.copy());
    heldBytes += stripe.byteLength();
    if (heldBytes > holdBytes && held.size() > 1) {
      Stripe merged = new Stripe();
      merge(row, (c, sum, count) -> append(merged, c, sum));
      held.add(merged);
      heldBytes = merged.byteLength();
    }
  }

  /** Appends {@code cell} to {@code stripe} with its sum, or its one value as it came. */
  void append(Stripe stripe, Stripe.Cursor cell, T sum) {
    byte[] b = cell.bytes();
    if (sum == null) {
      stripe.add(
          b,
          cell.jOffset(),
          cell.jLength(),
          b,
          cell.visibilityOffset(),
          cell.visibilityLength(),
          b,
          cell.valueOffset(),
          cell.valueLength());
    } else {
      byte[] v = semiring.encode(sum);
      stripe.add(
          b,
          cell.jOffset(),
          cell.jLength(),
          b,
          cell.visibilityOffset(),
          cell.visibilityLength(),
          v,
          0,
          v.length);
    }
  }

  /** Hands the held stripes' cells to {@code sink}, merged, and forgets them. */
  void merge(String row, CellSink<T> sink) throws IOException, InterruptedException {
    int size = heads();
    while (size > 0) {
      Stripe.Cursor first = heap[0];
      cell.moveTo(first);
      size = advanceTop(size);
      T sum = null;
      int count = 1;
      while (size > 0 && heap[0].isAt(cell)) {
        Stripe.Cursor next = heap[0];
        if (sum == null) {
          sum = decode(row, cell);
        }
        sum = fold.plus(new CellName(row, cell), sum, decode(row, next));
        count++;
        size = advanceTop(size);
      }
      sink.cell(cell, sum, count);
    }
  }

  /** Puts each held stripe's first cell in the heap, forgets the stripes; returns the heap size. */
  private int heads() {
    if (heap.length < held.size()) {
      heap = new Stripe.Cursor[held.size()];
    }
    int size = 0;
    for (Stripe s : held) {
      Stripe.Cursor c = s.cursor();
      if (c.next()) {
        heap[size++] = c;
      }
    }
    held.clear();
    heldBytes = 0;
    for (int k = size / 2 - 1; k >= 0; k--) {
      siftDown(k, size);
    }
    return size;
  }

  /** Moves the smallest head to its next cell (or drops it); returns the heap's new size. */
  private int advanceTop(int size) {
    if (!heap[0].next()) {
      heap[0] = heap[--size];
      heap[size] = null;
    }
    siftDown(0, size);
    return size;
  }

  private void siftDown(int k, int size) {
    Stripe.Cursor c = heap[k];
    int half = size >>> 1;
    while (k < half) {
      int child = 2 * k + 1;
      int right = child + 1;
      if (right < size && heap[right].compareTo(heap[child]) < 0) {
        child = right;
      }
      if (c.compareTo(heap[child]) <= 0) {
        break;
      }
      heap[k] = heap[child];
      k = child;
    }
    heap[k] = c;
  }

  /** The value at {@code in}, read for the cell being merged. */
  private T decode(String row, Stripe.Cursor in) {
    return fold.decode(new CellName(row, cell), in.value());
  }

  /** A cell as messages name it, "(i, j)"; formed only when a message is. */
  private record CellName(String row, Stripe.Cursor at) {
    @Override
    public String toString() {
      return "("
          + row
          + ", "
          + new String(at.bytes(), at.jOffset(), at.jLength(), StandardCharsets.UTF_8)
          + ")";
    }
  }
}
