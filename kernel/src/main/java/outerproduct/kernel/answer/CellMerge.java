package outerproduct.kernel.answer;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import outerproduct.kernel.product.LoserTree;
import outerproduct.kernel.semiring.Semiring;

/**
 * C's cells from sorted runs ({@link CellRuns}): one merge of all runs in C's key order, each cell
 * once with the ⊕ of its values across runs, so that an answer assembled from many tablets and
 * calls reads as a scan of a table holding C would.
 *
 * <p>The runs are ordered in a {@link LoserTree} on their packed bytes, and a cell is copied out
 * only once, as it is handed on; consecutive cells of one row share its array. This merge is the
 * caller's whole wait after the last call returns, and for an answer of millions of cells it was
 * most of the request (a heap over copied cells, five arrays and objects per cell of every run).
 *
 * <p>Memory: the runs' bytes as given, and one position per run.
 */
public final class CellMerge<T> implements Iterator<Cell> {
  private final Semiring<T> semiring;
  private final CellRuns.Run[] runs;
  private final LoserTree tree;
  private byte[] lastRow = new byte[0];

  private CellMerge(Semiring<T> semiring, List<CellRuns.Run> runs) {
    this.semiring = semiring;
    this.runs = runs.toArray(new CellRuns.Run[0]);
    for (CellRuns.Run run : this.runs) {
      run.advance();
    }
    CellRuns.Run[] all = this.runs;
    tree = new LoserTree(all.length, (a, b) -> before(all[a], all[b]));
  }

  /** Merges {@code runs}, each positioned before its first cell. */
  public static <T> CellMerge<T> of(Semiring<T> semiring, List<CellRuns.Run> runs) {
    return new CellMerge<>(semiring, runs);
  }

  /** True when a's cell comes first; an ended run comes after every other. */
  private static boolean before(CellRuns.Run a, CellRuns.Run b) {
    if (a.ended()) {
      return false;
    }
    return b.ended() || CellRuns.Run.compare(a, b) < 0;
  }

  private CellRuns.Run top() {
    int top = tree.top();
    return top < 0 || runs[top].ended() ? null : runs[top];
  }

  @Override
  public boolean hasNext() {
    return top() != null;
  }

  @Override
  public Cell next() {
    CellRuns.Run run = top();
    if (run == null) {
      throw new NoSuchElementException();
    }
    if (!run.rowIs(lastRow)) {
      lastRow = run.row();
    }
    Cell first = new Cell(lastRow, run.column(), run.visibility(), run.value());
    moveOn(run);
    T sum = null;
    for (run = top(); run != null && run.sameKey(first); run = top()) {
      T next = semiring.decode(run.value());
      sum = semiring.plus(sum != null ? sum : semiring.decode(first.value()), next);
      moveOn(run);
    }
    return sum == null
        ? first
        : new Cell(first.row(), first.column(), first.visibility(), semiring.encode(sum));
  }

  private void moveOn(CellRuns.Run run) {
    run.advance();
    tree.replay();
  }
}
