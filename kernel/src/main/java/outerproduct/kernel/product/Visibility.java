package outerproduct.kernel.product;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.accumulo.core.security.ColumnVisibility;

/**
 * The visibility of a partial product: the conjunction of its two inputs' labels, so that a product
 * is visible exactly to those who may read both cells it was computed from. An empty label is
 * neutral ({@code "" ∧ b = b}), equal labels appear once, and anything else is {@code (a)&(b)} in
 * Accumulo's normalized form ({@link ColumnVisibility#flatten()}: terms sorted, duplicates
 * dropped), so that the same two inputs always give byte-identical labels and their products meet
 * in one C cell.
 *
 * <p>Products are made far more often than distinct label pairs occur, so normalized conjunctions
 * are cached (bounded; cleared when full).
 */
public final class Visibility {
  public static final byte[] NONE = new byte[0];
  private static final int CACHE_LIMIT = 4096;
  private static final Map<Pair, byte[]> CACHE = new ConcurrentHashMap<>();

  private Visibility() {}

  /**
   * @return the conjunction of two visibility expressions; one of the arguments itself when the
   *     other is empty or equal to it (callers must not modify the result)
   * @throws IllegalArgumentException if either is not a valid visibility expression
   */
  public static byte[] and(byte[] a, byte[] b) {
    if (b.length == 0 || Arrays.equals(a, b)) {
      return a;
    }
    if (a.length == 0) {
      return b;
    }
    Pair key = new Pair(a.clone(), b.clone());
    byte[] cached = CACHE.get(key);
    if (cached != null) {
      return cached;
    }
    byte[] joined = new byte[a.length + b.length + 5];
    int at = 0;
    joined[at++] = '(';
    System.arraycopy(a, 0, joined, at, a.length);
    at += a.length;
    joined[at++] = ')';
    joined[at++] = '&';
    joined[at++] = '(';
    System.arraycopy(b, 0, joined, at, b.length);
    at += b.length;
    joined[at] = ')';
    byte[] normalized = new ColumnVisibility(joined).flatten();
    if (CACHE.size() >= CACHE_LIMIT) {
      CACHE.clear();
    }
    CACHE.put(key, normalized);
    return normalized;
  }

  private record Pair(byte[] a, byte[] b) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Pair p && Arrays.equals(a, p.a) && Arrays.equals(b, p.b);
    }

    @Override
    public int hashCode() {
      return 31 * Arrays.hashCode(a) + Arrays.hashCode(b);
    }
  }
}
