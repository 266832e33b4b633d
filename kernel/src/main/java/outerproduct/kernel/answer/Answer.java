package outerproduct.kernel.answer;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import outerproduct.kernel.semiring.Semiring;

/**
 * C itself, handed to the caller instead of written into a table: its cells in C's key order (row,
 * column, visibility), each once with ⊕ complete across tablets, as a scan of a table holding C
 * would give them to the same user. Held as the sorted runs the engine returned ({@link CellRuns}),
 * merged on each {@link #cells()}.
 *
 * <p>Memory is bounded by {@link #DEFAULT_MAX_CELLS} cells received unless the request names
 * another bound: a request past it fails with {@link #overBound}, naming the bound and the way to a
 * table instead.
 */
public final class Answer {
  /** Cells an answer may receive (before ⊕ across runs) unless the request says otherwise. */
  public static final long DEFAULT_MAX_CELLS = 4_000_000;

  private final Semiring<?> semiring;
  private final List<byte[]> packed;
  private final long partialProducts;
  private final long rowsAligned;

  /**
   * @param packed payloads of sorted runs ({@link CellRuns}), kept as given
   */
  public Answer(Semiring<?> semiring, List<byte[]> packed, long partialProducts, long rowsAligned) {
    this.semiring = semiring;
    this.packed = List.copyOf(packed);
    this.partialProducts = partialProducts;
    this.rowsAligned = rowsAligned;
  }

  /**
   * C's cells in key order, each once; every call merges the runs anew. Consecutive cells of one
   * row share its array: the cells' arrays are to be read, not changed.
   */
  public Iterator<Cell> cells() {
    List<CellRuns.Run> runs = new ArrayList<>();
    packed.forEach(bytes -> runs.addAll(CellRuns.read(bytes)));
    return CellMerge.of(semiring, runs);
  }

  /** The semiring of the cells' values. */
  public Semiring<?> semiring() {
    return semiring;
  }

  public long partialProducts() {
    return partialProducts;
  }

  public long rowsAligned() {
    return rowsAligned;
  }

  /**
   * The one line a request gets when its answer would pass its bound.
   *
   * @param what how many cells, and how that is known (received, estimated)
   */
  public static IllegalStateException overBound(String what, long maxCells) {
    return new IllegalStateException(
        "the answer holds "
            + what
            + ", more than its bound of "
            + maxCells
            + " cells held by the caller (maxCells, --max-cells); write C to a table instead"
            + " (--c)");
  }
}
