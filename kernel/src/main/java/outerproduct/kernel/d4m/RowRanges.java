package outerproduct.kernel.d4m;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * A set of whole rows in D4M range syntax (docs/format.md): the last character is the separator,
 * and {@code :} between two row ids makes an inclusive range. {@code "a,:,b,d,f,:,"} is {@code
 * [a,b] ∪ [d,d] ∪ [f,+∞)}; a leading {@code ":,b,"} is {@code (-∞,b]}; {@code ":,"} is every row. A
 * row id {@code :} cannot be written.
 *
 * <p>Held sorted and merged, so equal sets are equal objects and {@link #toD4m()} is canonical.
 */
public final class RowRanges {
  private static final String WHAT = "row ranges";
  private static final Comparator<RowRange> BY_FIRST =
      (x, y) ->
          x.first() == null
              ? (y.first() == null ? 0 : -1)
              : (y.first() == null ? 1 : ByteOrder.compare(x.first(), y.first()));

  private final List<RowRange> ranges;

  private RowRanges(List<RowRange> ranges) {
    this.ranges = List.copyOf(ranges);
  }

  /** Every row. */
  public static RowRanges all() {
    return new RowRanges(List.of(RowRange.all()));
  }

  public static RowRanges of(List<RowRange> ranges) {
    if (ranges.isEmpty()) {
      throw new IllegalArgumentException("row ranges: no ranges given");
    }
    List<RowRange> sorted = new ArrayList<>(ranges);
    sorted.sort(BY_FIRST);
    List<RowRange> merged = new ArrayList<>();
    RowRange current = sorted.get(0);
    for (RowRange next : sorted.subList(1, sorted.size())) {
      if (current.last() == null
          || next.first() == null
          || ByteOrder.compare(next.first(), current.last()) <= 0) {
        // Overlapping: extend. Adjacent single rows stay apart (rows are not enumerable).
        String last =
            current.last() == null || next.last() == null
                ? null
                : ByteOrder.compare(current.last(), next.last()) >= 0
                    ? current.last()
                    : next.last();
        current = new RowRange(current.first(), last);
      } else {
        merged.add(current);
        current = next;
      }
    }
    merged.add(current);
    return new RowRanges(merged);
  }

  /**
   * @throws D4mSyntaxException with the position and the reason when the text is malformed
   */
  public static RowRanges parse(String text) {
    List<Tokens.Token> tokens = Tokens.split(WHAT, text);
    List<RowRange> ranges = new ArrayList<>();
    int i = 0;
    while (i < tokens.size()) {
      Tokens.Token token = tokens.get(i);
      boolean colon = token.text().equals(Tokens.RANGE);
      if (colon && i > 0) {
        throw new D4mSyntaxException(
            WHAT,
            text,
            token.position(),
            "':' must follow a row id (only the first entry may open a range at -inf)");
      }
      String first = colon ? null : token.text();
      boolean range = colon || (i + 1 < tokens.size() && isColon(tokens.get(i + 1)));
      if (!range) {
        ranges.add(RowRange.row(first));
        i++;
        continue;
      }
      int lastIndex = colon ? i + 1 : i + 2;
      String last = null;
      if (lastIndex < tokens.size()) {
        Tokens.Token end = tokens.get(lastIndex);
        if (isColon(end)) {
          throw new D4mSyntaxException(
              WHAT, text, end.position(), "two ':' in a row; a range is 'first,:,last,'");
        }
        last = end.text();
      }
      try {
        ranges.add(new RowRange(first, last));
      } catch (IllegalArgumentException e) {
        throw new D4mSyntaxException(WHAT, text, token.position(), e.getMessage());
      }
      i = lastIndex + 1;
    }
    return of(ranges);
  }

  private static boolean isColon(Tokens.Token token) {
    return token.text().equals(Tokens.RANGE);
  }

  public List<RowRange> ranges() {
    return ranges;
  }

  public boolean isAll() {
    return ranges.size() == 1 && ranges.get(0).first() == null && ranges.get(0).last() == null;
  }

  public boolean contains(byte[] row) {
    // Sorted and disjoint: only the last range starting at or before the row can hold it. A
    // 1,024-row subset tested against every row of a large table was a linear scan per row.
    int low = 0;
    int high = ranges.size() - 1;
    int candidate = -1;
    while (low <= high) {
      int middle = (low + high) >>> 1;
      String first = ranges.get(middle).first();
      if (first == null || Arrays.compareUnsigned(ByteOrder.utf8(first), row) <= 0) {
        candidate = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return candidate >= 0 && ranges.get(candidate).contains(row);
  }

  /** D4M text with ',' as separator, or the first of ';', '|', tab, newline, NUL no row holds. */
  public String toD4m() {
    List<String> ids = new ArrayList<>();
    for (RowRange r : ranges) {
      if (r.first() != null) {
        ids.add(r.first());
      }
      if (r.last() != null) {
        ids.add(r.last());
      }
    }
    return toD4m(Tokens.separatorFor(ids));
  }

  public String toD4m(char separator) {
    StringBuilder out = new StringBuilder();
    for (RowRange r : ranges) {
      if (r.isSingleRow()) {
        append(out, r.first(), separator);
        continue;
      }
      if (r.first() != null) {
        append(out, r.first(), separator);
      }
      out.append(Tokens.RANGE).append(separator);
      if (r.last() != null) {
        append(out, r.last(), separator);
      }
    }
    return out.toString();
  }

  private static void append(StringBuilder out, String row, char separator) {
    if (row.indexOf(separator) >= 0 || row.equals(Tokens.RANGE)) {
      throw new IllegalArgumentException(
          "row id '"
              + row
              + "' cannot be written in D4M syntax with separator '"
              + separator
              + "'");
    }
    out.append(row).append(separator);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RowRanges other && ranges.equals(other.ranges);
  }

  @Override
  public int hashCode() {
    return ranges.hashCode();
  }

  @Override
  public String toString() {
    return ranges.toString();
  }
}
