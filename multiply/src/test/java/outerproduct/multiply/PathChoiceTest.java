package outerproduct.multiply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static outerproduct.multiply.PathChoice.Checking.EVERY_PATH;
import static outerproduct.multiply.PathChoice.Checking.UNTIL_CHOSEN;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import outerproduct.kernel.accumulo.ProductEstimate;

class PathChoiceTest {
  /**
   * Whole tables: client no fixed cost at 1e5 pp/s; iterator 1 s + 2e5 pp/s; iterator-bulk 3 s +
   * 1e6 pp/s; mr 20 s + 1e6; mr-bulk 25 s + 2e6. Subsets: client and iterator only.
   */
  private static final Calibration LINES =
      lines(
          "test lines",
          cost(ExecutionPath.CLIENT, Shape.WHOLE, 0, 1e5),
          cost(ExecutionPath.ITERATOR, Shape.WHOLE, 1, 2e5),
          cost(ExecutionPath.ITERATOR_BULK, Shape.WHOLE, 3, 1e6),
          cost(ExecutionPath.MR, Shape.WHOLE, 20, 1e6),
          cost(ExecutionPath.MR_BULK, Shape.WHOLE, 25, 2e6),
          cost(ExecutionPath.CLIENT, Shape.SUBSET, 0.1, 1e5),
          cost(ExecutionPath.ITERATOR, Shape.SUBSET, 0.3, 1e6));

  /** A calibration named {@code source} of {@code costs}, nothing else about it known. */
  private static Calibration lines(String source, Calibration.Cost... costs) {
    return new Calibration(source, "none", "2026-11-26", "none", "none", List.of(costs));
  }

  private static Calibration.Cost cost(ExecutionPath path, Shape shape, double fixed, double rate) {
    return new Calibration.Cost(path, shape, fixed, rate, 3, 1, 10);
  }

  /** {@code choice}'s explanation of a whole table holds {@code line}. */
  private static void assertExplains(PathChoice choice, String line) {
    List<String> lines = choice.explain(LINES, Shape.WHOLE);
    assertTrue(lines.contains(line), String.join("\n", lines));
  }

  /** A request's work of {@code products} partial products, its rows not counted. */
  private static ProductEstimate.Estimate work(long products) {
    return new ProductEstimate.Estimate(products, 0, false, 0);
  }

  /** A check that refuses the paths {@code cannotRun} names, with their reasons. */
  private static PathChoice.Check refusing(Map<ExecutionPath, String> cannotRun) {
    return path -> Optional.ofNullable(cannotRun.get(path));
  }

  private static PathChoice auto(long products, Map<ExecutionPath, String> cannotRun)
      throws Exception {
    return PathChoice.choose(
        ExecutionPath.AUTO, LINES, Shape.WHOLE, work(products), refusing(cannotRun), EVERY_PATH);
  }

  @Test
  void autoTakesTheSoonestOfEveryPathAsTheProductsGrow() throws Exception {
    assertEquals(ExecutionPath.CLIENT, auto(50_000, Map.of()).path());
    assertEquals(ExecutionPath.ITERATOR_BULK, auto(10_000_000, Map.of()).path());
    PathChoice large = auto(1_000_000_000, Map.of());
    assertEquals(ExecutionPath.MR_BULK, large.path());
    assertEquals(525.0, large.predictedSeconds().get(ExecutionPath.MR_BULK), 1e-9);
    assertEquals(1003.0, large.predictedSeconds().get(ExecutionPath.ITERATOR_BULK), 1e-9);
    assertTrue(
        large.why().startsWith("mr-bulk: predicted 1.9× sooner than iterator-bulk, the next"),
        large.why());
    assertEquals(5, large.predictedSeconds().size(), "every path is a candidate");
  }

