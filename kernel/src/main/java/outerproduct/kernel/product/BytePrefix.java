package outerproduct.kernel.product;

import java.util.Arrays;

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

  /**
   * Compares two ids given with their prefixes. Equal prefixes of ids no longer than 8 bytes mean
   * the longer id is the shorter one followed by zeros, so the lengths decide.
   */
  public static int compare(long prefixA, byte[] a, long prefixB, byte[] b) {
    return compare(prefixA, a, 0, a.length, prefixB, b, 0, b.length);
  }

  /** {@link #compare(long, byte[], long, byte[])} of {@code a[aOff, aOff + aLen)} and b's range. */
  public static int compare(
      long prefixA, byte[] a, int aOff, int aLen, long prefixB, byte[] b, int bOff, int bLen) {
    if (prefixA != prefixB) {
      return Long.compareUnsigned(prefixA, prefixB);
    }
    if (aLen <= Long.BYTES && bLen <= Long.BYTES) {
      return Integer.compare(aLen, bLen);
    }
    return Arrays.compareUnsigned(a, aOff, aOff + aLen, b, bOff, bOff + bLen);
  }
}
