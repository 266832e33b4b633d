package outerproduct.compare;

import org.apache.accumulo.core.client.AccumuloClient;
import outerproduct.compare.engine.Engine;
import outerproduct.kernel.accumulo.ProductEstimate;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.SparseMatrix;

/**
 * AT and B of one SCALE as loaded (table names) and as matrices (for the oracle and counts), with
 * the engine settings every run on them uses.
 */
record ScaleInputs(
    int scale,
    String at,
    String b,
    SparseMatrix a,
    SparseMatrix bMatrix,
    Engine.Settings settings) {

  /**
   * The partial products of asking for {@code rows}, counted from the inputs' degree tables (the
   * harness loads them with the inputs); null if the inputs have none.
   */
  ProductEstimate.Estimate estimate(AccumuloClient client, RowRanges rows) throws Exception {
    try {
      return ProductEstimate.of(client, at, b, rows, false);
    } catch (IllegalArgumentException noDegreeTables) {
      return null;
    }
  }

  /** Rows of AT: the whole-table workload's row count. */
  int rowsOfAt() {
    return a.rowIds().size();
  }
}
