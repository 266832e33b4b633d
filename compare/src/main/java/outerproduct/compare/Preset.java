package outerproduct.compare;

import java.util.List;
import java.util.Locale;
import outerproduct.kernel.cli.Choice;

/**
 * The sweeps {@code scripts/compare} runs when the sweep options are not given: {@code quick}
 * answers a newcomer in minutes, {@code full} is the sweep the committed example report was made
 * with. Options given on the command line win over the preset.
 *
 * <p>Quick stops at SCALE 11 and runs every execution path and auto: the two MapReduce paths' jobs
 * (about 20 s each whole, 6 s each queued) are most of its time, and with them SCALE 11 already
 * fills the five minutes after the build it is meant to fit in on 2 cores.
 *
 * <p>Calibrate spans the partial products from thousands to tens of millions per engine and shape,
 * so that each engine's fixed cost and its rate are both measured rather than one guessed from the
 * other.
 */
enum Preset implements Choice {
  QUICK(List.of(10, 11), List.of(1, 256), 3, List.of(1)),
  FULL(List.of(10), List.of(1, 64, 1024), 20, List.of(1, 4)),
  CALIBRATE(List.of(10, 12, 13), List.of(1, 64, 1024), 3, List.of(1));

  static final String QUICK_TEXT =
      "SCALE 10 and 11, queued at SCALE 11 with 1 and 256 rows,"
          + " 3 requests each, one at a time";
  static final String FULL_TEXT =
      "SCALE 10, queued with 1, 64 and 1,024 rows, 20 requests each," + " at 1 and 4 in flight";
  static final String CALIBRATE_TEXT =
      "SCALE 10, 12 and 13, queued at SCALE 13 with 1, 64 and 1,024 rows, 3 requests each, one at"
          + " a time: sizes from a fixed cost to a rate, for --calibrate";

  private final List<Integer> scales;
  private final List<Integer> queuedRows;
  private final int requests;
  private final List<Integer> concurrency;

  Preset(List<Integer> scales, List<Integer> queuedRows, int requests, List<Integer> concurrency) {
    this.scales = scales;
    this.queuedRows = queuedRows;
    this.requests = requests;
    this.concurrency = concurrency;
  }

  @Override
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Sets each sweep option the command line left out. */
  void fillIn(SweepOptions command) {
    if (command.scales == null) {
      command.scales = scales;
    }
    if (command.queuedRows == null) {
      command.queuedRows = queuedRows;
    }
    if (command.requests == null) {
      command.requests = requests;
    }
    if (command.concurrency == null) {
      command.concurrency = concurrency;
    }
  }
}
