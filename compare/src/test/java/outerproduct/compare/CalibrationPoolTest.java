package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.multiply.Calibration;
import outerproduct.multiply.ExecutionPath;
import outerproduct.multiply.Shape;

class CalibrationPoolTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static ObjectNode run(long products, double seconds, int tservers) {
    ObjectNode r =
        JSON.createObjectNode()
            .put("engine", "iterator-bulk")
            .put("workload", "whole")
            .put("concurrency", 1)
            .put("equal", true)
            .put("partial_products", products)
            .put("t_request_s", seconds)
            .put("cluster", "embedded")
            .put("tservers", tservers)
            .put("tserver_memory_mb", 768)
            .put("semiring", "plus-times-long")
            .put("git_commit", "abc1234");
    r.putObject("host").put("cores", 2).put("memory_gb", 23.5);
    return r;
  }

  private Path report(String name, ObjectNode... runs) throws Exception {
    Path folder = Files.createDirectories(dir.resolve(name));
    List<String> lines = new ArrayList<>();
    for (ObjectNode r : runs) {
      lines.add(JSON.writeValueAsString(r));
    }
    Files.write(folder.resolve("runs.jsonl"), lines);
    return folder;
  }

  @Test
  void theLinesSpanEveryReportsSizes() throws Exception {
    // Small tables cost 1 s + pp / 1e7, large ones a slower 5e6: the pooled line is fitted on all
    // four sizes, the small report's alone on its two.
    Path small = report("small", run(1_000_000, 1.1, 2), run(10_000_000, 2.0, 2));
    Path large = report("large", run(500_000_000, 101, 2), run(1_000_000_000, 201, 2));
    Calibration alone = CalibrationPool.fit(List.of(small), "alone").orElseThrow();
    Calibration pooled = CalibrationPool.fit(List.of(small, large), "pooled").orElseThrow();

    Calibration.Cost smallLine = alone.cost(ExecutionPath.ITERATOR_BULK, Shape.WHOLE).orElseThrow();
    Calibration.Cost line = pooled.cost(ExecutionPath.ITERATOR_BULK, Shape.WHOLE).orElseThrow();
    assertEquals(1e7, smallLine.productsPerSecond(), 1);
    assertEquals(4, line.runs());
    assertEquals(1_000_000_000, line.productsMax());
    // A line through all four cannot meet both rates; it must err at 1e9 by less than half of
    // what the small report's line alone does (101 s for 201).
    double pooledError = Math.abs(line.seconds(1_000_000_000, 0) - 201);
    double aloneError = Math.abs(smallLine.seconds(1_000_000_000, 0) - 201);
    assertTrue(aloneError > 90, "the small report's line at 1e9 pp: " + aloneError + " s off");
    assertTrue(
        pooledError < aloneError / 2, "the pooled line at 1e9 pp: " + pooledError + " s off");
    assertEquals("pooled", pooled.command());
  }

  @Test
  void anotherClustersReportIsRefusedNamingTheField() throws Exception {
    Path two = report("two", run(1_000_000, 1.1, 2), run(10_000_000, 2.0, 2));
    Path one = report("one", run(500_000_000, 101, 1));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> CalibrationPool.fit(List.of(two, one), "c"));
    assertTrue(e.getMessage().startsWith("--calibrate-from " + one + ": "), e.getMessage());
    assertTrue(e.getMessage().contains("tservers 1 where " + two + " has 2"), e.getMessage());
  }

  @Test
  void aFolderWithoutRunsIsNamed() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> CalibrationPool.fit(List.of(empty), "c"));
    assertEquals("--calibrate-from " + empty + ": no runs.jsonl in this folder", e.getMessage());
  }

  @Test
  void aLineThatIsNotJsonIsNamedInOneLine() throws Exception {
    Path broken = Files.createDirectories(dir.resolve("broken"));
    Files.write(broken.resolve("runs.jsonl"), List.of("not json"));
    java.io.IOException e =
        assertThrows(java.io.IOException.class, () -> CalibrationPool.fit(List.of(broken), "c"));
    assertTrue(
        e.getMessage().startsWith(broken.resolve("runs.jsonl") + " line 1 is not JSON: "),
        e.getMessage());
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
  }
}
