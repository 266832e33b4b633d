package outerproduct.compare;

import java.util.List;
import java.util.Locale;
import outerproduct.kernel.cli.Choice;

/**
 * The sweeps {@code scripts/compare} runs when the sweep options are not given: {@code quick}
 * answers a newcomer in minutes, {@code full} is the sweep the committed example report was made
 * with. Options given on the command line win over the preset.
 *
 * <p>Quick runs every execution path and auto on SCALE 11 only, with enough repeats for its
 * headlines to carry intervals ({@code report.Uncertainty}): 5 whole-table repeats and 7 requests
 * of each size, engines taking turns. Its time goes where the order is open: the MapReduce paths (a
 * job's fixed cost is 20 s whole, 5 s per request, 10–30× the others' at this size) are far behind
 * after their first run and run no more ({@code DecidedGaps}), which keeps the run within the five
 * minutes after the build it is meant to fit in on 2 cores.
 *
 * <p>Calibrate spans the partial products from thousands to tens of millions per engine and shape,
 * so that each engine's fixed cost and its rate are both measured rather than one guessed from the
 * other; it runs every repeat and request of every engine, since each is a point of a fitted line.
 * Its whole tables reach SCALE 14 (53M products) because a MapReduce job's time barely grows below
 * that: with stripes its whole-table times at SCALE 10, 12 and 13 lay within their noise (23-31 s),
 * and a line through them had no positive rate. Its queued requests stay at SCALE 13, and it asks
 * the same numbers of rows cued at SCALE 18, like every preset (tens of products per row where
 * queued rows carry thousands): a request's cost per row is told from its cost per product only
 * where the two vary apart (cued requests of 1,024 rows at SCALE 18 took the client path 0.19 s
 * where a line in products alone, fitted on queued requests, predicted 0.07 s), and it grows with
 * the table (cued at SCALE 13, the client path's rows cost 0.030 ms each and predicted 0.094 s for
 * the 1,024 rows of SCALE 18 it answered in 0.13 s), so it is measured at the SCALE the cued
 * requests auto is asked about come from. Each whole table runs 3 times and the fit takes each
 * size's median ({@code report.CalibrationFit}): with one run per SCALE a single noisy run decided
 * near ties between paths. It warms each engine 5 times before its first run, not once: its first
 * SCALE's points are the fixed costs, and after one warm-up the tablet servers' code is not yet
 * compiled (iterator-bulk's first SCALE 10 runs with no warm-up took 1.40, 0.85, 0.72, 0.54 and
 * 0.48 s, settling near 0.48 s; a calibration with one warm-up fitted its SCALE 10 point at 0.94 s
 * and chose the iterator engine's BatchWriter output, 1.36× slower warm, for that size).
 */
enum Preset implements Choice {
  QUICK(
      List.of(Workload.WHOLE, Workload.QUEUED),
      List.of(11),
      null,
      List.of(1, 256),
      7,
      List.of(1),
      5,
      1),
  FULL(
      List.of(Workload.WHOLE, Workload.QUEUED),
      List.of(10),
      null,
      List.of(1, 64, 1024),
      20,
      List.of(1, 4),
      3,
      1),
  CALIBRATE(
      List.of(Workload.WHOLE, Workload.QUEUED, Workload.CUED),
      List.of(10, 12, 13, 14),
      13,
      List.of(1, 64, 1024),
      3,
      List.of(1),
      3,
      5);

  /** The cued SCALE unless the command line names one: the Graphulo team's cued experiment's. */
  static final int CUED_SCALE = 18;

  static final String QUICK_TEXT =
      "SCALE 11: the whole table 5 times, queued 1 and 256 rows 7 requests each, one at a time";
  static final String FULL_TEXT =
      "SCALE 10: the whole table 3 times, queued 1, 64 and 1,024 rows 20 requests each, at 1 and"
          + " 4 in flight";
  static final String CALIBRATE_TEXT =
      "SCALE 10, 12, 13 and 14, the whole table 3 times, queued at SCALE 13 and cued at SCALE 18"
          + " with 1, 64 and 1,024 rows, 3 requests each, one at a time, every repeat of every"
          + " engine: sizes from a fixed cost to a rate, and rows apart from products, for"
          + " --calibrate";

  private final List<Workload> workloads;
  private final List<Integer> scales;

  /** The SCALE of the queued workload; null: the largest of {@link #scales}. */
  private final Integer queuedScale;

  private final List<Integer> queuedRows;
  private final int requests;
  private final List<Integer> concurrency;
  private final int repeats;
  private final int warmup;

  Preset(
      List<Workload> workloads,
      List<Integer> scales,
      Integer queuedScale,
      List<Integer> queuedRows,
      int requests,
      List<Integer> concurrency,
      int repeats,
      int warmup) {
    this.workloads = workloads;
    this.scales = scales;
    this.queuedScale = queuedScale;
    this.queuedRows = queuedRows;
    this.requests = requests;
    this.concurrency = concurrency;
    this.repeats = repeats;
    this.warmup = warmup;
  }

  @Override
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Sets each sweep option the command line left out. */
  void fillIn(SweepOptions command) {
    if (command.workloads == null) {
      command.workloads = workloads;
    }
    if (command.scales == null) {
      command.scales = scales;
    }
    if (command.queuedScale == null && command.scales.equals(scales)) {
      command.queuedScale = queuedScale;
    }
    if (command.cuedScale == null) {
      command.cuedScale = CUED_SCALE;
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
    if (command.repeats == null) {
      command.repeats = repeats;
    }
    if (command.warmup == null) {
      command.warmup = warmup;
    }
    if (this == CALIBRATE) {
      command.allRepeats = true;
    }
  }
}
