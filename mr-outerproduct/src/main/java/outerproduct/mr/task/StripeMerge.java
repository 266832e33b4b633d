package outerproduct.mr.task;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
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
 */
final class StripeMerge<T> {
  /** Unmerged stripes a row may hold before they are merged into one. */
  static final int HOLD_BYTES = 16 << 20;

  /** Receives a row's merged cells, in C's order. */
  interface CellSink<T> {
    /**
     * @param sum the ⊕ of the cell's values, or null when it had one value only
     * @param value the one value, encoded, when {@code sum} is null
     * @param count how many values the cell had
     */
    void cell(byte[] j, byte[] visibility, T sum, byte[] value, int count)
        throws IOException, InterruptedException;
  }

  private final Semiring<T> semiring;
  private final CellFold<T> fold;
  private final long holdBytes;
  private final List<Stripe> held = new ArrayList<>();
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

  /** Holds a copy of {@code stripe} for the row being merged. */
  void add(Stripe stripe, String row) throws IOException, InterruptedException {
    held.add(stripe.copy());
    heldBytes += stripe.byteLength();
    if (heldBytes > holdBytes && held.size() > 1) {
      Stripe merged = new Stripe();
      merge(
          row,
          (j, vis, sum, value, count) ->
              merged.add(j, vis, sum == null ? value : semiring.encode(sum)));
      held.add(merged);
      heldBytes = merged.byteLength();
    }
  }

  /** Hands the held stripes' cells to {@code sink}, merged, and forgets them. */
  void merge(String row, CellSink<T> sink) throws IOException, InterruptedException {
    PriorityQueue<Stripe.Cursor> heads = new PriorityQueue<>(Math.max(1, held.size()), ORDER);
    for (Stripe s : held) {
      Stripe.Cursor c = s.cursor();
      if (c.next()) {
        heads.add(c);
      }
    }
    held.clear();
    heldBytes = 0;
    while (!heads.isEmpty()) {
      Stripe.Cursor first = heads.poll();
      byte[] j = first.j();
      byte[] visibility = first.visibility();
      byte[] value = first.value();
      T sum = null;
      int count = 1;
      advance(first, heads);
      while (!heads.isEmpty() && heads.peek().isAt(j, visibility)) {
        Stripe.Cursor next = heads.poll();
        if (sum == null) {
          sum = decode(row, j, value);
        }
        sum = plus(row, j, sum, decode(row, j, next.value()));
        count++;
        advance(next, heads);
      }
      sink.cell(j, visibility, sum, value, count);
    }
  }

  private static final java.util.Comparator<Stripe.Cursor> ORDER = Stripe.Cursor::compareTo;

  private static void advance(Stripe.Cursor c, PriorityQueue<Stripe.Cursor> heads) {
    if (c.next()) {
      heads.add(c);
    }
  }

  private T decode(String row, byte[] j, byte[] value) {
    return fold.decode(cellName(row, j), value);
  }

  private T plus(String row, byte[] j, T a, T b) {
    return fold.plus(cellName(row, j), a, b);
  }

  private static String cellName(String row, byte[] j) {
    return "(" + row + ", " + new String(j, java.nio.charset.StandardCharsets.UTF_8) + ")";
  }
}
