package outerproduct.compare;

import java.util.List;

/**
 * The sweeps {@code scripts/compare} runs when the sweep options are not given: {@code quick}
 * answers a newcomer in minutes, {@code full} is the sweep the committed example report was
 * made with. Options given on the command line win over the preset.
 */
enum Preset {
  QUICK(List.of(10, 12), List.of(1, 256), 3, List.of(1)),
  FULL(List.of(10), List.of(1, 64, 1024), 20, List.of(1, 4));

  static final String QUICK_TEXT = "SCALE 10 and 12, queued at SCALE 12 with 1 and 256 rows,"
      + " 3 requests each, one at a time";
  static final String FULL_TEXT = "SCALE 10, queued with 1, 64 and 1,024 rows, 20 requests each,"
      + " at 1 and 4 in flight";

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

  /** Sets each sweep option the command line left out. */
  void fillIn(CompareCommand command) {
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
