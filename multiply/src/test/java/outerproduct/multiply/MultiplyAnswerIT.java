package outerproduct.multiply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.answer.Answer;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.multiply.cli.MultiplyCommand;
import picocli.CommandLine;

/**
 * Answers to the caller through the one entry point on real tablet servers: every answering path,
 * named and chosen, equal to the in-memory oracle with no result table left; the paths that write
 * tables refused by name; a request estimated past its bound refused before anything runs; and
 * {@code multiply --print}'s standard output holding exactly C's cells.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MultiplyAnswerIT {
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");
  private static final RowRanges SUBSET = RowRanges.parse("100,:,300,");

  private Path clientProperties;
  private AccumuloClient client;
  private SparseMatrix a;
  private SparseMatrix b;

  @BeforeAll
  void loadInputs(EmbeddedAccumulo accumulo) throws Exception {
    clientProperties = accumulo.clientPropertiesFile().toPath();
    client = accumulo.newClient();
    a = KroneckerGenerator.standard(9, "A").matrix();
    b = KroneckerGenerator.standard(9, "B").matrix();
    MatrixLoader.into(client).tablets(2).degrees().load("askAT", a);
    MatrixLoader.into(client).tablets(2).degrees().load("askB", b);
  }

  @AfterAll
  void close() {
    client.close();
  }

  private MultiplyAnswer request() {
    return MultiplyAnswer.on(clientProperties).transposeOf("askAT").times("askB").client(client);
  }

  @ParameterizedTest
  @EnumSource(
      value = ExecutionPath.class,
      names = {"AUTO", "CLIENT", "ITERATOR"})
  void everyAnsweringPathAnswersAsTheOracle(ExecutionPath path) throws Exception {
    int tables = client.tableOperations().list().size();
    MultiplyAnswer.Result whole = request().path(path).run();
    assertTrue(MultiplyAnswer.ANSWERING.contains(whole.decision().path()));
    assertEquals(ReferenceMultiply.multiply(LONG, a, b), matrix(whole.answer()));
    MultiplyAnswer.Result subset = request().path(path).rows(SUBSET).run();
    assertEquals(
        ReferenceMultiply.multiply(LONG, a, b, SUBSET, null, null), matrix(subset.answer()));
    assertEquals(tables, client.tableOperations().list().size(), "no table made or left");
  }

  /** Answer lines whose fixed costs alone decide which path answers first. */
  private static Calibration answering(double clientFixed, double iteratorFixed) {
    return new Calibration(
        "test",
        "embedded",
        "2026-12-05",
        "test",
        "test",
        List.of(
            new Calibration.Cost(
                ExecutionPath.CLIENT, Shape.SUBSET, clientFixed, 1e9, 0, 1, 1, 10, true),
            new Calibration.Cost(
                ExecutionPath.ITERATOR, Shape.SUBSET, iteratorFixed, 1e9, 0, 1, 1, 10, true)));
  }

  @Test
  void autoKeepsTheClientsHeadStartOnAFewRowsOrDropsIt() throws Exception {
    RowRanges few = RowRanges.parse("1,2,3,17,42,");
    SparseMatrix expected = ReferenceMultiply.multiply(LONG, a, b, few, null, null);
    assertTrue(ClientHeadStart.worthIt(few));
    MultiplyAnswer.Result kept = request().rows(few).calibration(answering(0.01, 60)).run();
    assertEquals(ExecutionPath.CLIENT, kept.decision().path(), kept.decision().choice().why());
    assertEquals(expected, matrix(kept.answer()));

    MultiplyAnswer.Result dropped = request().rows(few).calibration(answering(60, 0.01)).run();
    assertEquals(
        ExecutionPath.ITERATOR, dropped.decision().path(), dropped.decision().choice().why());
    assertEquals(expected, matrix(dropped.answer()));
    assertEquals(0, ClientMultiply.cellsHeld(), "the dropped answer gave back what it held");
  }

  @Test
  void aFewRowsPastTheirBoundRunNothingAndHoldNothing() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> request().rows(RowRanges.parse("1,2,3,")).maxCells(2).run());
    assertTrue(e.getMessage().startsWith("the answer holds up to "), e.getMessage());
    assertEquals(0, ClientMultiply.cellsHeld(), "the head start was dropped and waited for");
  }

  @Test
  void pathsThatWriteTablesAreRefusedByName() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> request().path(ExecutionPath.MR_BULK).run());
    assertEquals(
        "path mr-bulk cannot run here: writes C into a table; it cannot answer the caller",
        e.getMessage());
  }

  @Test
  void aRequestEstimatedPastItsBoundRunsNothing() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> request().maxCells(1000).run());
    assertTrue(
        e.getMessage()
            .matches(
                "the answer holds up to \\d+ cells \\(its partial products,"
                    + " estimated\\), more than its bound of 1000 cells held by the caller.*"),
        e.getMessage());
  }

  @Test
  void printWritesExactlyCsCellsToStandardOutput() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = MultiplyCommand.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int exit =
        cli.execute(
            "--cluster",
            clientProperties.toString(),
            "--at",
            "askAT",
            "--b",
            "askB",
            "--rows",
            "100,:,300,",
            "--print");
    assertEquals(0, exit, err.toString());
    List<String> expected = new ArrayList<>();
    for (SparseMatrix.Entry e :
        ReferenceMultiply.multiply(LONG, a, b, SUBSET, null, null).entries()) {
      expected.add(e.row() + "\t" + e.column() + "\t" + e.value());
    }
    assertEquals(expected, out.toString().lines().toList());
    assertTrue(err.toString().contains("path: "), err.toString());
    assertFalse(out.toString().contains("path:"), "status lines stay off standard output");
  }

  @Test
  void printNeedsNoResultTableAndRefusesBoth() {
    StringWriter err = new StringWriter();
    CommandLine cli = MultiplyCommand.commandLine();
    cli.setErr(new PrintWriter(err));
    int exit =
        cli.execute(
            "--cluster",
            clientProperties.toString(),
            "--at",
            "askAT",
            "--b",
            "askB",
            "--c",
            "askC",
            "--print");
    assertEquals(2, exit);
    assertTrue(
        err.toString().contains("give one of --c (the result table) and --print"), err.toString());
  }

  private static SparseMatrix matrix(Answer answer) {
    SparseMatrix m = new SparseMatrix();
    answer
        .cells()
        .forEachRemaining(
            c -> m.put(text(c.row()), text(c.column()), text(LONG.canonical(c.value()))));
    return m;
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
