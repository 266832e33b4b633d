package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.compare.report.Plots;
import outerproduct.compare.report.Reports;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.multiply.Calibration;
import outerproduct.multiply.ExecutionPath;
import outerproduct.multiply.Shape;

/**
 * The harness end to end, as a user runs it: {@code scripts/compare} on the generated SCALE 10
 * graph (the default input) with every engine, whole and queued, against the shared embedded
 * clusters (through {@code --cluster}, so this JVM keeps one MiniAccumuloCluster and one
 * MiniMRYarnCluster). Checks the report files, not speed.
 */
@ExtendWith(SharedClusters.class)
class CompareCommandIT {
  /** docs/format.md: every record carries these fields. */
  private static final List<String> RECORD_FIELDS =
      List.of(
          "engine",
          "workload",
          "input",
          "scale",
          "ef",
          "seeds",
          "rows_selected",
          "tservers",
          "tablets_AT",
          "tablets_B",
          "tablets_C",
          "nnz_AT",
          "nnz_B",
          "partial_products",
          "entries_written",
          "nnz_C",
          "checksum_C",
          "t_total_s",
          "t_setup_s",
          "t_c_readable_s",
          "rate_pp_per_s",
          "repeat",
          "git_commit",
          "command",
          "started_at",
          "host");

  @TempDir Path tmp;

  @Test
  void everyEngineWholeAndQueuedWithReports(EmbeddedAccumulo accumulo, EmbeddedYarn yarn)
      throws Exception {
    List<String> clusters = SharedClusterArguments.of(accumulo, yarn, tmp);
    Path reports = tmp.resolve("reports");
    int exit =
        CompareCommand.run(
            SharedClusterArguments.with(
                clusters,
                "--reports",
                reports.toString(),
                "--scales",
                "10",
                "--repeats",
                "1",
                "--all-repeats",
                "--engines",
                "iterator,ingest-ceiling,mr,client,auto,iterator-answer,auto-answer",
                "--workloads",
                "whole,queued",
                "--queued-rows",
                "64",
                "--requests",
                "2",
                "--concurrency",
                "1,2",
                "--prepared-c",
                "2"));
    assertEquals(0, exit, "scripts/compare exit code");

    Path run;
    try (Stream<Path> dirs = Files.list(reports)) {
      run = dirs.findFirst().orElseThrow();
    }
    List<JsonNode> records = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    for (String line : Files.readAllLines(run.resolve("runs.jsonl"))) {
      records.add(json.readTree(line));
    }
    // 5 engines once whole (the answers to the caller are for requests; the median of repeats is
    // ReportsTest's) + 6 engines (no ingest ceiling) × 2 concurrencies × 2 requests; the default
    // warm-up multiply per engine is run but not recorded
    assertEquals(5 + 6 * 2 * 2, records.size());
    for (JsonNode r : records) {
      for (String field : RECORD_FIELDS) {
        assertTrue(r.has(field), "record lacks field " + field + ": " + r);
      }
      assertTrue(r.path("equal").asBoolean(), "C differs from its reference: " + r);
      assertEquals(
          r.path("engine").asText().endsWith("-answer") ? "caller" : "table",
          r.path("result_to").asText(),
          r.toString());
      assertEquals(1, r.path("warmup").asInt(-1), "the warm-up setting is recorded: " + r);
      if (r.path("workload").asText().equals("whole")) {
        // --tablets-c auto: C as the product split it, read from C after the run
        assertTrue(r.path("tablets_C").asInt(0) >= 1, "C's tablets are recorded: " + r);
      }
      assertEquals(2, r.path("prepared_c").asInt(-1), "queued C tables prepared ahead: " + r);
      assertTrue(
          r.path("estimate_equal").asBoolean(),
          "the degree tables' estimate equals the counted partial products: " + r);
      // An existing cluster: its settings are read from the instance, its heap is not measured.
      assertTrue(
          r.path("accumulo_settings").has("table.scan.dispatcher.opts.executor.tablemult"),
          r.toString());
      assertTrue(
          r.has("tserver_heap_peak_mb") && r.path("tserver_heap_peak_mb").isNull(), r.toString());
      if (r.path("engine").asText().startsWith("auto")) {
        JsonNode info = r.path("engine_info");
        assertTrue(
            ExecutionPath.runnable().stream()
                .anyMatch(p -> p.label().equals(info.path("auto_choice").asText())),
            "auto records its choice: " + r);
        assertTrue(info.path("auto_why").asText().contains("predicted"), r.toString());
        for (ExecutionPath path : ExecutionPath.runnable()) {
          assertTrue(
              info.has("auto_predicted_" + path.label() + "_s")
                  || info.has("auto_excluded_" + path.label()),
              "auto records a prediction or an exclusion for " + path + ": " + r);
        }
      }
      if (r.path("engine").asText().equals("mr")) {
        assertTrue(
            r.path("engine_info").path("map_rss_peak_mb").asLong() > 0,
            "map task memory measured: " + r);
      }
    }

    String oracle =
        ResultChecksum.of(
            ReferenceMultiply.multiply(
                Semirings.forName(Semirings.DEFAULT),
                KroneckerGenerator.standard(10, "A").matrix(),
                KroneckerGenerator.standard(10, "B").matrix()));
    Set<String> wholeChecksums = new HashSet<>();
    records.stream()
        .filter(r -> r.path("workload").asText().equals("whole"))
        .forEach(r -> wholeChecksums.add(r.path("checksum_C").asText()));
    assertEquals(
        Set.of(oracle), wholeChecksums, "every engine's whole-table C equals this test's oracle");

    List<String> summary = Files.readAllLines(run.resolve(Reports.SUMMARY_CSV));
    assertTrue(
        summary.stream().anyMatch(l -> l.startsWith("10,whole,iterator,,1,1,0,true,")),
        "summary.csv has the iterator engine's run: " + summary);
    for (String plot : List.of(Plots.RATE_VS_SCALE, Plots.LATENCY_CDF, Plots.THROUGHPUT)) {
      assertTrue(Files.size(run.resolve(plot)) > 1000, plot + " written");
    }
    String report = Files.readString(run.resolve(Reports.REPORT_MD));
    assertTrue(report.contains("All 29 multiplies produced a C whose checksum"), report);
    assertTrue(report.contains("reference: 29 the oracle's, 0 the first engine's"), report);
    assertTrue(report.contains("## Queued (row subsets)"), report);
    assertTrue(report.contains("## Engine auto"), report);
    assertTrue(report.contains("SCALE 10, whole table: auto chose "), report);
    // Requests of 64 random rows differ in size, so a subset line may be fitted (whether a line
    // fits depends on the times: CalibrationFitTest checks the fit); any line stays within the
    // sizes the run measured one at a time.
    Path fittedFile = run.resolve(Reports.CALIBRATION_JSON);
    if (Files.exists(fittedFile)) {
      for (Calibration.Cost line : Calibration.read(fittedFile).costs()) {
        assertEquals(Shape.SUBSET, line.shape(), "the whole tables ran one size: " + line);
        assertTrue(line.runs() >= 2 && line.productsMin() < line.productsMax(), line.toString());
      }
    }
    String password = accumulo.clientProperties().getProperty("auth.token");
    try (Stream<Path> files = Files.walk(run)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        assertFalse(
            new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(password),
            "the cluster's password is in report file " + file.getFileName());
      }
    }
    try (AccumuloClient client = accumulo.newClient()) {
      assertFalse(
          client.tableOperations().list().stream().anyMatch(t -> t.startsWith("cmp")),
          "the run's tables are deleted from the cluster");
    }
  }
}
