package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.multiply.Calibration;
import outerproduct.multiply.ExecutionPath;
import outerproduct.multiply.Shape;

class CalibrationInstallTest {
  private static final List<ExecutionPath> MEASURED =
      List.of(ExecutionPath.ITERATOR, ExecutionPath.MR);
  private static final List<ExecutionPath> ANSWERING = List.of(ExecutionPath.ITERATOR);

  @TempDir Path dir;

  private Path fitted(boolean withMapReduceSubsets) throws Exception {
    return fitted(withMapReduceSubsets, true);
  }

  private Path fitted(boolean withMapReduceSubsets, boolean withAnswers) throws Exception {
    List<Calibration.Cost> costs = new ArrayList<>();
    if (withAnswers) {
      costs.add(
          new Calibration.Cost(ExecutionPath.ITERATOR, Shape.SUBSET, 0.1, 9e5, 0, 9, 10, 20, true));
    }
    costs.add(new Calibration.Cost(ExecutionPath.ITERATOR, Shape.WHOLE, 0.3, 6e5, 3, 10, 20));
    costs.add(new Calibration.Cost(ExecutionPath.ITERATOR, Shape.SUBSET, 0.2, 7e5, 9, 10, 20));
    costs.add(new Calibration.Cost(ExecutionPath.MR, Shape.WHOLE, 19, 8e5, 3, 10, 20));
    if (withMapReduceSubsets) {
      costs.add(new Calibration.Cost(ExecutionPath.MR, Shape.SUBSET, 5, 4e5, 9, 10, 20));
    }
    Path file = dir.resolve("report").resolve("calibration.json");
    new Calibration("fitted", "embedded", "2026-11-26", "abc", "c", costs).write(file);
    return file;
  }

  @Test
  void everyLineInstallsTheFileAndPrintsIt() throws Exception {
    Path target = dir.resolve("conf").resolve("calibration.json");
    StringWriter out = new StringWriter();
    CalibrationInstall.install(
        fitted(true), MEASURED, ANSWERING, target, new PrintWriter(out, true));
    Calibration installed = Calibration.read(target);
    assertEquals(5, installed.costs().size());
    assertEquals(0.2, installed.cost(ExecutionPath.ITERATOR, Shape.SUBSET).get().fixedSeconds());
    assertEquals(
        0.1, installed.answerCost(ExecutionPath.ITERATOR, Shape.SUBSET).get().fixedSeconds());
    assertTrue(
        out.toString().contains("mr whole: 19.00 s + pp / 8.00e+05 pp/s (3 runs"), out.toString());
    assertTrue(
        out.toString().contains("iterator subset answering the caller: 0.10 s"), out.toString());
  }

  @Test
  void aMissingLineIsNamedAndNothingIsInstalled() throws Exception {
    Path target = dir.resolve("calibration.json");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                CalibrationInstall.install(
                    fitted(false),
                    MEASURED,
                    ANSWERING,
                    target,
                    new PrintWriter(new StringWriter())));
    assertTrue(e.getMessage().contains("no mr line for subset multiplies"), e.getMessage());
    assertFalse(Files.exists(target));
  }

  @Test
  void aMissingAnswerLineIsNamedAndNothingIsInstalled() throws Exception {
    Path target = dir.resolve("calibration.json");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                CalibrationInstall.install(
                    fitted(true, false),
                    MEASURED,
                    ANSWERING,
                    target,
                    new PrintWriter(new StringWriter())));
    assertEquals(
        "--calibrate: no iterator line for answers to the caller; run it on queued requests of"
            + " two sizes or more",
        e.getMessage());
    assertFalse(Files.exists(target));
  }
}
