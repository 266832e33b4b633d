package outerproduct.kernel.semiring;

import java.nio.charset.StandardCharsets;

/**
 * A stored value that the configured semiring cannot decode, named with where it was found. Engines
 * never skip such an entry: the multiply fails with this exception.
 */
public final class BadValueException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String table;
  private final String row;
  private final String column;
  private final String value;

  public BadValueException(
      String table, byte[] row, byte[] column, byte[] value, String semiring, Throwable cause) {
    super(
        String.format(
            "table '%s', row '%s', column '%s': value '%s' is not a %s value%s",
            table,
            text(row),
            text(column),
            text(value),
            semiring,
            cause == null || cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")"),
        cause);
    this.table = table;
    this.row = text(row);
    this.column = text(column);
    this.value = text(value);
  }

  public String table() {
    return table;
  }

  public String row() {
    return row;
  }

  public String column() {
    return column;
  }

  public String value() {
    return value;
  }

  /** A stored value as a message shows it: text, cut when too long to read. */
  public static String shown(byte[] bytes) {
    return text(bytes);
  }

  private static String text(byte[] bytes) {
    if (bytes == null) {
      return "";
    }
    // Values are shown as text; a value too long to read in a message is cut.
    String s = new String(bytes, StandardCharsets.UTF_8);
    return s.length() > 64 ? s.substring(0, 64) + "…(" + bytes.length + " bytes)" : s;
  }
}
