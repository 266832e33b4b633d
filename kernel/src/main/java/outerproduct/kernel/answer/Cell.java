package outerproduct.kernel.answer;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * One cell of C as a request answered to its caller gets it: row i, column j, visibility label
 * (empty: none) and the semiring's encoded value. The arrays are the caller's: nothing here keeps
 * or changes them.
 */
public record Cell(byte[] row, byte[] column, byte[] visibility, byte[] value) {

  /**
   * Orders cells as Accumulo orders C's keys: by row, column, then visibility, unsigned bytes.
   *
   * @return negative, zero or positive as {@code a} sorts before, with or after {@code b}
   */
  public static int compare(Cell a, Cell b) {
    int order = compareBytes(a.row, b.row);
    if (order == 0) {
      order = compareBytes(a.column, b.column);
    }
    return order != 0 ? order : compareBytes(a.visibility, b.visibility);
  }

  static int compareBytes(byte[] a, byte[] b) {
    return java.util.Arrays.compareUnsigned(a, b);
  }

  /**
   * The cell as one line of text, as {@code --print} writes it: row, column and {@code value},
   * tab-separated, and the visibility label last where there is one.
   *
   * @throws IllegalStateException for an id or label whose bytes are not UTF-8: decoded leniently
   *     it would print as U+FFFD, and two different cells as the same line
   */
  public String toTsv(String value) {
    String line = text("row", row) + "\t" + text("column", column) + "\t" + value;
    return visibility.length == 0 ? line : line + "\t" + text("visibility label", visibility);
  }

  private static String text(String part, byte[] bytes) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new IllegalStateException(
          "a cell's "
              + part
              + " is not UTF-8 text (bytes "
              + HexFormat.of().formatHex(bytes)
              + "), so it has no line of its own to print; read the answer through the Java API"
              + " or write C to a table (--c)",
          e);
    }
  }
}