  @Test
  void aSmallWholeTableIsPredictedNoSoonerThanThePathsSubsetFixedCost() throws Exception {
    // As a calibration on whole graphs alone fits them: no fixed cost for client or iterator, so
    // that extrapolated to 4 products both would answer at once and the faster rate would win.
    Calibration fittedOnLargeTables =
        lines(
            "large tables",
            cost(ExecutionPath.CLIENT, Shape.WHOLE, 0, 3e5),
            cost(ExecutionPath.ITERATOR, Shape.WHOLE, 0, 1e6),
            cost(ExecutionPath.CLIENT, Shape.SUBSET, 0.22, 3.4e5),
            cost(ExecutionPath.ITERATOR, Shape.SUBSET, 0.23, 8.8e5));
    PathChoice tiny =
        PathChoice.choose(
            ExecutionPath.AUTO,
            fittedOnLargeTables,
            Shape.WHOLE,
            work(4),
            refusing(Map.of()),
            EVERY_PATH);
    assertEquals(ExecutionPath.CLIENT, tiny.path(), tiny.predictedSeconds().toString());
    assertEquals(0.22, tiny.predictedSeconds().get(ExecutionPath.CLIENT), 1e-4);
    assertEquals(0.23, tiny.predictedSeconds().get(ExecutionPath.ITERATOR), 1e-4);
    assertTrue(
        tiny.explain(fittedOnLargeTables, Shape.WHOLE)
            .contains(
                "=> client             0.22 s  (0.00 s + pp / 3.00e+05 pp/s; at least 0.22 s, its"
                    + " subset line's fixed cost)"),
        String.join("\n", tiny.explain(fittedOnLargeTables, Shape.WHOLE)));

    PathChoice large =
        PathChoice.choose(
            ExecutionPath.AUTO,
            fittedOnLargeTables,
            Shape.WHOLE,
            work(1_000_000),
            refusing(Map.of()),
            EVERY_PATH);
    assertEquals(ExecutionPath.ITERATOR, large.path(), "past the floor the whole-table lines rule");
    assertEquals(1.0, large.predictedSeconds().get(ExecutionPath.ITERATOR), 1e-9);
    assertEquals(0, fittedOnLargeTables.floor(ExecutionPath.CLIENT, Shape.SUBSET));
  }

  @Test
  void aPathThatCannotRunIsExcludedWithItsReason() throws Exception {
    Map<ExecutionPath, String> noBulk =
        Map.of(
            ExecutionPath.ITERATOR_BULK, "bulk output: user 'ann' lacks System permission SYSTEM",
            ExecutionPath.MR_BULK, "bulk output: user 'ann' lacks System permission SYSTEM");
    PathChoice c = auto(10_000_000, noBulk);
    assertEquals(ExecutionPath.MR, c.path(), "iterator 51 s, mr 30 s");
    assertFalse(c.predictedSeconds().containsKey(ExecutionPath.ITERATOR_BULK));
    assertEquals(noBulk.get(ExecutionPath.MR_BULK), c.excluded().get(ExecutionPath.MR_BULK));
    List<String> lines = c.explain(LINES, Shape.WHOLE);
    assertEquals(5, lines.size(), String.join("\n", lines));
    assertTrue(
        lines.contains(
            "   iterator-bulk excluded: bulk output: user 'ann' lacks System permission SYSTEM"),
        String.join("\n", lines));
    assertTrue(
        lines.contains("=> mr                30.00 s  (20.00 s + pp / 1.00e+06 pp/s)"),
        String.join("\n", lines));
  }

  @Test
  void aRequestOfManyRowsPaysEachPathsCostPerRow() throws Exception {
    // the answer lines fitted on queued and cued requests: the client pays 0.11 ms a row
    Calibration answers =
        lines(
            "answer lines",
            new Calibration.Cost(
                ExecutionPath.CLIENT, Shape.SUBSET, 0.01, 4.4e5, 1.1e-4, 9, 1, 10, true),
            new Calibration.Cost(
                ExecutionPath.ITERATOR, Shape.SUBSET, 0.07, 5e6, 3e-5, 9, 1, 10, true));
    ProductEstimate.Estimate oneRow = new ProductEstimate.Estimate(26, 1, false, 0);
    ProductEstimate.Estimate cued = new ProductEstimate.Estimate(26_452, 1024, false, 0);
    PathChoice few =
        PathChoice.choose(
            ExecutionPath.AUTO, answers, Shape.SUBSET, oneRow, refusing(Map.of()), EVERY_PATH);
    assertEquals(ExecutionPath.CLIENT, few.path(), few.predictedSeconds().toString());
    PathChoice many =
        PathChoice.choose(
            ExecutionPath.AUTO, answers, Shape.SUBSET, cued, refusing(Map.of()), EVERY_PATH);
    // in products alone the client is sooner (0.070 s against 0.075 s); its 1,024 rows add 0.11 s
    assertEquals(ExecutionPath.ITERATOR, many.path(), many.predictedSeconds().toString());
    assertEquals(
        0.01 + 26_452 / 4.4e5 + 1024 * 1.1e-4,
        many.predictedSeconds().get(ExecutionPath.CLIENT),
        1e-9);
    assertTrue(
        many.explain(answers, Shape.SUBSET)
            .contains(
                "   client             0.18 s  (0.01 s + pp / 4.40e+05 pp/s + rows × 0.110 ms)"),
        String.join("\n", many.explain(answers, Shape.SUBSET)));
  }

