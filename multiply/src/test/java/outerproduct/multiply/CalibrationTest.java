package outerproduct.multiply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibrationTest {
  @TempDir Path dir;

  @Test
  void writtenLinesReadBackEqual() throws Exception {
    Calibration written =
        new Calibration(
            "fitted",
            "embedded, 2 tablet servers",
            "2026-11-26",
            "abc1234",
            "scripts/compare --calibrate",
            List.of(
                new Calibration.Cost(
                    ExecutionPath.ITERATOR, Shape.WHOLE, 0.25, 6.1e5, 6, 1_000, 9_000_000),
                new Calibration.Cost(ExecutionPath.MR, Shape.SUBSET, 6.5, 2.0e5, 9, 3, 400_000)));
    Path file = dir.resolve("calibration.json");
    written.write(file);
    Calibration read = Calibration.read(file);
    assertEquals(written.costs(), read.costs());
    assertEquals(file.toString(), read.source());
    assertEquals("abc1234", read.commit());
    assertEquals(
        0.25 + 1_220_000 / 6.1e5,
        read.cost(ExecutionPath.ITERATOR, Shape.WHOLE).get().seconds(1_220_000, 0),
        1e-9);
    assertTrue(read.cost(ExecutionPath.MR, Shape.WHOLE).isEmpty());
  }

  @Test
  void answersArePredictedByTheirOwnLinesWhereMeasuredElseByTheTableLines() throws Exception {
    Calibration.Cost clientTable =
        new Calibration.Cost(ExecutionPath.CLIENT, Shape.SUBSET, 0.2, 3e5, 9, 1, 10);
    Calibration.Cost iteratorTable =
        new Calibration.Cost(ExecutionPath.ITERATOR, Shape.SUBSET, 0.24, 7e5, 9, 1, 10);
    Calibration.Cost iteratorAnswer =
        new Calibration.Cost(ExecutionPath.ITERATOR, Shape.SUBSET, 0.05, 9e5, 0, 9, 1, 10, true);
    Calibration.Cost mrTable =
        new Calibration.Cost(ExecutionPath.MR, Shape.SUBSET, 5, 4e5, 9, 1, 10);
    Calibration all =
        new Calibration(
            "fitted",
            "c",
            "2026-12-02",
            "abc",
            "x",
            List.of(clientTable, iteratorAnswer, iteratorTable, mrTable));
    assertEquals(iteratorTable, all.cost(ExecutionPath.ITERATOR, Shape.SUBSET).get());
    assertEquals(iteratorAnswer, all.answerCost(ExecutionPath.ITERATOR, Shape.SUBSET).get());
    assertTrue(all.answerCost(ExecutionPath.CLIENT, Shape.SUBSET).isEmpty());

    Calibration answers = all.forAnswers(Set.of(ExecutionPath.CLIENT, ExecutionPath.ITERATOR));
    assertEquals(iteratorAnswer, answers.cost(ExecutionPath.ITERATOR, Shape.SUBSET).get());
    assertEquals(clientTable, answers.cost(ExecutionPath.CLIENT, Shape.SUBSET).get());
    assertTrue(answers.cost(ExecutionPath.MR, Shape.SUBSET).isEmpty());
    assertTrue(answers.source().contains("where measured, else of writing a table"));

    Path file = dir.resolve("answers.json");
    all.write(file);
    assertEquals(all.costs(), Calibration.read(file).costs());
    Files.writeString(
        file,
        "{\"costs\": [{\"path\": \"iterator\", \"shape\": \"subset\", \"fixed_s\": 0.1,"
            + " \"pp_per_s\": 5, \"answers\": \"yes\"}]}");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Calibration.read(file));
    assertTrue(
        e.getMessage().contains("costs[0]: 'answers' must be true or false"), e.getMessage());
  }

  @Test
  void shippedLinesCoverEveryPathAndShape() {
    Calibration shipped = Calibration.shipped();
    for (ExecutionPath path : ExecutionPath.runnable()) {
      for (Shape shape : Shape.values()) {
        assertTrue(shipped.cost(path, shape).isPresent(), path + " " + shape);
      }
    }
    for (ExecutionPath path : MultiplyAnswer.ANSWERING) {
      assertTrue(shipped.answerCost(path, Shape.SUBSET).isPresent(), path + " answering");
    }
    assertTrue(shipped.source().startsWith("shipped defaults"), shipped.source());
  }

  @Test
  void badFileNamesTheFieldAtFault() throws Exception {
    Path file = dir.resolve("bad.json");
    Files.writeString(
        file,
        "{\"costs\": [{\"path\": \"iterator\", \"shape\": \"whole\", \"fixed_s\": 0.1,"
            + " \"pp_per_s\": -5}]}");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Calibration.read(file));
    assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("costs[0]"), e.getMessage());
    assertTrue(e.getMessage().contains("pp_per_s must be a number > 0, got -5"), e.getMessage());

    Files.writeString(file, "{\"costs\": [{\"path\": \"spark\", \"shape\": \"whole\"}]}");
    e = assertThrows(IllegalArgumentException.class, () -> Calibration.read(file));
    assertTrue(
        e.getMessage()
            .contains("'spark': expected auto, client, iterator, iterator-bulk, mr or mr-bulk"),
        e.getMessage());

    Files.writeString(file, "{\"costs\": [");
    e = assertThrows(IllegalArgumentException.class, () -> Calibration.read(file));
    assertTrue(e.getMessage().contains("is not JSON"), e.getMessage());

    Path missing = dir.resolve("none.json");
    e = assertThrows(IllegalArgumentException.class, () -> Calibration.read(missing));
    assertTrue(e.getMessage().contains("cannot read calibration file " + missing), e.getMessage());
  }

  /**
   * Each request with the defaults asks for the installed lines: kept parsed, yet a file written
   * again (another {@code --calibrate}) is what the next request reads.
   */
  @Test
  void theInstalledFileIsReadAgainOnlyWhenItChanges() throws Exception {
    String before = System.getProperty("outerproduct.home");
    System.setProperty("outerproduct.home", dir.toString());
    try {
      assertSame(Calibration.shipped(), Calibration.installedOrShipped());
      Path file = dir.resolve(Calibration.INSTALLED);
      lines(6.1e5).write(file);
      Calibration first = Calibration.installedOrShipped();
      assertSame(first, Calibration.installedOrShipped());
      assertEquals(
          6.1e5, first.cost(ExecutionPath.ITERATOR, Shape.WHOLE).get().productsPerSecond());
      lines(7.25e5).write(file);
      Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis() + 5_000));
      assertEquals(
          7.25e5,
          Calibration.installedOrShipped()
              .cost(ExecutionPath.ITERATOR, Shape.WHOLE)
              .get()
              .productsPerSecond());
    } finally {
      if (before == null) {
        System.clearProperty("outerproduct.home");
      } else {
        System.setProperty("outerproduct.home", before);
      }
    }
  }

  private static Calibration lines(double rate) {
    return new Calibration(
        "fitted",
        "c",
        "2026-12-05",
        "abc",
        "x",
        List.of(
            new Calibration.Cost(ExecutionPath.ITERATOR, Shape.WHOLE, 0.25, rate, 6, 1, 9_000)));
  }
}
