package outerproduct.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import outerproduct.multiply.Calibration;
import outerproduct.multiply.ExecutionPath;
import outerproduct.multiply.Shape;

class CalibrationFitTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ObjectNode record(
      String engine, String workload, long products, double seconds, int concurrency) {
    return JSON.createObjectNode()
        .put("engine", engine)
        .put("workload", workload)
        .put("scale", 10)
        .put("concurrency", concurrency)
        .put("equal", true)
        .put("partial_products", products)
        .put("t_request_s", seconds)
        .put("cluster", "embedded")
        .put("tservers", 2)
        .put("git_commit", "abc1234");
  }

  @Test
  void timesOnALineGiveThatLineBack() {
    List<JsonNode> records = new ArrayList<>();
    for (long pp : new long[] {1_000, 1_000_000, 20_000_000}) {
      records.add(record("iterator", "whole", pp, 0.5 + pp / 6e5, 1));
      records.add(record("mr", "queued", pp, 6 + pp / 3e5, 1));
    }
    records.add(record("mr", "queued", 5_000, 500, 4)); // several in flight: not fitted
    records.add(record("client", "whole", 5_000, 1, 1)); // not an engine auto chooses
    Calibration fit = CalibrationFit.of(Summary.of(records), "scripts/compare --calibrate").get();

    Calibration.Cost it = fit.cost(ExecutionPath.ITERATOR, Shape.WHOLE).get();
    assertEquals(0.5, it.fixedSeconds(), 1e-6);
    assertEquals(6e5, it.productsPerSecond(), 1e-3);
    assertEquals(3, it.runs());
    assertEquals(1_000, it.productsMin());
    assertEquals(20_000_000, it.productsMax());
    Calibration.Cost mr = fit.cost(ExecutionPath.MR, Shape.SUBSET).get();
    assertEquals(6, mr.fixedSeconds(), 1e-6);
    assertEquals(3e5, mr.productsPerSecond(), 1e-3);
    assertEquals(3, mr.runs());
    assertTrue(fit.cost(ExecutionPath.MR, Shape.WHOLE).isEmpty());
    assertEquals("abc1234", fit.commit());
    assertEquals("scripts/compare --calibrate", fit.command());
  }

  @Test
  void answeringEnginesGiveTheirPathsAnswerLinesBesideTheTableLines() {
    List<JsonNode> records = new ArrayList<>();
    for (long pp : new long[] {100, 30_000, 2_000_000}) {
      records.add(record("iterator", "queued", pp, 0.25 + pp / 7e5, 1));
      records.add(record("iterator-answer", "queued", pp, 0.05 + pp / 1e6, 1));
      records.add(record("auto-answer", "queued", pp, 9, 1)); // auto's choice: no line
    }
    Calibration fit = CalibrationFit.of(Summary.of(records), "c").get();
    Calibration.Cost table = fit.cost(ExecutionPath.ITERATOR, Shape.SUBSET).get();
    assertEquals(0.25, table.fixedSeconds(), 1e-6);
    assertTrue(!table.answers());
    Calibration.Cost answer = fit.answerCost(ExecutionPath.ITERATOR, Shape.SUBSET).get();
    assertEquals(0.05, answer.fixedSeconds(), 1e-6);
    assertEquals(1e6, answer.productsPerSecond(), 1e-3);
    assertEquals(2, fit.costs().size());
  }

  @Test
  void aNegativeFixedCostIsRefittedThroughZeroAndOneSizeGivesNoLine() {
    List<JsonNode> records = new ArrayList<>();
    records.add(record("iterator", "queued", 1_000_000, 1.0, 1));
    records.add(record("iterator", "queued", 2_000_000, 3.0, 1)); // the line meets 0 s at -1
    records.add(record("mr", "whole", 1_000_000, 20, 1));
    records.add(record("mr", "whole", 1_000_000, 22, 1));
    Calibration fit = CalibrationFit.of(Summary.of(records), "c").get();
    Calibration.Cost it = fit.cost(ExecutionPath.ITERATOR, Shape.SUBSET).get();
    assertEquals(0, it.fixedSeconds());
    // through the origin, minimising relative error: 1 / (mean of pp/t over pp/t squared)
    double v1 = 1e6;
    double v2 = 2e6 / 3;
    assertEquals((v1 * v1 + v2 * v2) / (v1 + v2), it.productsPerSecond(), 1e-6);
    assertTrue(fit.cost(ExecutionPath.MR, Shape.WHOLE).isEmpty(), "one size: no rate to fit");
  }

  @Test
  void repeatsOfOneSizeCountOnceByTheirMedian() {
    List<JsonNode> records = new ArrayList<>();
    for (long pp : new long[] {1_000_000, 4_000_000}) {
      double onTheLine = 1 + pp / 1e6;
      records.add(record("iterator-bulk", "whole", pp, onTheLine, 1));
      records.add(record("iterator-bulk", "whole", pp, onTheLine * 0.97, 1));
      records.add(record("iterator-bulk", "whole", pp, onTheLine * 3, 1)); // one cold repeat
    }
    Calibration.Cost line =
        CalibrationFit.of(Summary.of(records), "c")
            .get()
            .cost(ExecutionPath.ITERATOR_BULK, Shape.WHOLE)
            .get();
    // the medians lie on the line; the cold repeats do not pull it
    assertEquals(1, line.fixedSeconds(), 1e-6);
    assertEquals(1e6, line.productsPerSecond(), 1e-3);
    assertEquals(6, line.runs());
  }

  @Test
  void subsetsWithRowsGetARowTermThatTheirProductsAloneCannotFit() {
    List<JsonNode> records = new ArrayList<>();
    // queued: thousands of products per row; cued: a few; both on one line with a row term
    long[][] sizes = {
      {72, 1}, {110_000, 53}, {3_000_000, 889}, {30, 1}, {1_500, 60}, {26_000, 1000}
    };
    for (long[] size : sizes) {
      double t = 0.01 + size[0] / 4.4e5 + size[1] * 1.1e-4;
      records.add(record("client-answer", "queued", size[0], t, 1).put("estimate_rows", size[1]));
      records.add(record("iterator", "whole", size[0] * 100, 0.2 + size[0] * 100 / 1e6, 1));
    }
    Calibration fit = CalibrationFit.of(Summary.of(records), "c").get();
    Calibration.Cost answer = fit.answerCost(ExecutionPath.CLIENT, Shape.SUBSET).get();
    assertEquals(0.01, answer.fixedSeconds(), 1e-6);
    assertEquals(4.4e5, answer.productsPerSecond(), 1e-3);
    assertEquals(1.1e-4, answer.secondsPerRow(), 1e-12);
    assertEquals(0.01 + 26_000 / 4.4e5 + 0.11, answer.seconds(26_000, 1000), 1e-9);
    assertEquals(0, fit.cost(ExecutionPath.ITERATOR, Shape.WHOLE).get().secondsPerRow());

    // rows that cost nothing give no row term, and a line through them is the line without it
    records.clear();
    for (long[] size : sizes) {
      double t = 0.05 + size[0] / 5e6 - size[1] * 1e-7;
      records.add(record("iterator-answer", "queued", size[0], t, 1).put("estimate_rows", size[1]));
    }
    Calibration.Cost noRows =
        CalibrationFit.of(Summary.of(records), "c")
            .get()
            .answerCost(ExecutionPath.ITERATOR, Shape.SUBSET)
            .get();
    assertEquals(0, noRows.secondsPerRow(), "a negative row cost is refitted as none");
  }

  @Test
  void theCalibrationIsDatedByItsRunsSoRenderingAgainReproducesIt() {
    JsonNode run =
        record("iterator", "whole", 1000, 1.0, 1).put("started_at", "2026-11-27T21:54:50.69Z");
    assertEquals("2026-11-27", CalibrationFit.measuredOn(run));
  }
}
