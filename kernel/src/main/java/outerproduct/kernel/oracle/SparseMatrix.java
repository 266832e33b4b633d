package outerproduct.kernel.oracle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import outerproduct.kernel.d4m.ByteOrder;

/**
 * An in-memory sparse matrix of raw stored values, sorted as Accumulo sorts keys. For tests, the
 * oracle and the harness's checks only: it holds the whole matrix, which no engine may do.
 */
public final class SparseMatrix {
  /** One stored entry. */
  public record Entry(String row, String column, String value) {}

  private final TreeMap<String, TreeMap<String, String>> rows = new TreeMap<>(ByteOrder.STRINGS);
  private long nnz;

  /** Sets an entry, replacing any value there. */
  public SparseMatrix put(String row, String column, String value) {
    String old =
        rows.computeIfAbsent(row, r -> new TreeMap<>(ByteOrder.STRINGS)).put(column, value);
    if (old == null) {
      nnz++;
    }
    return this;
  }

  public String get(String row, String column) {
    Map<String, String> r = rows.get(row);
    return r == null ? null : r.get(column);
  }

  public long nnz() {
    return nnz;
  }

  public Map<String, String> row(String row) {
    Map<String, String> r = rows.get(row);
    return r == null ? Map.of() : Collections.unmodifiableMap(r);
  }

  /** Row ids in Accumulo order. */
  public List<String> rowIds() {
    return new ArrayList<>(rows.keySet());
  }

  /** Entries in Accumulo key order. */
  public List<Entry> entries() {
    List<Entry> out = new ArrayList<>((int) Math.min(nnz, Integer.MAX_VALUE));
    rows.forEach((r, cols) -> cols.forEach((c, v) -> out.add(new Entry(r, c, v))));
    return out;
  }

  public SparseMatrix transpose() {
    SparseMatrix t = new SparseMatrix();
    rows.forEach((r, cols) -> cols.forEach((c, v) -> t.put(c, r, v)));
    return t;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SparseMatrix other && rows.equals(other.rows);
  }

  @Override
  public int hashCode() {
    return rows.hashCode();
  }

  @Override
  public String toString() {
    return "SparseMatrix(nnz=" + nnz + ", rows=" + rows.size() + ")";
  }
}
