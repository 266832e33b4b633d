package outerproduct.kernel.accumulo;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import outerproduct.kernel.d4m.RowRanges;

/**
 * The work of a multiply before it runs: its partial products, Σ over the shared rows k it is asked
 * for of |AT row k| × |B row k|, from the two inputs' {@linkplain DegreeTables degree tables}.
 * Reading them costs one scan of each over the requested rows (one entry per row), not a read of
 * the matrices. With column filters it is an upper bound: the degrees count every column.
 */
public final class ProductEstimate {
  /**
   * The estimate: {@code partialProducts} (exact unless {@code upperBound}), the shared rows it
   * found, and the seconds it took.
   */
  public record Estimate(
      long partialProducts, long sharedRows, boolean upperBound, double seconds) {
    /** As the commands print it: {@code 803953 partial products over 713 shared rows (…)}. */
    public String describe() {
      return String.format(
          Locale.ROOT,
          "%d partial products over %d shared rows%s (degree tables, %.3f s)",
          partialProducts,
          sharedRows,
          upperBound ? " at most (column filters)" : "",
          seconds);
    }
  }

  private ProductEstimate() {}

  /**
   * @throws IllegalArgumentException naming the missing degree table (and how to make it)
   */
  public static Estimate of(
      AccumuloClient client, String at, String b, RowRanges rows, boolean columnFilters)
      throws TableNotFoundException {
    long begin = System.nanoTime();
    requireDegrees(client, at);
    requireDegrees(client, b);
    Range span = rows.isAll() ? new Range() : Ranges.span(rows);
    try (Scanner atDegrees = degreeScan(client, DegreeTables.of(at), span, rows);
        Scanner bDegrees = degreeScan(client, DegreeTables.of(b), span, rows)) {
      long[] sums = sumOfProducts(atDegrees.iterator(), bDegrees.iterator());
      return new Estimate(sums[0], sums[1], columnFilters, (System.nanoTime() - begin) / 1e9);
    }
  }

  /**
   * The partial products of asking for {@code rows} of B alone (a multiply by B's selection
   * matrix): the sum of B's degrees over those rows.
   */
  public static Estimate ofRows(
      AccumuloClient client, String b, RowRanges rows, boolean columnFilters)
      throws TableNotFoundException {
    long begin = System.nanoTime();
    requireDegrees(client, b);
    long products = 0;
    long found = 0;
    Range span = rows.isAll() ? new Range() : Ranges.span(rows);
    try (Scanner degrees = degreeScan(client, DegreeTables.of(b), span, rows)) {
      for (Map.Entry<Key, Value> entry : degrees) {
        products = Math.addExact(products, degree(entry));
        found++;
      }
    }
    return new Estimate(products, found, columnFilters, (System.nanoTime() - begin) / 1e9);
  }

  private static void requireDegrees(AccumuloClient client, String table) {
    if (!client.tableOperations().exists(DegreeTables.of(table))) {
      throw new IllegalArgumentException(
          "table '"
              + table
              + "' has no degree table '"
              + DegreeTables.of(table)
              + "': load it with degrees, or make one with scripts/matrix degrees");
    }
  }

  private static Scanner degreeScan(AccumuloClient client, String table, Range span, RowRanges rows)
      throws TableNotFoundException {
    Scanner scan = client.createScanner(table, Authorizations.EMPTY);
    scan.setRange(span);
    if (rows.ranges().size() > 1) {
      scan.addScanIterator(RowRangesIterator.setting(rows));
    }
    return scan;
  }

  /**
   * Joins two degree scans (one entry per row, in row order) on their rows.
   *
   * @return {Σ degree AT × degree B over shared rows, shared rows}
   * @throws IllegalArgumentException for a degree that is not a decimal count
   */
  static long[] sumOfProducts(
      Iterator<Map.Entry<Key, Value>> at, Iterator<Map.Entry<Key, Value>> b) {
    long products = 0;
    long shared = 0;
    Map.Entry<Key, Value> x = at.hasNext() ? at.next() : null;
    Map.Entry<Key, Value> y = b.hasNext() ? b.next() : null;
    while (x != null && y != null) {
      int order = x.getKey().getRowData().compareTo(y.getKey().getRowData());
      if (order == 0) {
        products = Math.addExact(products, Math.multiplyExact(degree(x), degree(y)));
        shared++;
      }
      if (order <= 0) {
        x = at.hasNext() ? at.next() : null;
      }
      if (order >= 0) {
        y = b.hasNext() ? b.next() : null;
      }
    }
    return new long[] {products, shared};
  }

  private static long degree(Map.Entry<Key, Value> entry) {
    String text = new String(entry.getValue().get(), StandardCharsets.UTF_8);
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "degree of row '"
              + entry.getKey().getRow()
              + "' is '"
              + text
              + "', not a count: is this a degree table?",
          e);
    }
  }
}
