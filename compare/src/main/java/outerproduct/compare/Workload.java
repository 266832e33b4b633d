package outerproduct.compare;

import outerproduct.kernel.cli.Choice;

/** What the harness asks of each engine (docs/format.md names and defines them). */
enum Workload implements Choice {
  /** C for all rows of AT and B. */
  WHOLE("whole"),
  /** C for row subsets drawn with a fixed seed, answered one request after another or in flight. */
  QUEUED("queued"),
  /**
   * C = N rows of B, asked as a multiply: AT is the selection matrix with one entry (r, r, 1) for
   * each row r drawn (the Graphulo team's cued experiment); B is the generated graph at the cued
   * SCALE.
   */
  CUED("cued");

  private final String label;

  Workload(String label) {
    this.label = label;
  }

  @Override
  public String label() {
    return label;
  }
}
