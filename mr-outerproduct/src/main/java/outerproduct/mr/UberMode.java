package outerproduct.mr;

import outerproduct.kernel.cli.Choice;
import outerproduct.kernel.d4m.RowRanges;

/**
 * Whether the job runs inside its ApplicationMaster's JVM (Hadoop's uber mode: no container start
 * per task). It pays for row subsets, whose few maps cost more to start than to run; at most 9 maps
 * and one reducer qualify.
 */
public enum UberMode implements Choice {
  /** Uber for a row subset, not for the whole table. */
  AUTO("auto"),
  ON("on"),
  OFF("off");

  private final String label;

  UberMode(String label) {
    this.label = label;
  }

  @Override
  public String label() {
    return label;
  }

  /** Whether a multiply over {@code rows} runs uber. */
  public boolean appliesTo(RowRanges rows) {
    return this == ON || (this == AUTO && !rows.isAll());
  }
}
