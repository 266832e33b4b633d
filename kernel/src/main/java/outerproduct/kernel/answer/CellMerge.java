package outerproduct.kernel.answer;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import outerproduct.kernel.semiring.Semiring;

/**
 * C's cells from sorted runs ({@link CellRuns}): one merge of all runs in C's key order, each cell
 * once with the ⊕ of its values across runs, so that an answer assembled from many tablets and
 * calls reads as a scan of a table holding C would. Memory: one current cell per run.
 */
public final class CellMerge<T> implements Iterator<Cell> {
  private final Semiring<T> semiring;
  private final PriorityQueue<CellRuns.Run> heads =
      new PriorityQueue<>((a, b) -> Cell.compare(a.current(), b.current()));

  private CellMerge(Semiring<T> semiring, List<CellRuns.Run> runs) {
    this.semiring = semiring;
    for (CellRuns.Run run : runs) {
      if (run.advance()) {
        heads.add(run);
      }
    }
  }

  /** Merges {@code runs}, each positioned before its first cell. */
  public static <T> CellMerge<T> of(Semiring<T> semiring, List<CellRuns.Run> runs) {
    return new CellMerge<>(semiring, runs);
  }

  @Override
  public boolean hasNext() {
    return !heads.isEmpty();
  }

  @Override
  public Cell next() {
    if (heads.isEmpty()) {
      throw new NoSuchElementException();
    }
    Cell first = take();
    T sum = null;
    while (!heads.isEmpty() && Cell.compare(heads.peek().current(), first) == 0) {
      T next = semiring.decode(take().value());
      sum = semiring.plus(sum != null ? sum : semiring.decode(first.value()), next);
    }
    return sum == null
        ? first
        : new Cell(first.row(), first.column(), first.visibility(), semiring.encode(sum));
  }

  /** The smallest current cell; its run moves on (and leaves the heap when it ends). */
  private Cell take() {
    CellRuns.Run run = heads.poll();
    Cell cell = run.current();
    if (run.advance()) {
      heads.add(run);
    }
    return cell;
  }
}
