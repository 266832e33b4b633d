package outerproduct.kernel.product;

import java.util.Objects;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.semiring.Semirings;

/**
 * What every engine's builder asks the same way: C = ATᵀ ⊕.⊗ B over which tables, in which
 * semiring, restricted to which rows k and columns. An engine's builder extends this with how
 * it runs ({@code TableMult}: pre-sum, monitoring; {@code MapReduceMultiply}: reducers, output).
 * Arguments are checked when given, so a bad one fails at the call that passed it.
 *
 * @param <S> the engine's builder, returned by every setter for chaining
 */
public abstract class MultiplyBuilder<S extends MultiplyBuilder<S>> {
  protected String at;
  protected String b;
  protected String c;
  protected String semiring = Semirings.DEFAULT;
  protected RowRanges rows = RowRanges.all();
  protected ColumnFilter atColumns;
  protected ColumnFilter bColumns;
  protected boolean replaceIncomplete;

  /** This builder, typed as the engine's. */
  protected abstract S self();

  /** The table holding AT: rows are the shared dimension k. */
  public S transposeOf(String atTable) {
    this.at = atTable;
    return self();
  }

  public S times(String bTable) {
    this.b = bTable;
    return self();
  }

  public S into(String cTable) {
    this.c = cTable;
    return self();
  }

  /**
   * @param name a built-in semiring or a class name
   * @throws IllegalArgumentException if it names no usable semiring
   */
  public S semiring(String name) {
    Semirings.forName(name);
    this.semiring = name;
    return self();
  }

  /** Shared rows k to use, in D4M syntax. */
  public S rows(String d4mRows) {
    this.rows = RowRanges.parse(d4mRows);
    return self();
  }

  public S rows(RowRanges rows) {
    this.rows = Objects.requireNonNull(rows);
    return self();
  }

  /** Columns of AT to use, i.e. rows of C, in D4M syntax. */
  public S atColumns(String d4mColumns) {
    this.atColumns = ColumnFilter.parse(d4mColumns);
    return self();
  }

  /** Columns of B to use, i.e. columns of C, in D4M syntax. */
  public S bColumns(String d4mColumns) {
    this.bColumns = ColumnFilter.parse(d4mColumns);
    return self();
  }

  /** @throws IllegalArgumentException naming the builder call that was missed */
  protected void requireSet(String call, String table) {
    if (table == null || table.isEmpty()) {
      throw new IllegalArgumentException(getClass().getSimpleName() + ": " + call + " is not set");
    }
  }

  /**
   * Lets the multiply empty a result table that an earlier multiply left unfinished
   * ({@code outerproduct.kernel.accumulo.ResultState}) instead of refusing it.
   */
  public S replaceIncomplete() {
    this.replaceIncomplete = true;
    return self();
  }
}
