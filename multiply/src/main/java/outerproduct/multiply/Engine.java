package outerproduct.multiply;

import outerproduct.kernel.cli.Choice;

/** The engines one multiply can run on, by the names commands and records give them. */
public enum Engine implements Choice {
  /** Whichever of the others the estimate and the calibration say finishes first. */
  AUTO("auto"),
  /** The iterator engine: {@code outerproduct.iterator.TableMult}. */
  ITERATOR("iterator"),
  /** The MapReduce engine: {@code outerproduct.mr.MapReduceMultiply}. */
  MR("mr");

  private final String label;

  Engine(String label) {
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
