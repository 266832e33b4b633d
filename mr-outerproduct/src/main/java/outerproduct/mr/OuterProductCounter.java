package outerproduct.mr;

/** What the job counts; the job's result and the reports read these. */
public enum OuterProductCounter {
  /** Rows k present in both AT and B (within the row subset). */
  ROWS_ALIGNED,
  /** AT(k,i) ⊗ B(k,j) products emitted by the mappers. */
  PARTIAL_PRODUCTS,
  /**
   * Cells into and out of the Hadoop combiner (⊕ before the shuffle): its records when each is one
   * cell, the cells of its stripes otherwise.
   */
  COMBINER_IN,
  COMBINER_OUT,
  /** Cells of C written by the reducers. */
  ENTRIES_WRITTEN,
  /** Cells of C whose sum was the semiring's zero and were dropped (only with remove-zeros). */
  ZEROS_REMOVED,
  /**
   * Input entries refused: values the semiring rejected and entries with a column family; each also
   * fails its task, naming the table, the key and what is wrong with it.
   */
  BAD_VALUES
}
