package outerproduct.kernel.oracle;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import outerproduct.kernel.d4m.ByteOrder;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.semiring.Semiring;

/**
 * The oracle's checksum of C = ATᵀ ⊕.⊗ B (docs/format.md) without holding C: AT is indexed by its
 * columns i, the rows of C, and C is formed one row at a time (row i = the ⊕ over AT's column i of
 * AT(k,i) ⊗ B(k,:)), each row summed into the checksum and dropped; the checksum being a sum over
 * entries, rows are formed on every core at once. Memory is the inputs (held anyway), that index
 * and B's rows decoded, plus one row of C per core, whatever C's size; time is one step per partial
 * product, spread over the cores. Like {@link ReferenceMultiply} it shares no code with the
 * streaming kernel.
 */
public final class RowByRowOracle {
  /** C's checksum and entry count, and the partial products formed. */
  public record Result(String checksum, long nnz, long partialProducts) {}

  /** A row of B with its values decoded once, for every row i of C that reaches it. */
  private record DecodedRow<T>(String[] columns, List<T> values) {}

  private RowByRowOracle() {}

  public static <T> Result checksum(Semiring<T> semiring, SparseMatrix at, SparseMatrix b) {
    return checksum(semiring, at, b, RowRanges.all(), null, null);
  }

  /**
   * @param rows the shared rows k to use
   * @param atColumns if not null, only these columns of AT (rows i of C)
   * @param bColumns if not null, only these columns of B (columns j of C)
   */
  public static <T> Result checksum(
      Semiring<T> semiring,
      SparseMatrix at,
      SparseMatrix b,
      RowRanges rows,
      ColumnFilter atColumns,
      ColumnFilter bColumns) {
    Map<String, DecodedRow<T>> bRows = new HashMap<>();
    TreeMap<String, List<String[]>> atByColumn = new TreeMap<>(ByteOrder.STRINGS);
    for (String k : at.rowIds()) {
      if (!rows.contains(k.getBytes(StandardCharsets.UTF_8)) || b.row(k).isEmpty()) {
        continue;
      }
      DecodedRow<T> bRow = decoded(semiring, b, k, bColumns);
      if (bRow.columns().length == 0) {
        continue;
      }
      bRows.put(k, bRow);
      at.row(k)
          .forEach(
              (i, value) -> {
                if (atColumns == null || atColumns.contains(i)) {
                  atByColumn
                      .computeIfAbsent(i, x -> new ArrayList<>())
                      .add(new String[] {k, value});
                }
              });
    }
    // The checksum is a sum over entries (docs/format.md), so rows may be formed in any order and
    // on every core, each thread adding its rows into its own part.
    RowSums<T> sums =
        new ArrayList<>(atByColumn.entrySet())
            .parallelStream()
                .collect(
                    () -> new RowSums<>(semiring, bRows),
                    (part, column) -> part.add(column.getKey(), column.getValue()),
                    RowSums::plus);
    return new Result(sums.checksum.hex(), sums.checksum.entries(), sums.partialProducts);
  }

  /** The rows of C one thread formed: their checksum and partial products. */
  private static final class RowSums<T> {
    private final Semiring<T> semiring;
    private final Map<String, DecodedRow<T>> bRows;
    private final ResultChecksum checksum = new ResultChecksum();
    private long partialProducts;

    RowSums(Semiring<T> semiring, Map<String, DecodedRow<T>> bRows) {
      this.semiring = semiring;
      this.bRows = bRows;
    }

    /** Forms row i of C from AT's column i ({@code (k, value)} pairs) and adds its entries. */
    void add(String i, List<String[]> column) {
      HashMap<String, T> cRow = new HashMap<>();
      for (String[] kAndValue : column) {
        T a = ReferenceMultiply.decode(semiring, "AT", kAndValue[0], i, kAndValue[1]);
        DecodedRow<T> bRow = bRows.get(kAndValue[0]);
        for (int n = 0; n < bRow.columns().length; n++) {
          cRow.merge(bRow.columns()[n], semiring.times(a, bRow.values().get(n)), semiring::plus);
        }
        partialProducts += bRow.columns().length;
      }
      cRow.forEach(
          (j, value) ->
              checksum.add(i, j, new String(semiring.encode(value), StandardCharsets.UTF_8)));
    }

    void plus(RowSums<T> other) {
      checksum.plus(other.checksum);
      partialProducts += other.partialProducts;
    }
  }

  private static <T> DecodedRow<T> decoded(
      Semiring<T> semiring, SparseMatrix b, String k, ColumnFilter bColumns) {
    List<String> columns = new ArrayList<>();
    List<T> values = new ArrayList<>();
    b.row(k)
        .forEach(
            (j, value) -> {
              if (bColumns == null || bColumns.contains(j)) {
                columns.add(j);
                values.add(ReferenceMultiply.decode(semiring, "B", k, j, value));
              }
            });
    return new DecodedRow<>(columns.toArray(String[]::new), values);
  }
}
