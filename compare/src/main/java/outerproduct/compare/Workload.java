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
  CUED("cued"),
  /**
   * The 2-hop neighbourhood of N vertices drawn with a fixed seed from the generated graph G at the
   * two-hop SCALE, with path counts: rows S of G ⊕.⊗ G. Asked of {@code two-hop} (the request shape
   * of its own, reading rows S and their neighbours' rows) and, as a multiply with AT = Gᵀ and AT's
   * columns S, of the paths that answer the caller.
   */
  TWO_HOP("two-hop"),
  /**
   * The cued requests again, one at a time, while whole-table multiplies of the generated pair at
   * the batch SCALE run (an operator's nightly job, {@code auto}): their latencies beside the cued
   * workload's on the idle cluster of the same run tell how much a batch slows interactive work.
   */
  UNDER_BATCH("under-batch");

  private final String label;

  Workload(String label) {
    this.label = label;
  }

  @Override
  public String label() {
    return label;
  }
}
