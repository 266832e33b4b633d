package outerproduct.kernel.answer;

import java.io.IOException;
import outerproduct.kernel.product.SortedWindow;
import outerproduct.kernel.semiring.Semiring;

/**
 * Partial products pre-summed into the sorted runs an {@link Answer} holds: each product goes into
 * a {@link SortedWindow}, and each full window is drained, sorted and ⊕-ed, as one run ({@link
 * CellRuns}). Where products come in no useful order (a client's batch scan, a tablet's rows), this
 * is far cheaper than a hash table of cells, whose every product costs several cache misses once
 * the table outgrows the processor's caches.
 *
 * <p>Memory: the window (at most {@code windowProducts} products, 16 to 32 bytes each, plus their
 * distinct ids) and the packed runs, about the cells' bytes; a cell may appear once per run until
 * the answer's merge ⊕-s them.
 */
public final class SummedRuns<T> {
  /** Products per window unless a caller sizes it: large enough to ⊕ most repeats, and cached. */
  public static final int WINDOW = 1 << 18;

  private final SortedWindow<T> window;
  private final CellRuns.Writer packed = new CellRuns.Writer();

  public SummedRuns(Semiring<T> semiring, int windowProducts) {
    window = new SortedWindow<>(windowProducts, semiring);
  }

  /** Adds the product of cell (i, j, visibility); the arrays are kept and never modified. */
  public void add(byte[] i, byte[] j, byte[] visibility, T value) {
    if (window.isFull()) {
      drain();
    }
    window.add(i, j, visibility, value);
  }

  private void drain() {
    try {
      window.drainSorted(packed::add, null);
    } catch (IOException e) {
      throw new IllegalStateException("a packing sink never fails", e);
    }
    packed.endRun();
  }

  /** Bytes packed so far (the window not yet drained). */
  public int packedBytes() {
    return packed.size();
  }

  /** Cells packed so far, counting a cell once per run (the window not yet drained). */
  public long packedCells() {
    return packed.cells();
  }

  /** The packed runs and the cells in them, a cell counted once per run. */
  public record Packed(byte[] bytes, long cells) {}

  /** Drains the window and returns the packed runs; this starts empty again. */
  public Packed finish() {
    drain();
    long cells = packed.cells();
    return new Packed(packed.finish(), cells);
  }
}
