package outerproduct.kernel.d4m;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.IntFunction;

/**
 * The one conversion between a Java string (UTF-16) and the bytes Accumulo stores (UTF-8) for row
 * and column ids, wherever a user's text becomes a key. Java's own {@link String#getBytes} turns an
 * unpaired surrogate (half of a character outside the Basic Multilingual Plane, left by cutting a
 * string in the wrong place) into {@code ?} without a word: an id that then matches nothing, or the
 * wrong row. Here it is refused, naming where it is.
 */
public final class Utf8 {
  /** The reason given for an unpaired surrogate, for callers that build their own exception. */
  static final String UNPAIRED =
      "half of a UTF-16 surrogate pair with no other half: not a Unicode character, so it has no"
          + " UTF-8 bytes to look up";

  private Utf8() {}

  /**
   * The UTF-8 bytes of {@code id}.
   *
   * @throws IllegalArgumentException naming the id and position of an unpaired surrogate
   */
  public static byte[] bytes(String id) {
    requireValid(id, bad -> new IllegalArgumentException(bytesRefusal(id, bad)));
    return id.getBytes(StandardCharsets.UTF_8);
  }

  /** Why {@code id} has no UTF-8 bytes: its unpaired surrogate at {@code position}. */
  static String bytesRefusal(String id, int position) {
    // the half character shown as its code: printed as itself it would be a '?' on any terminal
    String shown =
        id.substring(0, position)
            + String.format(Locale.ROOT, "\\u%04X", (int) id.charAt(position))
            + id.substring(position + 1);
    return "id '" + shown + "' at position " + position + ": " + UNPAIRED;
  }

  /**
   * Throws what {@code refusal} makes of the index of the first unpaired surrogate in {@code text},
   * if there is one.
   */
  public static <E extends RuntimeException> void requireValid(
      String text, IntFunction<E> refusal) {
    int bad = firstUnpaired(text);
    if (bad >= 0) {
      throw refusal.apply(bad);
    }
  }

  /** The index of the first {@code char} of {@code text} that is half of no pair, or -1. */
  static int firstUnpaired(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)) {
        if (i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
          i++;
        } else {
          return i;
        }
      } else if (Character.isLowSurrogate(c)) {
        return i;
      }
    }
    return -1;
  }
}
