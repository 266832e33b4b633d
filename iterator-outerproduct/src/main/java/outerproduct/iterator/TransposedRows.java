package outerproduct.iterator;

import java.io.IOException;
import java.util.Arrays;
import java.util.Set;
import java.util.function.IntPredicate;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import outerproduct.kernel.product.EntrySource;

/**
 * AT as the transpose of a few rows S of a table T: AT(k, s) = T(s, k) for each s in S, read once
 * through a {@link RemoteSourceIterator} over the rows S (one seek each, as the scan's user) and
 * held sorted as AT's keys. It is how a 2-hop neighbourhood forms its second hop in the tablet
 * servers without Tᵀ: the scan of T aligns its rows k with these, seeking past every other row.
 *
 * <p>Memory: at most {@value #MAX_ENTRIES} entries (each its k, value and references: about 100
 * bytes, the ids of S and the labels shared), held for the scan session; past the bound the read
 * stops with an error that names it.
 */
final class TransposedRows {
  /** Entries of the rows S a tablet server holds for one scan. */
  static final int MAX_ENTRIES = 1 << 18;

  private final String table;
  private byte[][] rows = new byte[1 << 8][];
  private byte[][] columns = new byte[rows.length][];
  private byte[][] labels = new byte[rows.length][];
  private byte[][] values = new byte[rows.length][];
  private int size;

  private TransposedRows(String table) {
    this.table = table;
  }

  /**
   * Reads every entry {@code remote} gives (T's rows S) and holds it transposed.
   *
   * @throws IllegalStateException past {@value #MAX_ENTRIES} entries
   */
  static TransposedRows read(String table, SortedKeyValueIterator<Key, Value> remote)
      throws IOException {
    TransposedRows t = new TransposedRows(table);
    SkviEntrySource s = new SkviEntrySource(table, remote, new Range(), Set.of(), false).start();
    for (; s.hasTop(); s.next()) {
      if (t.size == MAX_ENTRIES) {
        throw new IllegalStateException(
            "the rows of '"
                + table
                + "' asked for hold more than "
                + MAX_ENTRIES
                + " entries, the bound a tablet server holds for a 2-hop request; ask for fewer"
                + " vertices");
      }
      t.add(s.column(), s.row(), s.visibility(), s.value().clone());
    }
    t.sort();
    return t;
  }

  private void add(byte[] k, byte[] s, byte[] label, byte[] value) {
    if (size == rows.length) {
      int n = 2 * size;
      rows = Arrays.copyOf(rows, n);
      columns = Arrays.copyOf(columns, n);
      labels = Arrays.copyOf(labels, n);
      values = Arrays.copyOf(values, n);
    }
    rows[size] = k;
    columns[size] = s;
    labels[size] = label;
    values[size++] = value;
  }

  /** Into AT's key order: row k, then column s, then the label, unsigned as Accumulo sorts. */
  private void sort() {
    Integer[] order = new Integer[size];
    Arrays.setAll(order, x -> x);
    Arrays.sort(
        order,
        (x, y) -> {
          int c = Arrays.compareUnsigned(rows[x], rows[y]);
          if (c == 0) {
            c = Arrays.compareUnsigned(columns[x], columns[y]);
          }
          return c != 0 ? c : Arrays.compareUnsigned(labels[x], labels[y]);
        });
    rows = permuted(rows, order);
    columns = permuted(columns, order);
    labels = permuted(labels, order);
    values = permuted(values, order);
  }

  private byte[][] permuted(byte[][] arrays, Integer[] order) {
    byte[][] out = new byte[size][];
    for (int x = 0; x < size; x++) {
      out[x] = arrays[order[x]];
    }
    return out;
  }

  /** Entries held, for the read's count. */
  int size() {
    return size;
  }

  /** AT's entries whose row k lies in {@code range}'s rows, as the kernel reads AT. */
  EntrySource within(Range range) {
    int from = first(x -> !range.beforeStartKey(new Key(rows[x])), 0, size);
    int to = first(x -> range.afterEndKey(new Key(rows[x])), from, size);
    return new View(from, to);
  }

  /** The first index in [from, to) where {@code at} holds (it holds from there on), else to. */
  private static int first(IntPredicate at, int from, int to) {
    int lo = from;
    int hi = to;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (at.test(mid)) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  /** One seek's entries: an index moving within [from, to). */
  private final class View implements EntrySource {
    private final int from;
    private final int to;
    private int at;

    View(int from, int to) {
      this.from = from;
      this.to = to;
      this.at = from;
    }

    @Override
    public String table() {
      return table;
    }

    @Override
    public boolean hasTop() {
      return at < to;
    }

    @Override
    public byte[] row() {
      return rows[at];
    }

    @Override
    public byte[] column() {
      return columns[at];
    }

    @Override
    public byte[] visibility() {
      return labels[at];
    }

    @Override
    public byte[] value() {
      return values[at];
    }

    @Override
    public void next() {
      at++;
    }

    @Override
    public void seekRow(byte[] row) {
      at = first(x -> Arrays.compareUnsigned(rows[x], row) >= 0, at, to);
    }

    @Override
    public void rewindToRow(byte[] row) {
      at = first(x -> Arrays.compareUnsigned(rows[x], row) >= 0, from, to);
    }
  }
}
