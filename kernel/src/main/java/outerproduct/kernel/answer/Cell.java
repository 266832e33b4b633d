package outerproduct.kernel.answer;

import java.nio.charset.StandardCharsets;

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
   */
  public String toTsv(String value) {
    String line = text(row) + "\t" + text(column) + "\t" + value;
    return visibility.length == 0 ? line : line + "\t" + text(visibility);
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
