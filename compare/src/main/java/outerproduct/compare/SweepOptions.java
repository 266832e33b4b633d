package outerproduct.compare;

import java.util.Collections;
import java.util.List;
import outerproduct.kernel.cli.OptionValues;
import picocli.CommandLine.Option;

/**
 * What {@code scripts/compare} runs: which SCALEs and workloads, how many requests and repeats. A
 * sweep option left out takes its value from the {@link Preset}.
 */
final class SweepOptions {
  @Option(
      names = "--preset",
      defaultValue = "quick",
      paramLabel = "quick|full|calibrate",
      description =
          "The sweep the options below default to: quick ("
              + Preset.QUICK_TEXT
              + ") or full ("
              + Preset.FULL_TEXT
              + ") or calibrate ("
              + Preset.CALIBRATE_TEXT
              + "). An option given on the command line wins over its preset."
              + " Default: ${DEFAULT-VALUE}.")
  Preset preset;

  @Option(
      names = "--scales",
      split = ",",
      description = "SCALEs to run, comma-separated. Default: the preset's.")
  List<Integer> scales;

  @Option(
      names = "--workloads",
      split = ",",
      paramLabel = "whole|queued|cued|two-hop|under-batch",
      description =
          "Workloads: whole (all rows), queued (row subsets of AT and B), cued (rows of B"
              + " selected by a selection matrix, at --cued-scale) and two-hop (the 2-hop"
              + " neighbourhood of random vertices of the generated graph at --two-hop-scale),"
              + " under-batch (the cued requests again while whole-table multiplies at"
              + " --batch-scale run; needs cued, its idle baseline). Default: the preset's (whole"
              + " and queued; calibrate adds cued).")
  List<Workload> workloads;

  @Option(
      names = "--queued-rows",
      split = ",",
      description =
          "Queued: rows per request (drawn with a fixed seed from AT's rows); a size that is not"
              + " less than AT's row count is skipped (it is the whole-table workload). Default:"
              + " the preset's.")
  List<Integer> queuedRows;

  @Option(
      names = "--requests",
      description = "Queued: requests per subset size and concurrency. Default: the preset's.")
  Integer requests;

  @Option(
      names = "--concurrency",
      split = ",",
      description = "Queued: requests in flight at once; 1 gives latencies. Default: the preset's.")
  List<Integer> concurrency;

  @Option(
      names = "--queued-scale",
      description = "Queued: the SCALE to draw subsets from. Default: the largest of --scales.")
  Integer queuedScale;

  @Option(
      names = "--cued-scale",
      description =
          "Cued: the SCALE of the generated B whose rows are asked for. Default: the preset's (18;"
              + " calibrate: its queued SCALE).")
  Integer cuedScale;

  @Option(
      names = "--cued-rows",
      split = ",",
      defaultValue = "1,64,1024",
      description =
          "Cued: rows of B per request (requests and in-flight counts as for queued). Default:"
              + " ${DEFAULT-VALUE}.")
  List<Integer> cuedRows;

  @Option(
      names = "--two-hop-scale",
      defaultValue = "18",
      description =
          "Two-hop: the SCALE of the generated graph whose vertices' 2-hop neighbourhoods are"
              + " asked for. Default: ${DEFAULT-VALUE}.")
  int twoHopScale;

  @Option(
      names = "--two-hop-vertices",
      split = ",",
      defaultValue = "1,16,256",
      description =
          "Two-hop: vertices per request, drawn with a fixed seed from the graph's rows"
              + " (requests and in-flight counts as for queued). Default: ${DEFAULT-VALUE}.")
  List<Integer> twoHopVertices;

  @Option(
      names = "--batch-scale",
      defaultValue = "16",
      description =
          "Under-batch: the SCALE of the generated pair whose whole-table multiplies (auto) run"
              + " while the cued requests are asked again. Default: ${DEFAULT-VALUE}.")
  int batchScale;

