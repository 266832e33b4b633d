package outerproduct.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The crossover table: one row per SCALE both bulk paths ran, ordered by SCALE, and its answer. */
class CrossoverTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void namesTheFirstScaleWhereMapReduceIsDecidedlyAhead() throws Exception {
    Crossover.Source larger = source("b", 16, new double[] {2e6, 2.1e6, 1.9e6}, 3e6);
    Crossover.Source smaller = source("a", 14, new double[] {5e6, 5.2e6, 4.9e6}, 2e6);
    // given out of SCALE order, as the reports' folder names sort
    List<String> lines = Crossover.lines(List.of(larger, smaller));
    assertEquals(6, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(2).startsWith("| 14 | a (`x`, day) | 2 × 768 MB |"), lines.get(2));
    assertTrue(lines.get(2).contains("| iterator-bulk ahead |"), lines.get(2));
    assertTrue(lines.get(3).startsWith("| 16 | b"), lines.get(3));
    assertTrue(lines.get(3).contains("| mr-bulk ahead |"), lines.get(3));
    assertEquals("MapReduce's bulk output is first decidedly ahead at SCALE 16 (b).", lines.get(5));
  }

  @Test
  void saysWhenNoRunHasMapReduceAhead() throws Exception {
    List<String> lines =
        Crossover.lines(List.of(source("a", 14, new double[] {5e6, 5.2e6, 4.9e6}, 2e6)));
    assertEquals(
        "No run up to SCALE 14 has MapReduce's bulk output decidedly ahead; at SCALE 14 every run"
            + " has iterator-bulk ahead.",
        lines.get(lines.size() - 1));
  }

  @Test
  void saysHowManyRunsAtTheLargestScaleDecide() throws Exception {
    Crossover.Source decided = source("a", 18, new double[] {5e6, 5.2e6, 4.9e6}, 2e6);
    Crossover.Source oneRun = source("b", 18, new double[] {5e6}, 4e6);
    assertEquals(
        "No run up to SCALE 18 has MapReduce's bulk output decidedly ahead; at SCALE 18"
            + " iterator-bulk is decidedly ahead in 1 of 2 runs; the others do not tell the ratio"
            + " apart from 1.",
        last(Crossover.lines(List.of(decided, oneRun))));
    assertEquals(
        "No run up to SCALE 18 has MapReduce's bulk output decidedly ahead; at SCALE 18 no run"
            + " tells the ratio apart from 1.",
        last(Crossover.lines(List.of(oneRun))));
  }

  @Test
  void aReportWithoutBothBulkPathsGivesNoRow() throws Exception {
    List<JsonNode> records = new ArrayList<>();
    for (int repeat = 0; repeat < 3; repeat++) {
      records.add(run(14, "iterator-bulk", repeat, 5e6));
      records.add(run(14, "mr", repeat, 1e6));
    }
    assertTrue(
        Crossover.lines(List.of(new Crossover.Source("a", "x", Summary.of(records)))).isEmpty());
  }

  private static String last(List<String> lines) {
    return lines.get(lines.size() - 1);
  }

  /** Three repeats of iterator-bulk at the given rates and of mr-bulk at about {@code mrRate}. */
  private static Crossover.Source source(String name, int scale, double[] iterator, double mrRate)
      throws Exception {
    List<JsonNode> records = new ArrayList<>();
    for (int repeat = 0; repeat < iterator.length; repeat++) {
      records.add(run(scale, "iterator-bulk", repeat, iterator[repeat]));
      records.add(run(scale, "mr-bulk", repeat, mrRate * (1 + 0.02 * repeat)));
    }
    return new Crossover.Source(name, "`x`, day", Summary.of(records));
  }

  private static JsonNode run(int scale, String engine, int repeat, double rate) throws Exception {
    return JSON.readTree(
        "{\"workload\":\"whole\",\"scale\":"
            + scale
            + ",\"engine\":\""
            + engine
            + "\",\"repeat\":"
            + repeat
            + ",\"tservers\":2,\"tserver_memory_mb\":768,\"equal\":true,"
            + "\"partial_products\":1000000,\"t_total_s\":"
            + 1e6 / rate
            + ",\"rate_pp_per_s\":"
            + rate
            + "}");
  }
}
