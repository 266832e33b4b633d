package outerproduct.kernel.accumulo;

import java.util.Iterator;
import java.util.Map;
import java.util.function.Function;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;

/**
 * An entry source over a client-side scan (a Scanner's iterator, an input split's records). Given a
 * way to scan again from a row, it can read a row again ({@link #rewindToRow}), as the outer
 * product does with AT's row for each part of a long row of B.
 */
public final class ScanEntrySource extends KeyValueEntrySource {
  private final Function<byte[], Iterator<Map.Entry<Key, Value>>> scanFrom;
  private Iterator<Map.Entry<Key, Value>> entries;

  /** A source that reads once: it cannot go back to a row. */
  public ScanEntrySource(String table, Iterator<Map.Entry<Key, Value>> entries) {
    this(table, entries, null);
  }

  /**
   * @param scanFrom a new scan of the same entries from a row's first entry on (the same range's
   *     end, the same iterators), or null if there is none
   */
  public ScanEntrySource(
      String table,
      Iterator<Map.Entry<Key, Value>> entries,
      Function<byte[], Iterator<Map.Entry<Key, Value>>> scanFrom) {
    super(table);
    this.entries = entries;
    this.scanFrom = scanFrom;
    next();
  }

  /**
   * Reads {@code scanner} over the range it has; reading a row again scans from that row to the
   * same range's end with the same settings.
   */
  public static ScanEntrySource of(String table, Scanner scanner) {
    Range range = scanner.getRange();
    return new ScanEntrySource(
        table,
        scanner.iterator(),
        row -> {
          Range again =
              range.clip(
                  new Range(new Key(row), true, range.getEndKey(), range.isEndKeyInclusive()),
                  true);
          scanner.setRange(again != null ? again : range);
          return again != null ? scanner.iterator() : java.util.Collections.emptyIterator();
        });
  }

  @Override
  public void next() {
    if (entries.hasNext()) {
      Map.Entry<Key, Value> e = entries.next();
      load(e.getKey(), e.getValue());
    } else {
      exhausted();
    }
  }

  @Override
  public void rewindToRow(byte[] row) {
    if (scanFrom == null) {
      throw new UnsupportedOperationException(
          "table '" + table() + "': this scan cannot read a row again");
    }
    entries = scanFrom.apply(row);
    next();
  }
}