  @Option(
      names = "--prepared-c",
      defaultValue = "0",
      paramLabel = "N",
      description =
          "Queued and cued: keep N result tables created (each engine's kind) and hosted ahead"
              + " of the requests, as a service answering them would, so that a request takes one"
              + " instead of creating its C; its latency then counts only a wait for one. 0 ="
              + " each request creates its C, inside its latency. Default: ${DEFAULT-VALUE}.")
  int preparedC;

  @Option(
      names = "--repeats",
      description =
          "Whole table: runs per engine and SCALE (engines take turns); the report shows medians"
              + " and intervals over them. Default: the preset's.")
  Integer repeats;

  @Option(
      names = "--all-repeats",
      description =
          "Run every repeat and request of every engine. By default an engine whose first run"
              + " of a group (a SCALE, a request size) is far behind the fastest engine's (over"
              + " the square of the machine's run-to-run spread band, docs/compare.md) runs no"
              + " more in that group: one run decides such a gap. Always on for --preset"
              + " calibrate.")
  boolean allRepeats;

  @Option(
      names = "--warmup",
      description =
          "Unrecorded multiplies per engine before its first recorded run: whole-table ones at"
              + " the first SCALE (the servers stay warm for the next), and requests of the first"
              + " size before the queued and cued batches, so that no engine pays for cold tablet"
              + " servers and JVMs (class loading, JIT) or for servers still settling after the"
              + " load; MapReduce is never warmed (its jobs start new JVMs); 0 = none. Default:"
              + " 1; 5 for --preset calibrate, whose first points are the fixed costs.")
  Integer warmup;

  @Option(
      names = "--oracle-up-to-scale",
      defaultValue = "20",
      description =
          "Largest SCALE checked against the oracle (C formed row by row in this JVM: memory is"
              + " the inputs plus one row of C, time one step per partial product); above it every"
              + " engine's C must equal the first engine's. Default: ${DEFAULT-VALUE}.")
  int oracleUpToScale;

  @Option(
      names = "--run-limit",
      defaultValue = RunLimit.DEFAULT,
      paramLabel = "3h|90m|30s|none",
      description =
          "Whole table: the longest one multiply may take. Past it the multiply is cancelled (a"
              + " C it created deleted, a MapReduce job killed), recorded as failed, and the sweep"
              + " goes on. Default: ${DEFAULT-VALUE}.")
  String runLimitText;

  private RunLimit runLimit;

  /**
   * Fills what the command line left to the preset, then checks.
   *
   * @throws IllegalArgumentException naming the option and the value at fault
   */
  void resolve() {
    preset.fillIn(this);
    runLimit = RunLimit.parse(runLimitText);
    OptionValues.atLeastOne("--requests", requests);
    if (preparedC < 0) {
      throw new IllegalArgumentException("--prepared-c must be 0 or more, got " + preparedC);
    }
    OptionValues.atLeastOne("--repeats", repeats);
    if (warmup < 0) {
      throw new IllegalArgumentException("--warmup " + warmup + ": expected 0 or more");
    }
    queuedRows.forEach(n -> OptionValues.atLeastOne("--queued-rows", n));
    cuedRows.forEach(n -> OptionValues.atLeastOne("--cued-rows", n));
    twoHopVertices.forEach(n -> OptionValues.atLeastOne("--two-hop-vertices", n));
    if (workloads.contains(Workload.UNDER_BATCH) && !workloads.contains(Workload.CUED)) {
      throw new IllegalArgumentException(
          "--workloads under-batch needs cued beside it: the cued requests on the idle cluster"
              + " are what its latencies are compared with");
    }
    concurrency.forEach(n -> OptionValues.atLeastOne("--concurrency", n));
    if (queuedScale != null && !scales.contains(queuedScale)) {
      throw new IllegalArgumentException(
          "--queued-scale " + queuedScale + " is not one of --scales " + scales);
    }
  }

  /** {@code --run-limit}, once {@link #resolve} has checked it. */
  RunLimit runLimit() {
    return runLimit;
  }

  /** The SCALE the queued workload draws its subsets from. */
  int queuedAt() {
    return queuedScale != null ? queuedScale : Collections.max(scales);
  }
}
