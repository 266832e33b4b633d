package outerproduct.multiply;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.accumulo.InputTables;
import outerproduct.kernel.accumulo.ServerCode;
import outerproduct.kernel.answer.Answer;
import outerproduct.kernel.answer.Cell;
import outerproduct.kernel.answer.CellRuns;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.product.Cancellation;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * The client path answering its caller: AT and B scanned here and multiplied through the kernel, as
 * {@link ClientMultiply} does, and the sums handed back as C's cells in key order instead of
 * written into a table. Holds C within the client multiplies' shared budget ({@link
 * ClientMultiply#cellBudget()}) and the request's own bound ({@link Answer}).
 */
final class ClientAnswer {
  private ClientAnswer() {}

  /**
   * @throws IllegalArgumentException for a missing or unreadable input
   * @throws IllegalStateException for a value the semiring refuses, or past the bound
   */
  static <T> Answer answer(
      AccumuloClient client,
      Semiring<T> semiring,
      String at,
      String b,
      RowRanges rows,
      ColumnFilter atColumns,
      ColumnFilter bColumns,
      Authorizations auths,
      long maxCells,
      Cancellation cancellation)
      throws Exception {
    CompletableFuture<Void> inputs =
        InputTables.checkReadableLater(client, Semirings.encodingOf(semiring.name()), auths, at, b);
    Map<ClientMultiply.Cell, T> sums = new HashMap<>();
    try {
      ServerCode.requireFilters(client, rows, at, atColumns, b, bColumns);
      long[] counts;
      try {
        counts =
            ClientMultiply.sumProducts(
                client,
                semiring,
                new ClientMultiply.Tables(at, b, "the answer", cancellation),
                rows,
                atColumns,
                bColumns,
                auths,
                sums,
                Math.min(maxCells, ClientMultiply.cellBudget()));
      } catch (ClientMultiply.MemoryBudgetExceededException e) {
        if (maxCells < ClientMultiply.cellBudget()) {
          throw Answer.overBound("more than " + maxCells + " cells", maxCells);
        }
        throw e;
      } catch (BadValueException | ArithmeticException e) {
        InputTables.await(inputs); // an input's own refusal first
        throw new IllegalStateException("client path: " + e.getMessage(), e);
      }
      InputTables.await(inputs);
      if (sums.size() > maxCells) {
        throw Answer.overBound(sums.size() + " cells", maxCells);
      }
      return new Answer(semiring, List.of(packed(semiring, sums)), counts[1], counts[0]);
    } finally {
      ClientMultiply.release(sums.size());
    }
  }

  /** The sums as one sorted run. */
  private static <T> byte[] packed(Semiring<T> semiring, Map<ClientMultiply.Cell, T> sums) {
    List<Cell> cells = new ArrayList<>(sums.size());
    sums.forEach(
        (cell, value) ->
            cells.add(
                new Cell(
                    bytes(cell.row()),
                    bytes(cell.column()),
                    bytes(cell.visibility()),
                    semiring.encode(value))));
    return CellRuns.sortedRun(cells);
  }

  private static byte[] bytes(Text text) {
    return text.copyBytes();
  }
}
