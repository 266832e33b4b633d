package outerproduct.kernel.d4m;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Row and column ids compare as Accumulo compares them: unsigned bytes of their UTF-8 form, which
 * differs from {@link String#compareTo} outside the Basic Multilingual Plane.
 */
public final class ByteOrder {
  public static final Comparator<String> STRINGS = ByteOrder::compare;
  public static final Comparator<byte[]> BYTES = Arrays::compareUnsigned;

  private ByteOrder() {}

  public static int compare(String a, String b) {
    return Arrays.compareUnsigned(utf8(a), utf8(b));
  }

  /**
   * The id's bytes as Accumulo stores them ({@link Utf8#bytes}, which refuses half a character).
   */
  public static byte[] utf8(String s) {
    return Utf8.bytes(s);
  }
}
