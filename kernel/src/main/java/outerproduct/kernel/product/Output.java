package outerproduct.kernel.product;

import outerproduct.kernel.cli.Choice;

/**
 * How an engine puts a multiply's cells into C. Both engines offer both: the iterator engine's
 * tablet servers and the MapReduce engine's reducers either write C through BatchWriters as they
 * go, or stage sorted files that C receives in one bulk import at the end.
 */
public enum Output implements Choice {
  /**
   * Mutations through BatchWriters (the iterator engine's tablet servers, or reducers'
   * AccumuloOutputFormat).
   */
  BATCH_WRITER("batchwriter"),
  /**
   * Sorted files staged on the instance's file system and imported into C once, when every tablet
   * or reducer is done; needs System permission SYSTEM and Table permission BULK_IMPORT on C.
   */
  BULK("bulk");

  private final String label;

  Output(String label) {
    this.label = label;
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public String toString() {
    return label;
  }
}
