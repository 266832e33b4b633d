package outerproduct.kernel.semiring;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Text encoding shared by the built-in semirings: values are UTF-8 decimal strings
 * (docs/format.md).
 */
final class Values {
  // What a stored decimal looks like; Double.parseDouble alone also takes "NaN", hex and "1d".
  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?|[+-]?Infinity");

  private Values() {}

  static String text(byte[] value) {
    if (value == null || value.length == 0) {
      throw new IllegalArgumentException("empty value");
    }
    return new String(value, StandardCharsets.UTF_8);
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Encodings of the small values most cells hold, shared: at SCALE 14 encoding sums was 17% of a
   * map task's profile samples, nearly all of it allocating and dividing for one or two digits.
   */
  private static final byte[][] SMALL = new byte[1024][];

  static {
    for (int v = 0; v < SMALL.length; v++) {
      SMALL[v] = Integer.toString(v).getBytes(StandardCharsets.US_ASCII);
    }
  }

  /**
   * Long.toString as UTF-8 bytes without going through a String: the hot path of the engines. The
   * array of a small value is shared ({@link Semiring#encode} says callers never change it).
   */
  static byte[] bytes(long v) {
    if (v >= 0 && v < SMALL.length) {
      return SMALL[(int) v];
    }
    if (v == Long.MIN_VALUE) {
      return bytes(Long.toString(v));
    }
    int len = 1;
    boolean negative = v < 0;
    long abs = negative ? -v : v;
    for (long x = abs; x >= 10; x /= 10) {
      len++;
    }
    if (negative) {
      len++;
    }
    byte[] out = new byte[len];
    int pos = len - 1;
    do {
      out[pos--] = (byte) ('0' + (abs % 10));
      abs /= 10;
    } while (abs != 0);
    if (negative) {
      out[0] = '-';
    }
    return out;
  }

  /**
   * Parses a canonical or non-canonical decimal long ({@code "007"}, {@code "+3"} accepted) without
   * allocating.
   */
  private static final long LONG_MULTMIN = Long.MIN_VALUE / 10;

  static long parseLong(byte[] value) {
    if (value == null || value.length == 0) {
      throw new IllegalArgumentException("empty value");
    }
    int i = 0;
    boolean negative = false;
    if (value[0] == '-' || value[0] == '+') {
      negative = value[0] == '-';
      i = 1;
      if (value.length == 1) {
        throw new IllegalArgumentException("sign without digits");
      }
    }
    // Accumulate negatively so that Long.MIN_VALUE parses without overflow; as Long.parseLong,
    // check against a bound computed once rather than dividing per digit (a hot path).
    long result = 0;
    for (; i < value.length; i++) {
      int d = value[i] - '0';
      if (d < 0 || d > 9) {
        throw new IllegalArgumentException("not an integer");
      }
      if (result < LONG_MULTMIN || result * 10 < Long.MIN_VALUE + d) {
        throw new IllegalArgumentException("outside the range of a 64-bit integer");
      }
      result = result * 10 - d;
    }
    if (negative) {
      return result;
    }
    if (result == Long.MIN_VALUE) {
      throw new IllegalArgumentException("outside the range of a 64-bit integer");
    }
    return -result;
  }

  static double parseDouble(byte[] value) {
    String s = text(value);
    if (!DECIMAL.matcher(s).matches()) {
      throw new IllegalArgumentException("not a decimal number");
    }
    return Double.parseDouble(s);
  }
}
