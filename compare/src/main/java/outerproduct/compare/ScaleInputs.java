package outerproduct.compare;

import outerproduct.compare.engine.Engine;
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

  /** Rows of AT: the whole-table workload's row count. */
  int rowsOfAt() {
    return a.rowIds().size();
  }
}
