package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.compare.report.Reports;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.multiply.TwoHop;

/**
 * The workloads of requests on one generated graph end to end, as {@code scripts/compare} runs them
 * on the shared embedded cluster: two-hop (the request shape of its own beside the multiply form
 * answered by both answering paths, every answer equal to the oracle, the two-hop request reading
 * exactly the entries its answer needs) and under-batch (the cued requests again while whole-table
 * multiplies run, each C still equal to the oracle, the load named in every record).
 */
@ExtendWith(SharedClusters.class)
class RequestWorkloadsIT {
  @TempDir Path tmp;

  private static List<JsonNode> records(Path reports) throws Exception {
    Path run;
    try (Stream<Path> dirs = Files.list(reports)) {
      run = dirs.findFirst().orElseThrow();
    }
    List<JsonNode> records = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    for (String line : Files.readAllLines(run.resolve("runs.jsonl"))) {
      records.add(json.readTree(line));
    }
    return records;
  }

  @Test
  void theCuedRequestsUnderAWholeTableLoadAreAnsweredAndCompared(EmbeddedAccumulo accumulo)
      throws Exception {
    Path reports = tmp.resolve("reports");
    int exit =
        CompareCommand.run(
            "--cluster",
            accumulo.clientPropertiesFile().getPath(),
            "--reports",
            reports.toString(),
            "--workloads",
            "cued,under-batch",
            "--cued-scale",
            "10",
            "--cued-rows",
            "1",
            "--batch-scale",
            "11",
            "--requests",
            "3",
            "--concurrency",
            "1",
            "--all-repeats",
            "--engines",
            "iterator-answer,client");
    assertEquals(0, exit, "scripts/compare exit code");
    List<JsonNode> records = records(reports);
    // 2 engines × 3 requests idle (cued) and again under the batch
    assertEquals(2 * 3 * 2, records.size());
    for (JsonNode r : records) {
      assertTrue(r.path("equal").asBoolean(), "differs from the oracle: " + r);
      boolean loaded = r.path("workload").asText().equals("under-batch");
      assertEquals(loaded, r.hasNonNull("under_batch"), r.toString());
      if (loaded) {
        assertTrue(r.path("under_batch").asText().contains("whole SCALE 11"), r.toString());
      }
    }
    try (Stream<Path> dirs = Files.list(reports)) {
      String report = Files.readString(dirs.findFirst().orElseThrow().resolve(Reports.REPORT_MD));
      assertTrue(report.contains("## Under batch"), report);
      assertTrue(report.contains("under / idle = "), report);
    }
    try (AccumuloClient client = accumulo.newClient()) {
      assertFalse(
          client.tableOperations().list().stream().anyMatch(t -> t.contains("BATCH_")),
          "the load's result tables are deleted");
    }
  }

  @Test
  void everyEngineAnswersTheOraclesNeighbourhoodAndTwoHopReadsOnlyWhatItNeeds(
      EmbeddedAccumulo accumulo) throws Exception {
    Path reports = tmp.resolve("reports");
    int exit =
        CompareCommand.run(
            "--cluster",
            accumulo.clientPropertiesFile().getPath(),
            "--reports",
            reports.toString(),
            "--workloads",
            "two-hop",
            "--two-hop-scale",
            "10",
            "--two-hop-vertices",
            "1,16",
            "--requests",
            "2",
            "--concurrency",
            "1",
            "--engines",
            "two-hop,two-hop-client,client-answer,iterator-answer",
            // every request of every engine: an engine decided behind after one request would
            // otherwise answer no more, and the count below would depend on the machine's speed
            "--all-repeats");
    assertEquals(0, exit, "scripts/compare exit code");
    List<JsonNode> records = records(reports);
    // 4 engines × 2 sizes × 2 requests, one at a time
    assertEquals(4 * 2 * 2, records.size());
    for (JsonNode r : records) {
      assertEquals("two-hop", r.path("workload").asText(), r.toString());
      assertEquals("caller", r.path("result_to").asText(), r.toString());
      assertTrue(r.path("equal").asBoolean(), "the answer differs from the oracle: " + r);
      long needed = r.path("entries_needed").asLong();
      assertTrue(needed > 0, r.toString());
      JsonNode info = r.path("engine_info");
      long read = info.path("entries_read").asLong();
      if (r.path("engine").asText().equals("two-hop-client")) {
        assertEquals(needed, read, "read only what it needs: " + r);
        assertEquals(
            needed,
            info.path("entries_first_hop").asLong() + info.path("entries_second_hop").asLong());
      } else if (r.path("engine").asText().equals("two-hop")) {
        // the tablet servers' reads add each tablet's copy of the rows S and a few entries that
        // seeking steps over
        boolean large = info.path("entries_first_hop").asLong() >= TwoHop.SERVERS_FROM_FIRST_HOP;
        assertEquals(
            large ? "tablet_servers" : "client", info.path("formed_in").asText(), r.toString());
        assertTrue(read >= needed && read <= 2 * needed, "read what it needs, not all: " + r);
      }
    }
    String report;
    try (Stream<Path> dirs = Files.list(reports)) {
      report = Files.readString(dirs.findFirst().orElseThrow().resolve(Reports.REPORT_MD));
    }
    assertTrue(report.contains("All 16 multiplies produced a C whose checksum"), report);
  }
}
