package outerproduct.kernel.d4m;

import java.util.Arrays;

/**
 * Whole rows from {@code first} to {@code last}, both inclusive; a null bound is unbounded. Row ids
 * are compared in Accumulo's byte order.
 */
public record RowRange(String first, String last) {

  public RowRange {
    for (String bound : new String[] {first, last}) {
      if (bound != null) {
        Utf8.requireValid(
            bound,
            bad -> new IllegalArgumentException("row range: " + Utf8.bytesRefusal(bound, bad)));
      }
    }
    if (first != null && last != null && ByteOrder.compare(first, last) > 0) {
      throw new IllegalArgumentException(
          "row range ['"
              + first
              + "', '"
              + last
              + "'] is empty: its first row sorts after its last");
    }
  }

  public static RowRange all() {
    return new RowRange(null, null);
  }

  public static RowRange row(String row) {
    return new RowRange(row, row);
  }

  public boolean isSingleRow() {
    return first != null && first.equals(last);
  }

  public boolean contains(byte[] row) {
    return (first == null || Arrays.compareUnsigned(ByteOrder.utf8(first), row) <= 0)
        && (last == null || Arrays.compareUnsigned(row, ByteOrder.utf8(last)) <= 0);
  }

  @Override
  public String toString() {
    return "[" + (first == null ? "-inf" : first) + ", " + (last == null ? "+inf" : last) + "]";
  }
}
