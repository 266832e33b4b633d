package outerproduct.iterator;

import java.io.IOException;
import java.util.List;

/**
 * The runs of a merge in a tournament tree of losers: the run with the smallest cell is at the
 * root, and moving it to its next cell costs one comparison per level (log2 of the runs), where a
 * binary heap's poll and add cost about twice that. The merge of a stretch's runs is most of bulk
 * output's time, and comparing cells most of the merge's.
 */
final class LoserTree {
  private final SpillRun.Reader[] runs;

  /** {@code losers[0]} is the winner; {@code losers[n]}, for n ≥ 1, the loser at node n. */
  private final int[] losers;

  /** Each reader before its first {@link SpillRun.Reader#next}; this moves them to their first. */
  LoserTree(List<SpillRun.Reader> readers) throws IOException {
    runs = readers.toArray(new SpillRun.Reader[0]);
    int k = runs.length;
    losers = new int[Math.max(k, 1)];
    for (SpillRun.Reader run : runs) {
      run.next();
    }
    if (k == 0) {
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
      boolean aWins = before(a, b);
      winners[node] = aWins ? a : b;
      losers[node] = aWins ? b : a;
    }
    losers[0] = winners[1];
  }

  /** The run holding the smallest cell, or null when every run has ended. */
  SpillRun.Reader top() {
    return runs.length == 0 || runs[losers[0]].row == null ? null : runs[losers[0]];
  }

  /** Moves the top run to its next cell and replays its matches up to the root. */
  void advance() throws IOException {
    int winner = losers[0];
    runs[winner].next();
    for (int node = (winner + runs.length) >> 1; node >= 1; node >>= 1) {
      if (before(losers[node], winner)) {
        int loser = winner;
        winner = losers[node];
        losers[node] = loser;
      }
    }
    losers[0] = winner;
  }

  /** True when run a's cell comes first; an ended run comes after every other. */
  private boolean before(int a, int b) {
    if (runs[a].row == null) {
      return false;
    }
    return runs[b].row == null || SpillRun.Reader.compare(runs[a], runs[b]) < 0;
  }
}
