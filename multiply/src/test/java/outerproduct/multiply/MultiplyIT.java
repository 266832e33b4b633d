package outerproduct.multiply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.multiply.cli.MultiplyCommand;
import picocli.CommandLine;

/**
 * The one entry point on the shared MiniAccumuloCluster and MiniMRYarnCluster: it runs the engine
 * its calibration predicts to finish first, on both sides of the choice, and every C equals the
 * in-memory oracle.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MultiplyIT {
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");
  private static final RowRanges SUBSET = RowRanges.parse("100,:,300,");

  private EmbeddedYarn yarn;
  private Path clientProperties;
  private AccumuloClient client;
  private SparseMatrix a;
  private SparseMatrix b;

  @BeforeAll
  void loadInputs(EmbeddedAccumulo accumulo, EmbeddedYarn yarn) throws Exception {
    this.yarn = yarn;
    clientProperties = accumulo.clientPropertiesFile().toPath();
    client = accumulo.newClient();
    a = KroneckerGenerator.standard(10, "A").matrix();
    b = KroneckerGenerator.standard(10, "B").matrix();
    MatrixLoader.into(client).tablets(2).degrees().load("autoAT", a);
    MatrixLoader.into(client).tablets(2).degrees().load("autoB", b);
  }

  @AfterAll
  void close() {
    client.close();
  }

  /** Lines under which {@code sooner} wins every multiply by far. */
  private static Calibration favouring(Engine sooner) {
    List<Calibration.Cost> costs = new ArrayList<>();
    for (Shape shape : Shape.values()) {
      costs.add(cost(Engine.ITERATOR, shape, sooner == Engine.ITERATOR));
      costs.add(cost(Engine.MR, shape, sooner == Engine.MR));
    }
    return new Calibration("favouring " + sooner, "test", "2026-11-26", "none", "none", costs);
  }

  private static Calibration.Cost cost(Engine engine, Shape shape, boolean fast) {
    return new Calibration.Cost(engine, shape, fast ? 0 : 1000, fast ? 1e9 : 1, 2, 1, 2);
  }

  private Multiply multiply(String c) {
    return Multiply.on(clientProperties).transposeOf("autoAT").times("autoB").into(c);
  }

  @Test
  void autoRunsTheIteratorEngineWhenItIsPredictedSooner() throws Exception {
    Multiply.Result r =
        multiply("autoCit")
            .hadoop(yarn.configuration())
            .calibration(favouring(Engine.ITERATOR))
            .run();
    assertEquals(Engine.ITERATOR, r.decision().choice().engine());
    assertNotNull(r.iterator());
    assertNull(r.mapReduce());
    assertEqualsOracle("autoCit", RowRanges.all());
    assertEquals(r.decision().estimate().partialProducts(), r.partialProducts(), "estimate exact");
    assertEquals(ReferenceMultiply.partialProducts(a, b, RowRanges.all()), r.partialProducts());
  }

  @Test
  void autoRunsMapReduceWhenItIsPredictedSoonerOnWholeTablesAndSubsets() throws Exception {
    Multiply.Result whole =
        multiply("autoCmr").hadoop(yarn.configuration()).calibration(favouring(Engine.MR)).run();
    assertEquals(Engine.MR, whole.decision().choice().engine());
    assertNotNull(whole.mapReduce());
    assertFalse(whole.mapReduce().uber(), "whole tables run as a distributed job");
    assertEqualsOracle("autoCmr", RowRanges.all());

    Multiply.Result subset =
        multiply("autoCmrRows")
            .rows(SUBSET)
            .hadoop(yarn.configuration())
            .calibration(favouring(Engine.MR))
            .run();
    assertEquals(Engine.MR, subset.decision().choice().engine());
    assertTrue(subset.mapReduce().uber(), "row subsets run uber, as the calibration measured them");
    assertEqualsOracle("autoCmrRows", SUBSET);
    assertEquals(subset.decision().estimate().partialProducts(), subset.partialProducts());
  }

  @Test
  void aDecisionShownFirstIsTheOneThatRuns() throws Exception {
    Multiply.Decision shown =
        multiply("autoCshown")
            .rows(SUBSET)
            .hadoop(yarn.configuration())
            .calibration(favouring(Engine.ITERATOR))
            .decide(client);
    // the same request under lines that now favour MapReduce: the shown decision still runs
    Multiply.Result r =
        multiply("autoCshown")
            .rows(SUBSET)
            .hadoop(yarn.configuration())
            .calibration(favouring(Engine.MR))
            .run(shown);
    assertEquals(Engine.ITERATOR, r.decision().choice().engine());
    assertNotNull(r.iterator());
    assertEqualsOracle("autoCshown", SUBSET);
  }

  @Test
  void withoutHadoopAutoRunsTheIteratorEngineOnASubset() throws Exception {
    Multiply.Result r =
        multiply("autoCnoYarn").rows(SUBSET).calibration(favouring(Engine.MR)).run();
    assertEquals(Engine.ITERATOR, r.decision().choice().engine());
    assertTrue(
        r.decision().choice().why().contains("only calibrated engine"),
        r.decision().choice().why());
    assertEqualsOracle("autoCnoYarn", SUBSET);
  }

  @Test
  void commandPrintsEstimateAndChoiceAndExplainRunsNothing() throws Exception {
    StringWriter out = new StringWriter();
    CommandLine cli = MultiplyCommand.commandLine();
    cli.setOut(new PrintWriter(out, true));
    String[] args = {
      "--cluster", clientProperties.toString(), "--at", "autoAT", "--b", "autoB", "--c", "autoCcli"
    };
    assertEquals(0, cli.execute(concat(args, "--explain")));
    String explained = out.toString();
    long products = ReferenceMultiply.partialProducts(a, b, RowRanges.all());
    assertTrue(explained.contains("estimate: " + products + " partial products"), explained);
    assertTrue(explained.contains("calibration: shipped defaults"), explained);
    assertTrue(
        explained.contains("engine: iterator: the only calibrated engine available"), explained);
    assertFalse(client.tableOperations().exists("autoCcli"), "--explain created C");

    assertEquals(0, MultiplyCommand.commandLine().setOut(new PrintWriter(out, true)).execute(args));
    assertTrue(out.toString().contains("iterator: partial products " + products), out.toString());
    assertEqualsOracle("autoCcli", RowRanges.all());
  }

  private static String[] concat(String[] args, String last) {
    String[] all = java.util.Arrays.copyOf(args, args.length + 1);
    all[args.length] = last;
    return all;
  }

  private void assertEqualsOracle(String c, RowRanges rows) throws Exception {
    String expected = ResultChecksum.of(ReferenceMultiply.multiply(LONG, a, b, rows, null, null));
    assertEquals(expected, TableChecksum.of(client, c, LONG, Authorizations.EMPTY).checksum(), c);
  }
}
