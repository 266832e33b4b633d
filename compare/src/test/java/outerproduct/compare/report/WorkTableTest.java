package outerproduct.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Per-product work: medians over a group's proven whole-table runs, "-" where not measured. */
class WorkTableTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode run(String engine, double cpu, String info) throws Exception {
    return JSON.readTree(
        "{\"workload\":\"whole\",\"scale\":12,\"engine\":\""
            + engine
            + "\",\"equal\":true,\"partial_products\":1000000,\"machine_cpu_s\":"
            + cpu
            + ",\"engine_info\":"
            + info
            + "}");
  }

  @Test
  void mediansPerProductWithDashesForWhatAnEngineDoesNotCount() throws Exception {
    List<String> lines =
        WorkTable.lines(
            List.of(
                run("iterator-bulk", 2.0, "{\"sent_bytes\":0,\"file_bytes\":9000000}"),
                run("iterator-bulk", 4.0, "{\"sent_bytes\":0,\"file_bytes\":11000000}"),
                run("iterator-bulk", 3.0, "{\"sent_bytes\":0,\"file_bytes\":10000000}"),
                run("mr-bulk", 20.0, "{\"shuffle_bytes\":25000000}")));
    assertEquals(4, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).startsWith("| SCALE | engine | CPU µs |"), lines.get(0));
    assertEquals(
        "| 12 | iterator-bulk | 3.00 | 0.0 | 10.0 | - | - | - | - | - | - |", lines.get(2));
    assertEquals("| 12 | mr-bulk | 20.00 | - | - | - | - | 25.0 | - | - | - |", lines.get(3));
  }

  @Test
  void runsThatFailedOrDifferCountForNothing() throws Exception {
    JsonNode failed = JSON.readTree("{\"workload\":\"whole\",\"scale\":12,\"engine\":\"mr\"}");
    assertTrue(WorkTable.lines(List.of(failed)).isEmpty());
  }
}