  @Test
  void aPathWithoutALineIsExcludedAndNamed() throws Exception {
    PathChoice c =
        PathChoice.choose(
            ExecutionPath.AUTO, LINES, Shape.SUBSET, work(1_000), refusing(Map.of()), EVERY_PATH);
    assertEquals(ExecutionPath.CLIENT, c.path(), "client 0.11 s, iterator 0.301 s");
    assertEquals("no calibration line for subset multiplies", c.excluded().get(ExecutionPath.MR));
    assertEquals(2, c.predictedSeconds().size());
  }

  @Test
  void anAskedPathRunsWhateverThePredictionUnlessItCannotRun() throws Exception {
    PathChoice c =
        PathChoice.choose(
            ExecutionPath.MR, LINES, Shape.WHOLE, work(10), refusing(Map.of()), UNTIL_CHOSEN);
    assertEquals(ExecutionPath.MR, c.path());
    assertEquals("asked for mr", c.why());
    assertEquals(4, c.unchecked().size(), "only the asked path is checked: " + c.unchecked());
    assertExplains(
        c,
        "   client             0.10 s  (0.00 s + pp / 1.00e+05 pp/s; at least 0.10 s, its"
            + " subset line's fixed cost)  not checked: the choice did not need it");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                PathChoice.choose(
                    ExecutionPath.MR,
                    LINES,
                    Shape.WHOLE,
                    work(10),
                    refusing(Map.of(ExecutionPath.MR, "no YARN cluster configuration")),
                    UNTIL_CHOSEN));
    assertEquals("path mr cannot run here: no YARN cluster configuration", e.getMessage());
  }

  @Test
  void autoWithNoCandidateNamesTheCalibrationAndTheReasons() throws Exception {
    Calibration mrOnly = lines("mr lines", cost(ExecutionPath.MR, Shape.WHOLE, 1, 1));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                PathChoice.choose(
                    ExecutionPath.AUTO,
                    mrOnly,
                    Shape.WHOLE,
                    work(10),
                    refusing(Map.of(ExecutionPath.MR, "no YARN cluster configuration")),
                    UNTIL_CHOSEN));
    assertTrue(
        e.getMessage()
            .startsWith(
                "path auto: no path can run here with a line in calibration"
                    + " 'mr lines' for whole multiplies"),
        e.getMessage());
    assertTrue(e.getMessage().contains("mr=no YARN cluster configuration"), e.getMessage());
  }

  @Test
  void aCostLineNamesAPathNotAuto() throws Exception {
    assertThrows(
        IllegalArgumentException.class,
        () -> new Calibration.Cost(ExecutionPath.AUTO, Shape.WHOLE, 0, 1, 1, 1, 1));
  }

  @Test
  void checksAreAskedFromTheSoonestOnUntilAPathCanRunAndTheChoiceIsTheSameAsAskingAll()
      throws Exception {
    Map<ExecutionPath, String> noBulk =
        Map.of(
            ExecutionPath.ITERATOR_BULK, "bulk output: no permission",
            ExecutionPath.MR_BULK, "bulk output: no permission");
    // 10M products: iterator-bulk 13 s, mr 30 s, mr-bulk 30 s, iterator 51 s, client 100 s
    List<ExecutionPath> asked = new ArrayList<>();
    PathChoice.Check counting =
        path -> {
          asked.add(path);
          return Optional.ofNullable(noBulk.get(path));
        };
    PathChoice lazy =
        PathChoice.choose(
            ExecutionPath.AUTO, LINES, Shape.WHOLE, work(10_000_000), counting, UNTIL_CHOSEN);
    assertEquals(List.of(ExecutionPath.ITERATOR_BULK, ExecutionPath.MR), asked);
    assertEquals(ExecutionPath.MR, lazy.path());
    assertEquals(
        EnumSet.of(ExecutionPath.MR_BULK, ExecutionPath.ITERATOR, ExecutionPath.CLIENT),
        lazy.unchecked());
    assertEquals(
        Map.of(ExecutionPath.ITERATOR_BULK, "bulk output: no permission"), lazy.excluded());
    assertExplains(
        lazy,
        "   mr-bulk           30.00 s  (25.00 s + pp / 2.00e+06 pp/s)  not checked: the"
            + " choice did not need it");

    asked.clear();
    PathChoice all =
        PathChoice.choose(
            ExecutionPath.AUTO, LINES, Shape.WHOLE, work(10_000_000), counting, EVERY_PATH);
    assertEquals(5, asked.size(), "every path asked: " + asked);
    assertEquals(lazy.path(), all.path());
    // the next is the next prediction, whether or not it was asked
    assertEquals("mr: predicted 1.0× sooner than mr-bulk, the next", lazy.why());
    assertEquals("mr: predicted 1.7× sooner than iterator, the next", all.why());
    assertEquals(Set.of(), all.unchecked());
    assertEquals(2, all.excluded().size());
  }
}
