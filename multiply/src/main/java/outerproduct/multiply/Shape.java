package outerproduct.multiply;

import outerproduct.kernel.cli.Choice;
import outerproduct.kernel.d4m.RowRanges;

/**
 * Whether a multiply asks for every shared row or a subset. The engines run the two differently
 * (the MapReduce engine runs a subset inside its ApplicationMaster, the iterator engine pre-sums a
 * subset's products), so each has a cost line per shape.
 */
public enum Shape implements Choice {
  WHOLE("whole"),
  SUBSET("subset");

  private final String label;

  Shape(String label) {
    this.label = label;
  }

  public static Shape of(RowRanges rows) {
    return rows.isAll() ? WHOLE : SUBSET;
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
