package outerproduct.kernel.product;

/**
 * The first eight bytes of a byte string as an unsigned big-endian number, zeros after a shorter
 * one: two strings' prefixes order as the strings do (unsigned, byte-wise), or are equal and the
 * rest decides. Both engines' merges of sorted cells compare most ids by it without touching their
 * arrays.
 */
public final class BytePrefix {
  private BytePrefix() {}

  public static long of(byte[] b) {
    return of(b, 0, b.length);
  }

  /** The prefix of {@code b[off, off + len)}. */
  public static long of(byte[] b, int off, int len) {
    long p = 0;
    int n = Math.min(len, Long.BYTES);
    for (int k = 0; k < n; k++) {
      p = (p << 8) | (b[off + k] & 0xFF);
    }
    return n == 0 ? 0 : p << (8 * (Long.BYTES - n));
  }
}
