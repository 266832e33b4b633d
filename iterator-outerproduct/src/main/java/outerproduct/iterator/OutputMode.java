package outerproduct.iterator;

import outerproduct.kernel.cli.Choice;

/** How the tablet servers put a multiply's products into C ({@link TableMult#output}). */
public enum OutputMode implements Choice {
  /** Every tablet's BatchWriters write C's tablet servers as products form (the default). */
  BATCH_WRITER("batchwriter"),
  /** Sorted files staged per tablet, imported in one bulk import when every tablet is done. */
  BULK("bulk");

  private final String label;

  OutputMode(String label) {
    this.label = label;
  }

  @Override
  public String label() {
    return label;
  }
}
