package outerproduct.kernel.d4m;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * A list of column ids in D4M syntax ({@code "c1,c7,"}): the columns to keep. Accumulo does not
 * index columns, so ranges are refused; keep a transpose table to select column ranges.
 */
public final class ColumnFilter {
  private static final String WHAT = "column filter";

  private final List<String> columns;
  private final byte[][] sortedBytes;

  private ColumnFilter(Collection<String> columns) {
    TreeSet<String> sorted = new TreeSet<>(ByteOrder.STRINGS);
    sorted.addAll(columns);
    this.columns = List.copyOf(sorted);
    this.sortedBytes = this.columns.stream().map(ByteOrder::utf8).toArray(byte[][]::new);
  }

  public static ColumnFilter of(Collection<String> columns) {
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("column filter: no columns given");
    }
    for (String c : columns) {
      if (c.isEmpty() || c.equals(Tokens.RANGE)) {
        throw new IllegalArgumentException("column filter: '" + c + "' is not a column id");
      }
      Utf8.requireValid(
          c, bad -> new IllegalArgumentException("column filter: " + Utf8.bytesRefusal(c, bad)));
    }
    return new ColumnFilter(columns);
  }

  /**
   * @throws D4mSyntaxException with the position and the reason when the text is malformed
   */
  public static ColumnFilter parse(String text) {
    List<String> columns = new ArrayList<>();
    for (Tokens.Token token : Tokens.split(WHAT, text)) {
      if (token.text().equals(Tokens.RANGE)) {
        throw new D4mSyntaxException(
            WHAT,
            text,
            token.position(),
            "column ranges are not supported (Accumulo does not index columns); list the column"
                + " ids");
      }
      columns.add(token.text());
    }
    return new ColumnFilter(columns);
  }

  public List<String> columns() {
    return columns;
  }

  public boolean contains(byte[] column) {
    return Arrays.binarySearch(sortedBytes, column, ByteOrder.BYTES) >= 0;
  }

  public boolean contains(String column) {
    return contains(ByteOrder.utf8(column));
  }

  public String toD4m() {
    char separator = Tokens.separatorFor(columns);
    StringBuilder out = new StringBuilder();
    columns.forEach(c -> out.append(c).append(separator));
    return out.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ColumnFilter other && columns.equals(other.columns);
  }

  @Override
  public int hashCode() {
    return columns.hashCode();
  }

  @Override
  public String toString() {
    return columns.toString();
  }
}
