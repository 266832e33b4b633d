package outerproduct.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The projection: linear while the processor binds, less where network or disk binds first. */
class CostModelTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aProcessorBoundEngineScalesWithTheNodes() {
    CostModel.Work work = new CostModel.Work(1e-6, 10, 0, 0);
    assertEquals(2e6, work.modelRate(1), 1);
    assertEquals(8e6, work.modelRate(4), 1);
    assertEquals(3.2e7, work.modelRate(16), 1);
    assertEquals("processor", work.bound(16));
    assertEquals("network at 66.7×", work.next(16), "9.4 bytes over 1.25 GB/s against 0.5 µs");
  }

  @Test
  void bytesSpreadToOtherNodesBindOnlyOnceThereAreOthers() {
    // 2,000 bytes a product to C's rows: none cross the network on one node, 15/16 on 16
    CostModel.Work work = new CostModel.Work(1e-6, 2000, 0, 0);
    assertEquals("processor", work.bound(1));
    assertEquals(1875, work.networkBytes(16), 1e-9);
    assertEquals("network", work.bound(16));
    assertEquals(16 / (1875 / CostModel.NETWORK_BYTES_PER_S), work.modelRate(16), 1);
  }

  @Test
  void replicatedBytesCostTheDiskThreeTimesAndTheNetworkTwice() {
    CostModel.Work work = new CostModel.Work(1e-6, 0, 100, 0);
    assertEquals(200, work.networkBytes(1), 1e-9);
    assertEquals("disk", work.bound(4), "300 bytes of disk a product: 1.5 µs against 0.5 µs");
    assertEquals(4 / (300 / CostModel.DISK_BYTES_PER_S), work.modelRate(4), 1);
  }

  @Test
  void theTableScalesTheMeasuredRateByTheModel() throws Exception {
    List<String> lines =
        CostModel.lines(
            List.of(
                run("mr-bulk", 2.0, 1e6, "{\"shuffle_bytes\":5000000,\"local_bytes_written\":0}"),
                run("client", 1.0, 1e6, "{}")));
    assertEquals(3, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).startsWith("| SCALE | engine | CPU µs | network bytes at 16"));
    assertEquals(
        "| 12 | mr-bulk | 2.00 | 4.7 | 0.0 | 1.00e+06 | 1.00e+06 (processor) | 4.00e+06"
            + " (processor) | 1.60e+07 (processor) | network at 266.7× |",
        lines.get(2));
  }

  private static JsonNode run(String engine, double cpu, double rate, String info)
      throws Exception {
    return JSON.readTree(
        "{\"workload\":\"whole\",\"scale\":12,\"engine\":\""
            + engine
            + "\",\"equal\":true,\"partial_products\":1000000,\"rate_pp_per_s\":"
            + rate
            + ",\"machine_cpu_s\":"
            + cpu
            + ",\"engine_info\":"
            + info
            + "}");
  }
}
