package outerproduct.compare.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import outerproduct.compare.report.Summary.Row;

class ReportsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private final List<String> lines = new ArrayList<>();

  /** Each group's next repeat (whole) or request index (queued), as the harness numbers them. */
  private final Map<String, Integer> repeats = new HashMap<>();

  private int repeat(Object... group) {
    return repeats.merge(Arrays.toString(group), 1, Integer::sum) - 1;
  }

  private void whole(
      int scale, String engine, long partialProducts, double seconds, boolean equal) {
    ObjectNode r =
        RunRecords.object()
            .put("command", "scripts/compare --scales 10,12")
            .put("cluster", "embedded")
            .put("engine", engine)
            .put("workload", "whole")
            .put("scale", scale)
            .put("repeat", repeat(engine, "whole", scale))
            .put("concurrency", 1)
            .put("partial_products", partialProducts)
            .put("t_total_s", seconds)
            .put("rate_pp_per_s", partialProducts / seconds)
            .put("equal", equal)
            .put("checksum_C", equal ? "aa" : "bb")
            .put("checksum_expected", "aa")
            .put("checked_against", "the oracle");
    r.putObject("host").put("cores", 2).put("memory_gb", 24);
    lines.add(r.toString());
  }

  private void queued(
      String engine, int rows, int concurrency, double seconds, double requestsPerSecond) {
    lines.add(
        RunRecords.object()
            .put("engine", engine)
            .put("workload", "queued")
            .put("scale", 12)
            .put("rows_requested", rows)
            .put("concurrency", concurrency)
            .put("repeat", repeat(engine, "queued", 12, rows, concurrency))
            .put("partial_products", 1000)
            .put("t_total_s", seconds)
            .put("rate_pp_per_s", 1000 / seconds)
            .put("equal", true)
            .put("batch_requests_per_s", requestsPerSecond)
            .toString());
  }

  private Path runs() throws Exception {
    Path file = dir.resolve("runs.jsonl");
    Files.write(file, lines);
    return file;
  }

  @Test
  void mediansCrossoverAndVerdicts() throws Exception {
    whole(10, "iterator", 800_000, 2.0, true);
    whole(10, "iterator", 800_000, 4.0, true);
    whole(10, "iterator", 800_000, 3.0, true);
    whole(10, "mr", 800_000, 40.0, true);
    whole(12, "iterator", 6_800_000, 20.0, true);
    whole(12, "mr", 6_800_000, 10.0, true);
    whole(12, "client", 6_800_000, 40.0, true);
    for (double s : new double[] {0.3, 0.1, 0.2}) {
      queued("iterator", 1, 1, s, 4.0);
    }
    for (double s : new double[] {9.0, 8.0, 12.0}) {
      queued("mr", 1, 1, s, 0.1);
    }
    queued("mr", 1, 4, 20.0, 0.15);

    Summary summary = Summary.read(runs());
    assertEquals(Optional.of(12), summary.crossover());
    Summary.Row iterator10 = summary.whole(10, "iterator").orElseThrow();
    assertEquals(3, iterator10.runs());
    assertEquals(3.0, iterator10.secondsMedian(), 1e-9);
    assertArrayEquals(
        new double[] {0.1, 0.2, 0.3}, summary.latencies("queued", 12, "iterator", 1, 1), 1e-9);

    List<Path> files = Reports.write(runs());
    List<String> csv = Files.readAllLines(dir.resolve(Reports.SUMMARY_CSV));
    assertTrue(
        csv.get(0)
            .startsWith("scale,workload,engine,rowsRequested,concurrency,runs,failed,allEqual"),
        csv.get(0));
    assertEquals(1 + summary.rows().size(), csv.size());
    for (String plot : List.of(Plots.RATE_VS_SCALE, Plots.LATENCY_CDF, Plots.THROUGHPUT)) {
      byte[] png = Files.readAllBytes(dir.resolve(plot));
      assertEquals((byte) 0x89, png[0], plot + " is not a PNG");
      assertEquals('P', png[1], plot + " is not a PNG");
      assertTrue(files.contains(dir.resolve(plot)));
    }
    String md = Files.readString(dir.resolve(Reports.REPORT_MD));
    assertTrue(md.contains("Command: `scripts/compare --scales 10,12`"), md);
    assertTrue(md.contains("All 14 multiplies produced a C whose checksum"), md);
    assertTrue(md.contains("overtakes the iterator engine's from SCALE 12"), md);
    assertTrue(
        md.contains("iterator engine / client-side baseline = 2.00× [1.08–3.71]"),
        "one run each: the machine's stated spread around the ratio: " + md);
    assertTrue(
        md.contains(
            "1 rows: iterator p50 0.20 s, MapReduce p50 9.00 s: MapReduce / iterator = 45.0×"
                + " [30.0–80.0], the iterator engine answers sooner."),
        md);
    assertTrue(
        md.contains(
            "- whole table, SCALE 12: mr fastest, 6.80e+05 pp/s; faster than client by 4.00×"
                + " [2.15–7.43], iterator by 2.00× [1.08–3.71]"),
        md);
    assertTrue(md.contains("![rate against SCALE](rate-vs-scale.png)"), md);
  }

  /**
   * Memory columns: the largest tablet-server heap of a group's runs, and for MapReduce the largest
   * map or reduce attempt's resident set; "-" where a run did not measure it.
   */
  @Test
  void memoryPeaksAreTheLargestOfTheGroup() throws Exception {
    whole(12, "iterator", 6_800_000, 20.0, true);
    whole(12, "mr", 6_800_000, 10.0, true);
    whole(12, "mr", 6_800_000, 11.0, true);
    List<String> records = new ArrayList<>();
    long[][] taskPeaks = {{310, 420}, {505, 390}};
    int mrRun = 0;
    for (String line : lines) {
      ObjectNode r = (ObjectNode) JSON.readTree(line);
      r.put(
          "tserver_heap_peak_mb", r.path("engine").asText().equals("iterator") ? 700 : 400 + mrRun);
      r.put("kernel_pp_per_s", 1.0e7);
      if (r.path("engine").asText().equals("mr")) {
        r.putObject("engine_info")
            .put("map_rss_peak_mb", taskPeaks[mrRun][0])
            .put("reduce_rss_peak_mb", taskPeaks[mrRun][1]);
        r.put("disk_peak_mb", 900 + 300 * mrRun);
        mrRun++;
      }
      records.add(r.toString());
    }
    lines.clear();
    lines.addAll(records);

    Summary summary = Summary.read(runs());
    assertEquals(700.0, summary.whole(12, "iterator").orElseThrow().tserverHeapPeakMb());
    assertEquals(null, summary.whole(12, "iterator").orElseThrow().taskRssPeakMb());
    assertEquals(401.0, summary.whole(12, "mr").orElseThrow().tserverHeapPeakMb());
    assertEquals(505.0, summary.whole(12, "mr").orElseThrow().taskRssPeakMb());
    assertEquals(1200.0, summary.whole(12, "mr").orElseThrow().diskPeakMb());
    assertEquals(null, summary.whole(12, "iterator").orElseThrow().diskPeakMb());
    String md = report();
    assertTrue(
        md.contains(
            "| 12 | mr | 2 | 6,800,000 | 10.50 | 6.49e+05 | 1.91 | 0.065 | 401 | 505 | 1200 | yes"
                + " |"),
        md);
  }

  /**
   * The queued goals: the iterator engine's p50 at most the client's at every SCALE and size, and
   * at most 4 s on 1,024 rows of the SCALE 14 pair only.
   */
  @Test
  void queuedGoalsAreJudgedOnTheirScaleAndSubset() throws Exception {
    for (double s : new double[] {8.0, 9.0, 7.0}) {
      lines.add(
          RunRecords.object()
              .put("engine", "iterator")
              .put("workload", "queued")
              .put("scale", 14)
              .put("rows_requested", 1024)
              .put("concurrency", 1)
              .put("repeat", repeat("iterator", 14))
              .put("partial_products", 4_000_000)
              .put("t_total_s", s)
              .put("rate_pp_per_s", 4_000_000 / s)
              .put("equal", true)
              .put("batch_requests_per_s", 0.1)
              .toString());
    }
    lines.add(
        RunRecords.object()
            .put("engine", "mr")
            .put("workload", "queued")
            .put("scale", 14)
            .put("rows_requested", 1024)
            .put("concurrency", 1)
            .put("repeat", 0)
            .put("partial_products", 4_000_000)
            .put("t_total_s", 9.5)
            .put("rate_pp_per_s", 4_000_000 / 9.5)
            .put("equal", true)
            .put("batch_requests_per_s", 0.1)
            .toString());
    queued("mr", 1024, 1, 30.0, 0.03);
    lines.add(
        RunRecords.object()
            .put("engine", "client")
            .put("workload", "queued")
            .put("scale", 14)
            .put("rows_requested", 1024)
            .put("concurrency", 1)
            .put("repeat", 0)
            .put("partial_products", 4_000_000)
            .put("t_total_s", 6.0)
            .put("rate_pp_per_s", 4_000_000 / 6.0)
            .put("equal", true)
            .put("batch_requests_per_s", 0.1)
            .toString());

    String md = report();
    assertTrue(md.contains("| 14 | 1024 | iterator | 1 | 3 | 4,000,000 | 8.00 |"), md);
    assertTrue(
        md.contains(
            "- SCALE 14, 1024 rows: iterator p50 8.00 s [7.00–9.00] (goal ≤ 4.0 s: not met)"),
        md);
    assertTrue(
        md.contains(
            "- SCALE 14, 1024 rows: iterator p50 8.00 s, client p50 6.00 s, iterator / client ="
                + " 1.33× [0.72–2.48] (goal ≤ 1.0: not decided: the interval spans the goal)"),
        md);
    assertFalse(md.contains("30.00 s (goal"), "SCALE 12 has no p50 goal of its own: " + md);
    assertTrue(
        md.contains(
            "- SCALE 14, 1024 rows: iterator p50 8.00 s, MapReduce p50 9.50 s: MapReduce /"
                + " iterator = 1.19× [0.64–2.21], indistinguishable on this run."),
        md);
    assertTrue(
        md.contains(
            "- queued, SCALE 14, 1024 rows: indistinguishable on this run: client (p50 6.00 s) and"
                + " iterator (1.33× [0.72–2.48]), mr (1.58× [0.85–2.94])"),
        md);
    Summary summary = Summary.read(runs());
    assertArrayEquals(new double[] {9.5}, summary.latencies("queued", 14, "mr", 1024, 1), 1e-9);
    assertTrue(
        Files.exists(dir.resolve(Plots.LATENCY_CDF)),
        "one latency curve per SCALE, engine and subset");
  }

  /**
   * A queued request's latency is what the analyst waits, creating C included ({@code
   * t_request_s}); records without it (made before it was recorded) fall back to the engine's time.
   */
  @Test
  void queuedLatencyIncludesCreatingCWhereRecorded() throws Exception {
    for (double[] times : new double[][] {{0.10, 0.05}, {0.20, 0.05}, {0.30, 0.05}}) {
      lines.add(
          RunRecords.object()
              .put("engine", "iterator")
              .put("workload", "queued")
              .put("scale", 10)
              .put("rows_requested", 1)
              .put("concurrency", 1)
              .put("repeat", repeat("iterator", 10))
              .put("partial_products", 100)
              .put("t_total_s", times[0])
              .put("t_prepare_c_s", times[1])
              .put("t_request_s", times[0] + times[1])
              .put("rate_pp_per_s", 100 / times[0])
              .put("equal", true)
              .put("batch_requests_per_s", 4.0)
              .toString());
    }
    queued("client", 1, 1, 0.4, 2.0);

    Summary summary = Summary.read(runs());
    assertArrayEquals(
        new double[] {0.15, 0.25, 0.35}, summary.latencies("queued", 10, "iterator", 1, 1), 1e-9);
    Row iterator =
        summary.rows().stream()
            .filter(r -> r.engine().equals("iterator"))
            .findFirst()
            .orElseThrow();
    assertEquals(0.25, iterator.latencyP50S(), 1e-9);
    assertEquals(0.20, iterator.secondsMedian(), 1e-9, "the engine's own time stays as recorded");
    assertArrayEquals(new double[] {0.4}, summary.latencies("queued", 12, "client", 1, 1), 1e-9);
  }

  private void cued(String engine, int concurrency, double seconds, double requestsPerSecond) {
    lines.add(
        RunRecords.object()
            .put("engine", engine)
            .put("workload", "cued")
            .put("scale", 18)
            .put("rows_requested", 1024)
            .put("concurrency", concurrency)
            .put("repeat", repeat(engine, "cued", concurrency))
            .put("partial_products", 16_000)
            .put("t_total_s", seconds)
            .put("t_request_s", seconds)
            .put("rate_pp_per_s", 16_000 / seconds)
            .put("equal", true)
            .put("batch_requests_per_s", requestsPerSecond)
            .toString());
  }

  /** Cued requests get their own section, named apart from queued ones, with their own goals. */
  @Test
  void cuedRequestsAreReportedApartWithTheirGoals() throws Exception {
    for (double s : new double[] {0.20, 0.22, 0.60}) {
      cued("iterator", 1, s, 4.0);
    }
    cued("iterator", 16, 1.2, 12.5);
    cued("mr", 1, 7.5, 0.13);
    queued("iterator", 1024, 1, 5.0, 0.2);

    String md = report();
    assertTrue(md.contains("## Queued (row subsets)"), md);
    assertTrue(md.contains("## Cued (rows of B, asked through a selection matrix)"), md);
    assertTrue(
        md.contains(
            "- cued, SCALE 18, 1024 rows: iterator p50 0.22 s [0.20–0.60] (goal ≤ 0.25 s: not"
                + " decided: the interval spans the goal), p95 0.60 s [0.20–0.60] (goal ≤ 0.5 s:"
                + " not decided: the interval spans the goal)"),
        md);
    assertTrue(
        md.contains(
            "- cued, SCALE 18, 1024 rows: iterator at 16 in flight 12.5 [8.75–16.3] requests/s"
                + " (goal ≥ 10.0: not decided: the interval spans the goal)"),
        md);
    assertTrue(
        md.contains(
            "- cued, SCALE 18, 1024 rows: MapReduce p50 7.50 s [5.25–9.75] (goal ≤ 6.0 s: not"
                + " decided: the interval spans the goal)"),
        md);
    assertTrue(md.contains("cued, SCALE 18, 1024 rows: iterator answers first, p50 0.22 s"), md);
    assertTrue(md.contains("queued, SCALE 12, 1024 rows: iterator answers first, p50 5.00 s"), md);
    assertArrayEquals(
        new double[] {0.20, 0.22, 0.60},
        Summary.read(runs()).latencies("cued", 18, "iterator", 1024, 1),
        1e-9);
  }

  @Test
  void noCrossoverAndAWrongResultAreSaid() throws Exception {
    whole(10, "iterator", 800_000, 2.0, true);
    whole(10, "mr", 800_000, 40.0, false);
    String md = report();
    assertTrue(
        md.contains(
            "No SCALE of this run where MapReduce's rate is told apart above the iterator"
                + " engine's"),
        md);
    assertTrue(
        md.contains(
            "**1 of 2 multiplies did not produce a C equal to its reference (0 of them failed):**"),
        md);
    assertTrue(md.contains("SCALE 10 whole mr: C bb vs the oracle aa"), md);
    assertFalse(Files.exists(dir.resolve(Plots.LATENCY_CDF)), "no queued runs, no latency plot");
  }

  @Test
  void bulkOutputIsJudgedAgainstTheIteratorEngineAndMapReduce() throws Exception {
    whole(14, "iterator", 53_353_223, 40.0, true);
    presum("10000000");
    whole(14, "iterator-bulk", 53_353_223, 25.0, true);
    whole(14, "mr", 53_353_223, 80.0, true);
    String md = report();
    assertTrue(
        md.contains(
            "SCALE 14: iterator-bulk / iterator engine = 1.60× [0.86–2.97] (goal ≥ 2.0: not"
                + " decided: the interval spans the goal); iterator-bulk / mr = 3.20× [1.72–5.94]"
                + " (the iterator engine's files beat MapReduce's)"),
        md);
    assertTrue(
        md.contains(
            "- whole table, SCALE 14: indistinguishable on this run: iterator-bulk (2.13e+06"
                + " pp/s) and iterator (1.60× [0.86–2.97]); faster than mr by 3.20× [1.72–5.94]"),
        "one run each: 1.6× is within the machine's spread, 3.2× beyond it: " + md);
  }

  /**
   * Beside iterator-bulk's share of the kernel's rate, the share that the window and writing C's
   * cells alone would leave on the machine's cores: here 2 / (1 / 1e8 + (20M / 53.35M) / 2e6) pp/s,
   * 0.101 of the kernel's 1e8.
   */
  @Test
  void theKernelVerdictSaysWhatWritingCsFilesAllowsAtMost() throws Exception {
    for (int run = 0; run < 3; run++) {
      whole(14, "iterator-bulk", 53_353_223, 25.0 + run, true);
      set("kernel_pp_per_s", 1.0e8);
      set("window_pp_per_s", 1.0e8);
      set("file_write_cells_per_s", 2.0e6);
      set("nnz_C", 20_000_000);
    }
    String md = report();
    assertTrue(
        md.contains(
            "iterator-bulk / the kernel alone = 0.02× [0.02–0.02] (goal ≥ 0.08: not met; bulk"
                + " output's own stages alone allow at most 0.101)"),
        md);
  }

  /** Sets a number of the last record. */
  private void set(String field, double value) throws Exception {
    ObjectNode last = (ObjectNode) new ObjectMapper().readTree(lines.remove(lines.size() - 1));
    lines.add(last.put(field, value).toString());
  }

  /**
   * Against the BatchWriter output without pre-sum (auto is off for whole tables) the goal is 4.
   */
  @ParameterizedTest
  @ValueSource(strings = {"0", "auto"})
  void bulkOutputAgainstNoPresumHasItsOwnGoal(String presum) throws Exception {
    whole(14, "iterator", 53_353_223, 80.0, true);
    presum(presum);
    whole(14, "iterator-bulk", 53_353_223, 25.0, true);
    String md = report();
    assertTrue(
        md.contains(
            "SCALE 14: iterator-bulk / iterator engine without pre-sum = 3.20× [1.72–5.94] (goal"
                + " ≥ 4.0: not decided: the interval spans the goal)"),
        md);
  }

  /** Writes the reports of the records so far and returns report.md's text. */
  private String report() throws Exception {
    Reports.write(runs());
    return Files.readString(dir.resolve(Reports.REPORT_MD));
  }

  /** Sets the last record's {@code --presum}. */
  private void presum(String presum) throws Exception {
    ObjectNode last = (ObjectNode) new ObjectMapper().readTree(lines.remove(lines.size() - 1));
    lines.add(last.put("presum", presum).toString());
  }

  /**
   * A failed run is reported with its error, counts against "C proven", and stays out of the
   * medians, latencies, ratios and plots, which use the runs that finished.
   */
  @Test
  void failedRunsAreReportedAndLeftOutOfTheStatistics() throws Exception {
    whole(12, "iterator", 6_800_000, 20.0, true);
    lines.add(
        RunRecords.object()
            .put("engine", "client")
            .put("workload", "whole")
            .put("scale", 12)
            .put("concurrency", 1)
            .put("equal", false)
            .put(
                "error",
                "MemoryBudgetExceededException: client baseline: C of 'C_client_12' would pass the"
                    + " 4194304 cells")
            .toString());
    for (double s : new double[] {0.3, 0.1}) {
      queued("client", 1024, 4, s, 2.0);
    }
    lines.add(
        RunRecords.object()
            .put("engine", "client")
            .put("workload", "queued")
            .put("scale", 12)
            .put("rows_requested", 1024)
            .put("concurrency", 4)
            .put("equal", false)
            .put("error", "MemoryBudgetExceededException: over budget")
            .toString());

    Summary summary = Summary.read(runs());
    Summary.Row clientWhole = summary.whole(12, "client").orElseThrow();
    assertEquals(1, clientWhole.failed());
    assertFalse(clientWhole.answered());
    Summary.Row queued = summary.rows().stream().filter(r -> !r.whole()).findFirst().orElseThrow();
    assertEquals(3, queued.runs());
    assertEquals(1, queued.failed());
    assertEquals(0.2, queued.latencyP50S(), 1e-9);
    assertArrayEquals(
        new double[] {0.1, 0.3}, summary.latencies("queued", 12, "client", 1024, 4), 1e-9);

    String md = report();
    assertTrue(
        md.contains(
            "**2 of 5 multiplies did not produce a C equal to its reference (2 of them failed):**"),
        md);
    assertTrue(
        md.contains(
            "- SCALE 12 whole client: failed: MemoryBudgetExceededException: client baseline:"),
        md);
    assertTrue(
        md.contains(
            "- SCALE 12 queued client 1024 rows at concurrency 4: failed:"
                + " MemoryBudgetExceededException"),
        md);
    assertTrue(
        md.contains("| 12 | client | 1 | - | - | - | - | - | - | - | - | **NO: 1 of 1 failed** |"),
        md);
    assertTrue(md.contains("**NO: 1 of 3 failed**"), md);
    assertFalse(
        md.contains("iterator engine / client-side baseline"),
        "no ratio against a failed run: " + md);
    assertTrue(Files.exists(dir.resolve(Plots.RATE_VS_SCALE)));
  }
}
