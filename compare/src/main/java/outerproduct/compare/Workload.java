package outerproduct.compare;

import outerproduct.kernel.cli.Choice;

/** What the harness asks of each engine (docs/format.md names and defines them). */
enum Workload implements Choice {
  /** C for all rows of AT and B. */
  WHOLE("whole"),
  /** C for row subsets drawn with a fixed seed, answered one request after another or in flight. */
  QUEUED("queued");

  private final String label;

  Workload(String label) {
    this.label = label;
  }

  @Override
  public String label() {
    return label;
  }
}
