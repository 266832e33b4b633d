package outerproduct.kernel.product;

/**
 * The runs of a merge in a tournament tree of losers: the run with the smallest cell is at the
 * root, and moving it to its next cell costs one comparison per level (log2 of the runs), where a
 * binary heap's poll and add cost about twice that. Both engines merge sorted runs of cells this
 * way: iterator-bulk its spilled runs in the tablet server, an answer its returned runs in the
 * caller; in both, comparing cells is most of the merge.
 *
 * <p>The tree holds run numbers only; the caller owns the runs, moves the top one on and then calls
 * {@link #replay}.
 */
public final class LoserTree {
  /** The runs being merged, by number, each at its current cell. */
  public interface Runs {
    /**
     * True when run {@code a}'s current cell comes before run {@code b}'s. A run that has ended
     * comes after every run that has not.
     */
    boolean before(int a, int b);
  }

  private final Runs runs;
  private final int k;

  /** {@code losers[0]} is the winner; {@code losers[n]}, for n ≥ 1, the loser at node n. */
  private final int[] losers;

  /** A tree over runs 0 to {@code k - 1}, each already at its first cell (or ended). */
  public LoserTree(int k, Runs runs) {
    this.runs = runs;
    this.k = k;
    losers = new int[Math.max(k, 1)];
    if (k == 0) {
      losers[0] = -1;
      return;
    }
    // Nodes 1..k-1 are internal, k..2k-1 the leaves (run n at k + n): play every match once.
    int[] winners = new int[2 * k];
    for (int n = 0; n < k; n++) {
      winners[k + n] = n;
    }
    for (int node = k - 1; node >= 1; node--) {
      int a = winners[2 * node];
      int b = winners[2 * node + 1];
      boolean aWins = runs.before(a, b);
      winners[node] = aWins ? a : b;
      losers[node] = aWins ? b : a;
    }
    losers[0] = winners[1];
  }

  /**
   * The run with the smallest current cell; -1 when there are no runs. Once every run has ended it
   * is an ended run: the caller checks.
   */
  public int top() {
    return losers[0];
  }

  /** Replays the top run's matches up to the root, after the caller moved it to its next cell. */
  public void replay() {
    int winner = losers[0];
    for (int node = (winner + k) >> 1; node >= 1; node >>= 1) {
      if (runs.before(losers[node], winner)) {
        int loser = winner;
        winner = losers[node];
        losers[node] = loser;
      }
    }
    losers[0] = winner;
  }
}
