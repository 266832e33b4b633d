package outerproduct.kernel.d4m;

import java.util.ArrayList;
import java.util.List;

/**
 * D4M list tokenizer: the last character of the text is the separator and ends every token ({@code
 * "a,b,"} is {@code a}, {@code b}). Used for row ranges and column lists alike.
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
    char separator = text.charAt(text.length() - 1);
    if (text.length() == 1) {
      throw new D4mSyntaxException(
          what, text, 0, "only a separator '" + separator + "', no entries");
    }
    List<Token> tokens = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == separator) {
        if (i == start) {
          throw new D4mSyntaxException(
              what, text, i, "empty entry before separator '" + separator + "'");
        }
        tokens.add(new Token(text.substring(start, i), start));
        start = i + 1;
      }
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
