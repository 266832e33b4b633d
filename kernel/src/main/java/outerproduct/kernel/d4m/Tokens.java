package outerproduct.kernel.d4m;

import java.util.ArrayList;
import java.util.List;

/**
 * D4M list tokenizer: the last character of the text is the separator and ends every token ({@code
 * "a,b,"} is {@code a}, {@code b}). Used for row ranges and column lists alike.
 *
 * <p>"Character" means a Unicode code point, not a Java {@code char}: a separator outside the Basic
 * Multilingual Plane (an emoji) is two {@code char}s, and splitting on its second half alone left
 * half a character on every id, which no row matched.
 */
final class Tokens {
  /** A token and where it starts in the text, for error positions. */
  record Token(String text, int position) {}

  static final String RANGE = ":";

  private Tokens() {}

  static List<Token> split(String what, String text) {
    if (text == null || text.isEmpty()) {
      throw new D4mSyntaxException(
          what, String.valueOf(text), 0, "empty; a D4M list ends with its separator, e.g. 'a,b,'");
    }
    Utf8.requireValid(text, bad -> new D4mSyntaxException(what, text, bad, Utf8.UNPAIRED));
    int separatorAt = text.offsetByCodePoints(text.length(), -1);
    String separator = text.substring(separatorAt);
    if (separatorAt == 0) {
      throw new D4mSyntaxException(
          what, text, 0, "only a separator '" + separator + "', no entries");
    }
    List<Token> tokens = new ArrayList<>();
    int start = 0;
    while (start < text.length()) {
      int end = text.indexOf(separator, start);
      if (end == start) {
        throw new D4mSyntaxException(
            what, text, end, "empty entry before separator '" + separator + "'");
      }
      tokens.add(new Token(text.substring(start, end), start));
      start = end + separator.length();
    }
    return tokens;
  }

  /** A separator for printing: ',' unless some entry holds it. */
  static char separatorFor(Iterable<String> entries) {
    for (char candidate : new char[] {',', ';', '|', '\t', '\n', '\u0000'}) {
      boolean free = true;
      for (String entry : entries) {
        if (entry.indexOf(candidate) >= 0) {
          free = false;
          break;
        }
      }
      if (free) {
        return candidate;
      }
    }
    throw new IllegalArgumentException(
        "no separator character is free: every candidate occurs in some entry");
  }
}
