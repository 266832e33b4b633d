package outerproduct.kernel.product;

/**
 * The size of a {@link SortedWindow} as the engines' options take it: the partial products held
 * before they are sorted, ⊕-ed per cell and handed on; 0 for no window; {@link #AUTO} for the
 * engine to size it to the request and its memory.
 */
public final class WindowSize {

  /** The largest window: its arrays stay single Java arrays and a product's place fits 28 bits. */
  public static final int MAX_PRODUCTS = 1 << 28;

  /** As an option's value: let the engine size the window ({@code auto}). */
  public static final long AUTO = -1;

  /**
   * Heap per product a window sized to a heap budgets: 16 bytes in the window's arrays (a long, an
   * int, a reference) and up to 16 for a value object the semiring does not share.
   */
  public static final int BYTES_PER_PRODUCT = 32;

  private WindowSize() {}

  /**
   * A window sized to a JVM's heap: a quarter of what {@code reservedBytes} leave of {@code
   * maxHeapBytes}, shared by {@code windows} windows that may be full at once, at {@value
   * #BYTES_PER_PRODUCT} bytes a product, at most {@link #MAX_PRODUCTS}. The other three quarters
   * are for the window's arrays doubling as they grow and for everything else the JVM holds.
   */
  public static int forHeap(long maxHeapBytes, long reservedBytes, int windows) {
    long budget = Math.max(0, maxHeapBytes - reservedBytes) / 4 / Math.max(1, windows);
    return (int) Math.min(budget / BYTES_PER_PRODUCT, MAX_PRODUCTS);
  }

  /**
   * Checks a window size: 0 (off) up to {@link #MAX_PRODUCTS}.
   *
   * @param option names the option in the message, e.g. {@code "option 'presum'"}
   * @throws IllegalArgumentException naming the option, the bound and the value
   */
  public static int check(String option, long products) {
    if (products < 0 || products > MAX_PRODUCTS) {
      throw new IllegalArgumentException(
          option + " must be between 0 (off) and " + MAX_PRODUCTS + " products, got " + products);
    }
    return (int) products;
  }

  /**
   * Checks the size of a window that must hold something: 1 up to {@link #MAX_PRODUCTS}.
   *
   * @throws IllegalArgumentException naming the option, the bounds and the value
   */
  public static int checkOn(String option, long products) {
    if (products < 1 || products > MAX_PRODUCTS) {
      throw new IllegalArgumentException(
          option + " must be between 1 and " + MAX_PRODUCTS + " products, got " + products);
    }
    return (int) products;
  }

  /** As an option writes it: {@code auto} or the count. */
  public static String text(long products) {
    return products == AUTO ? "auto" : Long.toString(products);
  }

  /**
   * Parses a window option: {@code auto} ({@link #AUTO}) or a product count as {@link #check} takes
   * it.
   *
   * @throws IllegalArgumentException naming the option and the value
   */
  public static long parse(String option, String text) {
    if (text.equals("auto")) {
      return AUTO;
    }
    try {
      return check(option, Long.parseLong(text));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          option + " '" + text + "': expected auto or a number of products", e);
    }
  }
}
