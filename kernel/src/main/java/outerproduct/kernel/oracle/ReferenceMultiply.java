package outerproduct.kernel.oracle;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.kernel.semiring.Semiring;

/**
 * The in-memory reference multiply {@code C = ATᵀ ⊕.⊗ B} that every engine's C is checked against.
 * Deliberately shares no code with the streaming kernel (no alignment, no held row): it indexes B
 * by row in a map and loops. Memory grows with the tables; tests and the harness only.
 */
public final class ReferenceMultiply {
  private ReferenceMultiply() {}

  /** Whole tables. */
  public static <T> SparseMatrix multiply(Semiring<T> semiring, SparseMatrix at, SparseMatrix b) {
    return multiply(semiring, at, b, RowRanges.all(), null, null);
  }

  /**
   * @param rows the shared rows k to use
   * @param atColumns if not null, only these columns of AT (rows i of C)
   * @param bColumns if not null, only these columns of B (columns j of C)
   * @return C with values in canonical form
   */
  public static <T> SparseMatrix multiply(
      Semiring<T> semiring,
      SparseMatrix at,
      SparseMatrix b,
      RowRanges rows,
      ColumnFilter atColumns,
      ColumnFilter bColumns) {
    HashMap<String, HashMap<String, T>> sums = new HashMap<>();
    for (String k : at.rowIds()) {
      if (!rows.contains(k.getBytes(StandardCharsets.UTF_8))) {
        continue;
      }
      Map<String, String> bRow = b.row(k);
      if (bRow.isEmpty()) {
        continue;
      }
      for (Map.Entry<String, String> atEntry : at.row(k).entrySet()) {
        String i = atEntry.getKey();
        if (atColumns != null && !atColumns.contains(i)) {
          continue;
        }
        T a = decode(semiring, "AT", k, i, atEntry.getValue());
        HashMap<String, T> cRow = sums.computeIfAbsent(i, x -> new HashMap<>());
        for (Map.Entry<String, String> bEntry : bRow.entrySet()) {
          String j = bEntry.getKey();
          if (bColumns != null && !bColumns.contains(j)) {
            continue;
          }
          T product = semiring.times(a, decode(semiring, "B", k, j, bEntry.getValue()));
          cRow.merge(j, product, semiring::plus);
        }
      }
    }
    SparseMatrix c = new SparseMatrix();
    sums.forEach(
        (i, cRow) ->
            cRow.forEach(
                (j, v) -> c.put(i, j, new String(semiring.encode(v), StandardCharsets.UTF_8))));
    return c;
  }

  /**
   * The partial products of multiplying over {@code rows}: Σ over the shared rows k of |AT row k| ×
   * |B row k|, counted from the matrices (what the engines report and the degree tables estimate).
   */
  public static long partialProducts(SparseMatrix at, SparseMatrix b, RowRanges rows) {
    long n = 0;
    for (String k : at.rowIds()) {
      if (rows.contains(k.getBytes(StandardCharsets.UTF_8))) {
        n += (long) at.row(k).size() * b.row(k).size();
      }
    }
    return n;
  }

  static <T> T decode(Semiring<T> semiring, String table, String row, String col, String value) {
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    try {
      return semiring.decode(bytes);
    } catch (IllegalArgumentException e) {
      throw new BadValueException(
          table,
          row.getBytes(StandardCharsets.UTF_8),
          col.getBytes(StandardCharsets.UTF_8),
          bytes,
          semiring.name(),
          e);
    }
  }
}
