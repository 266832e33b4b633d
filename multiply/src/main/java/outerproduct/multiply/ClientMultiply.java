package outerproduct.multiply;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.accumulo.ColumnFamilyException;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.accumulo.InputTables;
import outerproduct.kernel.accumulo.Ranges;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.accumulo.RowRangesIterator;
import outerproduct.kernel.accumulo.ScanEntrySource;
import outerproduct.kernel.accumulo.ScanTypes;
import outerproduct.kernel.accumulo.ServerCode;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.product.Cancellation;
import outerproduct.kernel.product.ColumnFilteredSource;
import outerproduct.kernel.product.EntrySource;
import outerproduct.kernel.product.MultiplyCancelledException;
import outerproduct.kernel.product.OuterProduct;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.kernel.semiring.ValueEncoding;

/**
 * The client path ({@link ExecutionPath#CLIENT}, D4M's way): scan AT and B to the caller, multiply
 * there through the kernel, hold C in the caller's memory, BatchWrite it. It holds all of C by
 * design, so it runs only where C fits ({@link #cellBudget()}); for small requests it has no fixed
 * cost on the servers at all, which is why {@code auto} considers it, and why the harness measures
 * the server-side engines against it.
 *
 * <p>Because it holds C, its memory grows with C and with the multiplies running at once. All of
 * them together may hold at most {@link #cellBudget()} cells (half the heap at an estimated {@value
 * #BYTES_PER_CELL} bytes per cell); a multiply that would pass it stops with {@link
 * MemoryBudgetExceededException} and writes nothing, instead of running the JVM, and with it every
 * other run of the harness, out of memory.
 *
 * <p>It reads a row subset as the server-side engines do: one scan of the subset's span per table,
 * filtered on the tablet servers by the kernel's {@code RowRangesIterator} (so the kernel must be
 * on their classpath, as it is wherever the iterator engine is deployed).
 */
public final class ClientMultiply {
  /** Counts of one run. */
  public record Result(
      long rowsAligned,
      long partialProducts,
      long entriesWritten,
      double seconds,
      double prepareSeconds) {}

  /**
   * Heap per held cell of C: a HashMap node, the cell record with three Texts and their byte
   * arrays, and a boxed value; about 220 bytes for Graph500 ids, rounded up.
   */
  static final int BYTES_PER_CELL = 256;

  private static final AtomicLong CELLS_HELD = new AtomicLong();

