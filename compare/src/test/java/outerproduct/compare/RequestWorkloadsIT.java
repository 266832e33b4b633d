package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.compare.report.Reports;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;

/**
 * The two-hop workload end to end, as {@code scripts/compare --workloads two-hop} runs it on the
 * shared embedded cluster: the request shape of its own beside the multiply form answered by both
 * answering paths, every answer equal to the oracle, and the two-hop request reading exactly the
 * entries its answer needs.
 */
@ExtendWith(SharedClusters.class)
class TwoHopWorkloadIT {
  @TempDir Path tmp;

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
            "two-hop,client-answer,iterator-answer");
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
    // 3 engines × 2 sizes × 2 requests, one at a time
    assertEquals(3 * 2 * 2, records.size());
    for (JsonNode r : records) {
      assertEquals("two-hop", r.path("workload").asText(), r.toString());
      assertEquals("caller", r.path("result_to").asText(), r.toString());
      assertTrue(r.path("equal").asBoolean(), "the answer differs from the oracle: " + r);
      long needed = r.path("entries_needed").asLong();
      assertTrue(needed > 0, r.toString());
      if (r.path("engine").asText().equals("two-hop")) {
        JsonNode info = r.path("engine_info");
        assertEquals(needed, info.path("entries_read").asLong(), "read only what it needs: " + r);
        assertEquals(
            needed,
            info.path("entries_first_hop").asLong() + info.path("entries_second_hop").asLong());
      }
    }
    String report = Files.readString(run.resolve(Reports.REPORT_MD));
    assertTrue(report.contains("All 12 multiplies produced a C whose checksum"), report);
  }
}
