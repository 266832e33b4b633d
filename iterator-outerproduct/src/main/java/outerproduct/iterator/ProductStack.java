package outerproduct.iterator;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.TableNotFoundException;
import outerproduct.kernel.accumulo.RowRangesIterator;
import outerproduct.kernel.accumulo.ServerCode;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;

/**
 * The iterators under {@link TableMult}'s write iterator on its scan of B: the outer product with
 * AT ({@link TwoTableIterator}), or with B's selection matrix for {@code rowsOf} (the kernel's row
 * filter when the rows are several ranges, then {@link SelectRowsIterator}).
 */
public final class ProductStack {
  /** Priorities on the scan of B: above the table's own (versioning is 20), under the write's. */
  static final int ROW_FILTER_PRIORITY = 22;

  static final int TWO_TABLE_PRIORITY = 25;

  private ProductStack() {}

  /**
   * Whether the tablet servers of {@code b} can load the stack and C's combiner, and those of
   * {@code at} (may be null) the kernel's filters when its scans carry them (docs/deploy.md), each
   * in its table's class loader context: a scan naming a class they lack fails with the bare "Error
   * on server".
   *
   * @throws IllegalArgumentException naming the table, the class and how to install it
   */
  static void requireLoadable(
      AccumuloClient client, String at, String b, RowRanges rows, ColumnFilter atColumns) {
    try {
      ServerCode.requireLoadable(client, b, TwoTableIterator.class, SemiringCombiner.class);
      ServerCode.requireFilters(client, rows, at, atColumns, b, null);
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException e) {
      throw new CompletionException(e);
    }
  }

  /** Why the tablet servers of {@code b} cannot run TableMult (the server jar missing), if so. */
  public static Optional<String> missingServerCode(AccumuloClient client, String b)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    return ServerCode.missing(client, b, TwoTableIterator.class, SemiringCombiner.class);
  }

  /**
   * The iterators that form a multiply's products on the scan of B: the outer product with AT, or
   * with B's selection matrix (the rows asked for, by the kernel's row filter) when AT is null.
   */
  static List<IteratorSetting> products(
      String at,
      String b,
      String semiring,
      RowRanges rows,
      ColumnFilter atColumns,
      ColumnFilter bColumns,
      CredentialFile credentials) {
    return at == null
        ? new ArrayList<>(selection(rows))
        : new ArrayList<>(
            List.of(outerProduct(at, b, semiring, rows, atColumns, bColumns, credentials)));
  }

  /** The outer product of AT's and B's rows k, restricted to {@code rows} and the columns. */
  static IteratorSetting outerProduct(
      String at,
      String b,
      String semiring,
      RowRanges rows,
      ColumnFilter atColumns,
      ColumnFilter bColumns,
      CredentialFile credentials) {
    IteratorSetting s =
        new IteratorSetting(TWO_TABLE_PRIORITY, "tableMultProduct", TwoTableIterator.class);
    TwoTableIterator.setSemiring(s, semiring);
    TwoTableIterator.setAt(s, at, credentials);
    TwoTableIterator.setBTable(s, b);
    if (!rows.isAll()) {
      // A subset is an interactive request (ResultScan#ofWholeTables): its rows of AT stay cached.
      TwoTableIterator.setAtRows(s, rows);
      TwoTableIterator.setAtInteractive(s);
    }
    if (atColumns != null) {
      TwoTableIterator.setAtColumns(s, atColumns);
    }
    if (bColumns != null) {
      TwoTableIterator.setBColumns(s, bColumns);
    }
    return s;
  }

  /** B's entries of {@code rows}, each as its own partial product. */
  static List<IteratorSetting> selection(RowRanges rows) {
    List<IteratorSetting> stack = new ArrayList<>();
    if (!rows.isAll() && rows.ranges().size() > 1) {
      IteratorSetting filter = RowRangesIterator.setting(rows);
      filter.setPriority(ROW_FILTER_PRIORITY);
      stack.add(filter);
    }
    stack.add(new IteratorSetting(TWO_TABLE_PRIORITY, "tableMultSelect", SelectRowsIterator.class));
    return stack;
  }
}