  /** Thrown when the client's C would pass the budget shared by all running client multiplies. */
  public static final class MemoryBudgetExceededException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    MemoryBudgetExceededException(String message) {
      super(message);
    }
  }

  /** Cells of C the running client multiplies hold now. */
  static long cellsHeld() {
    return CELLS_HELD.get();
  }

  /** Gives back {@code cells} of the budget, once a multiply no longer holds them. */
  static void release(long cells) {
    CELLS_HELD.addAndGet(-cells);
  }

  /** Cells of C that all running client multiplies together may hold. */
  public static long cellBudget() {
    return Runtime.getRuntime().maxMemory() / 2 / BYTES_PER_CELL;
  }

  private ClientMultiply() {}

  /**
   * Multiplies within the budget {@link #cellBudget()} of this JVM, with only the columns of AT
   * ({@code atColumns}, rows of C) and of B ({@code bColumns}, columns of C) that the filters name;
   * null: every column.
   *
   * @throws IllegalArgumentException if C equals an input or holds entries: C is a new table,
   *     created here or by the caller
   * @throws MemoryBudgetExceededException if C would not fit; nothing is written, and a C this call
   *     created is deleted
   * @throws MultiplyCancelledException once {@code cancellation} is cancelled before anything is
   *     written: C is then as it was, or deleted if this call created it
   */
  public static <T> Result multiply(
      AccumuloClient client,
      Semiring<T> semiring,
      String at,
      String b,
      String c,
      RowRanges rows,
      ColumnFilter atColumns,
      ColumnFilter bColumns,
      Authorizations auths,
      Cancellation cancellation)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException, IOException {
    Tables tables = new Tables(at, b, c, cancellation);
    return multiply(client, semiring, tables, rows, atColumns, bColumns, auths, cellBudget());
  }

  /** As the public multiply, with a given budget. */
  static <T> Result multiply(
      AccumuloClient client,
      Semiring<T> semiring,
      Tables tables,
      RowRanges rows,
      ColumnFilter atColumns,
      ColumnFilter bColumns,
      Authorizations auths,
      long cellBudget)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException, IOException {
    String at = tables.at();
    String b = tables.b();
    String c = tables.c();
    CompletableFuture<Void> inputs = checkInputs(client, semiring, at, b, c, auths);
    // Created before the clock starts, as the server-side engines' C is.
    long prepareBegin = System.nanoTime();
    boolean created = createOrCheckEmpty(client, c, Semirings.encodingOf(semiring.name()));
    String before = ResultState.claim(client, c, "client", ResultState.Reuse.NONE);
    long begin = System.nanoTime();
    double prepareSeconds = (begin - prepareBegin) / 1e9;
    Map<Cell, T> sums = new HashMap<>();
    boolean writing = false;
    try {
      ServerCode.requireFilters(client, rows, at, atColumns, b, bColumns);
      long[] counts =
          sumProducts(client, semiring, tables, rows, atColumns, bColumns, auths, sums, cellBudget);
      InputTables.await(inputs);
      if (!sums.isEmpty()) {
        awaitHosted(client, c);
      }
      tables.cancellation().throwIfRequested("client path");
      writing = true;
      write(client, semiring, c, sums);
      ResultState.complete(client, c);
      return new Result(
          counts[0], counts[1], sums.size(), (System.nanoTime() - begin) / 1e9, prepareSeconds);
    } catch (BadValueException | ColumnFamilyException | ArithmeticException e) {
      // a stored entry or a sum the multiply refuses, found before writing: a failed multiply
      // (exit 1 at the command line, as on the server-side paths), not a mistaken argument;
      // unless the inputs' checks refused the request first (values stored in another encoding)
      awaitRefusal(inputs, client, c, created, before);
      throw new IllegalStateException(
          "client path: "
              + e.getMessage()
              + "; nothing was written, "
              + leave(client, c, created, before),
          e);
    } catch (MultiplyCancelledException e) {
      throw new MultiplyCancelledException(
          e.getMessage() + " before writing; " + leave(client, c, created, before));
    } catch (AccumuloException | TableNotFoundException | IOException | RuntimeException e) {
      if (writing) {
        ResultState.incomplete(client, c, String.valueOf(e.getMessage()));
      } else {
        leave(client, c, created, before);
      }
      throw e;
    } finally {
      CELLS_HELD.addAndGet(-sums.size());
    }
  }

  /**
   * Starts the checks of the inputs, to run beside the scans as the iterator engine runs them (a
   * missing input, one the user may not read or one without an entry the user may read is refused,
   * not multiplied to an empty C); their outcome is awaited before anything is written.
   */
  private static CompletableFuture<Void> checkInputs(
      AccumuloClient client,
      Semiring<?> semiring,
      String at,
      String b,
      String c,
      Authorizations auths) {
    if (c.equals(at) || c.equals(b)) {
      throw new IllegalArgumentException(
          "result table '" + c + "' must differ from inputs '" + at + "' and '" + b + "'");
    }
    return InputTables.checkReadableLater(
        client, Semirings.encodingOf(semiring.name()), auths, at, b);
  }

  /** Throws the inputs' checks' refusal, if any, after leaving C as it was. */
  private static void awaitRefusal(
      CompletableFuture<Void> inputs,
      AccumuloClient client,
      String c,
      boolean created,
      String before)
      throws AccumuloException, AccumuloSecurityException {
    try {
      InputTables.await(inputs);
    } catch (IllegalArgumentException refused) {
      leave(client, c, created, before);
      throw refused;
    }
  }

  /**
   * Leaves C as it was before a multiply that failed before writing (a C it created: deleted), and
   * says what became of it.
   */
  private static String leave(AccumuloClient client, String c, boolean created, String before)
      throws AccumuloException, AccumuloSecurityException {
    if (!created) {
      ResultState.release(client, c, before);
      return "result table '" + c + "' is as it was";
    }
    try {
      client.tableOperations().delete(c);
    } catch (TableNotFoundException gone) {
      // deleted meanwhile: as absent as this multiply leaves it
    }
    return "result table '" + c + "', created by this multiply, was deleted";
  }

  private static <T> void write(
      AccumuloClient client, Semiring<T> semiring, String c, Map<Cell, T> sums)
      throws AccumuloException, TableNotFoundException {
    try (BatchWriter writer = client.createBatchWriter(c)) {
      for (Map.Entry<Cell, T> e : sums.entrySet()) {
        Cell cell = e.getKey();
        Mutation m = new Mutation(cell.row());
        m.at()
            .family("")
            .qualifier(cell.column())
            .visibility(cell.visibility())
            .put(new Value(semiring.encode(e.getValue())));
        writer.addMutation(m);
      }
    }
  }

  /**
   * Creates C, or accepts a C that a caller created for this multiply if it holds nothing: the
   * baseline writes each cell once, so adding to earlier entries would replace them, not sum.
   *
   * @return whether it created C
   */
  private static boolean createOrCheckEmpty(AccumuloClient client, String c, ValueEncoding encoding)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    // Looked up first: a create refused because the table exists is a round trip to the manager.
    if (!client.tableOperations().exists(c)) {
      try {
        client.tableOperations().create(c, FileCompression.newTable(encoding));
        return true;
      } catch (TableExistsException e) {
        // created meanwhile by another client: checked below like a prepared C
      }
    }
    if (!ResultState.isEmpty(client, c)) {
      throw new IllegalArgumentException(
          "result table '" + c + "' already holds entries; the client path writes a new C");
    }
    return false;
  }

  /**
   * Returns once every tablet of the just-created {@code c} has a tablet server, polling as {@code
   * locate} does (from 0.1 s, growing). Without it a small multiply reaches its BatchWriter before
   * the manager has assigned C's tablet, and the writer requeues mutations it could not place only
   * after holding them at least 1 s: 1-row requests then took 1.5 s instead of 0.1 s. The iterator
   * engine waits for C's hosting the same way, on its clock.
   */
  private static void awaitHosted(AccumuloClient client, String c)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    client.tableOperations().locate(c, List.of(new Range()));
  }

  /** Sums every partial product into {@code sums}; returns {rows aligned, partial products}. */
  static <T> long[] sumProducts(
      AccumuloClient client,
      Semiring<T> semiring,
      Tables tables,
      RowRanges rows,
      ColumnFilter atColumns,
      ColumnFilter bColumns,
      Authorizations auths,
      Map<Cell, T> sums,
      long budget)
      throws TableNotFoundException, IOException {
    // One scan of the subset's span per table, the tablet server skipping the rows between, as
    // the server-side engines read it: a scan per row range costs a round trip each, which for
    // a 1,024-row subset is most of the request.
    Range span = rows.isAll() ? new Range() : Ranges.span(rows);
    String c = tables.c();
    try (Scanner atScan = client.createScanner(tables.at(), auths);
        Scanner bScan = client.createScanner(tables.b(), auths)) {
      for (Scanner scan : List.of(atScan, bScan)) {
        scan.setRange(span);
        if (!rows.isAll()) {
          // A subset is an interactive request, whose rows a service reads again and again.
          ScanTypes.hint(scan, ScanTypes.INTERACTIVE_SOURCE);
        }
        if (rows.ranges().size() > 1) {
          scan.addScanIterator(RowRangesIterator.setting(rows));
        }
      }
      OuterProduct<T> product =
          new OuterProduct<>(
              semiring,
              filtered(ScanEntrySource.of(tables.at(), atScan), atColumns),
              filtered(new ScanEntrySource(tables.b(), bScan.iterator()), bColumns));
      while (product.advance()) {
        if ((product.partialProducts() & CANCEL_CHECK_MASK) == 0) {
          tables.cancellation().throwIfRequested("client path");
        }
        int before = sums.size();
        Cell cell =
            new Cell(new Text(product.i()), new Text(product.j()), new Text(product.visibility()));
        sum(sums, cell, product.value(), semiring, c);
        if (sums.size() > before && CELLS_HELD.incrementAndGet() > budget) {
          throw new MemoryBudgetExceededException(
              "client baseline: C of '"
                  + c
                  + "' would pass the "
                  + budget
                  + " cells that the client multiplies running in this JVM may hold together"
                  + " (half of its "
                  + Runtime.getRuntime().maxMemory() / (1 << 20)
                  + " MB heap at about "
                  + BYTES_PER_CELL
                  + " bytes per cell); it held "
                  + sums.size()
                  + " cells. Nothing was written, and a C this multiply created is deleted. Give"
                  + " the JVM more heap or run fewer client multiplies at once.");
        }
      }
      return new long[] {product.rowsAligned(), product.partialProducts()};
    }
  }

  /** ⊕-s {@code value} into {@code cell}, an overflow named by the cell. */
  private static <T> void sum(
      Map<Cell, T> sums, Cell cell, T value, Semiring<T> semiring, String c) {
    try {
      sums.merge(cell, value, semiring::plus);
    } catch (ArithmeticException e) {
      throw new ArithmeticException(
          e.getMessage()
              + " summing C of '"
              + c
              + "' at row '"
              + cell.row()
              + "', column '"
              + cell.column()
              + "'");
    }
  }

  private static EntrySource filtered(EntrySource source, ColumnFilter columns) throws IOException {
    return columns == null ? source : new ColumnFilteredSource(source, columns);
  }

  /** Products between two looks at the cancellation, less one: a power of two. */
  private static final long CANCEL_CHECK_MASK = (1 << 12) - 1;

  /** The input tables, the name C goes by in messages, and what stops the multiply. */
  record Tables(String at, String b, String c, Cancellation cancellation) {}

  /** A cell of C: products with different visibilities are summed apart, as on the servers. */
  record Cell(Text row, Text column, Text visibility) {}
}
