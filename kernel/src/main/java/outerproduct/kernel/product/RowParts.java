package outerproduct.kernel.product;

/**
 * How much of one row of B the outer product holds at once ({@link OuterProduct}): at most {@code
 * maxEntries} entries and about {@code maxBytes} (their column ids and labels at their lengths,
 * plus {@link #ENTRY_OVERHEAD} bytes an entry for the arrays, references and decoded value). A row
 * longer than that, a hub vertex of a real graph with millions of edges, is held part by part, AT's
 * row read again for each part, so the memory a multiply holds is bounded whatever the data.
 *
 * <p>Reading AT's row again costs {@code |AT row| × parts} entries against {@code |AT row| × |B
 * row|} products: below one in {@code maxEntries} of the row's work, so the default parts cost
 * nothing measurable while bounding a tablet server's or a map task's held row at about 16 MiB (the
 * default), next to a 768 MB tablet server heap.
 *
 * @param maxEntries entries per part, at least 1
 * @param maxBytes estimated bytes per part, at least 1; a part always holds at least one entry
 */
public record RowParts(int maxEntries, long maxBytes) {
  /**
   * Estimated bytes an entry costs beyond its ids: array slots, the byte arrays' headers, a value.
   */
  public static final int ENTRY_OVERHEAD = 64;

  /** 65,536 entries or 16 MiB, whichever comes first. */
  public static final RowParts DEFAULT = new RowParts(1 << 16, 16L << 20);

  public RowParts {
    if (maxEntries < 1 || maxBytes < 1) {
      throw new IllegalArgumentException(
          "row parts must hold at least 1 entry and 1 byte, got " + maxEntries + ", " + maxBytes);
    }
  }
}
