package outerproduct.multiply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.SystemPermission;
import org.apache.accumulo.core.security.TablePermission;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.multiply.cli.MultiplyCommand;
import picocli.CommandLine;

/**
 * The one entry point on the shared MiniAccumuloCluster and MiniMRYarnCluster: every execution path
 * runs when named and when its calibration predicts it finishes first, a path this caller cannot
 * run is left out with its reason, and every C equals the in-memory oracle.
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
  private static Calibration favouring(ExecutionPath sooner) {
    List<Calibration.Cost> costs = new ArrayList<>();
    for (Shape shape : Shape.values()) {
      for (ExecutionPath path : ExecutionPath.runnable()) {
        boolean fast = path == sooner;
        costs.add(new Calibration.Cost(path, shape, fast ? 0 : 1000, fast ? 1e9 : 1, 2, 1, 2));
      }
    }
    return new Calibration("favouring " + sooner, "test", "2026-11-26", "none", "none", costs);
  }

  private Multiply multiply(String c) {
    return Multiply.on(clientProperties).transposeOf("autoAT").times("autoB").into(c);
  }

  @Test
  void everyNamedPathRunsAndItsCEqualsTheOracle() throws Exception {
    for (ExecutionPath path : ExecutionPath.runnable()) {
      String c = "autoCnamed_" + path.name();
      Multiply.Result r = multiply(c).path(path).hadoop(yarn.configuration()).run();
      assertEquals(path, r.decision().path());
      assertNull(r.decision().estimate(), "a named path counts nothing first");
      assertEquals(path.engine() == ExecutionPath.Engine.CLIENT, r.client() != null, c);
      assertEquals(path.engine() == ExecutionPath.Engine.ITERATOR, r.iterator() != null, c);
      assertEquals(path.engine() == ExecutionPath.Engine.MAPREDUCE, r.mapReduce() != null, c);
      if (r.mapReduce() != null) {
        assertFalse(r.mapReduce().uber(), "whole tables run as a distributed job");
      }
      assertEqualsOracle(c, RowRanges.all(), null, null);
      assertEquals(ReferenceMultiply.partialProducts(a, b, RowRanges.all()), r.partialProducts());
    }
  }

  @Test
  void theClientPathKeepsRowsAndColumnFilters() throws Exception {
    String atColumns = ids(1, 500);
    String bColumns = ids(200, 900);
    multiply("autoCclientCols")
        .path(ExecutionPath.CLIENT)
        .rows(SUBSET)
        .atColumns(atColumns)
        .bColumns(bColumns)
        .run();
    assertEqualsOracle(
        "autoCclientCols", SUBSET, ColumnFilter.parse(atColumns), ColumnFilter.parse(bColumns));
  }

  /** The D4M list of the ids {@code from} to {@code to}. */
  private static String ids(int from, int to) {
    StringBuilder list = new StringBuilder();
    for (int id = from; id <= to; id++) {
      list.append(id).append(',');
    }
    return list.toString();
  }

  @Test
  void autoRunsWhicheverPathItsLinesPredictSooner() throws Exception {
    for (ExecutionPath sooner : ExecutionPath.runnable()) {
      String c = "autoCfav_" + sooner.name();
      Multiply.Result r =
          multiply(c)
              .rows(SUBSET)
              .hadoop(yarn.configuration())
              .calibration(favouring(sooner))
              .run();
      assertEquals(sooner, r.decision().path(), r.decision().choice().why());
      assertEquals(5, r.decision().choice().predictedSeconds().size(), "all five are candidates");
      assertEqualsOracle(c, SUBSET, null, null);
      assertEquals(
          r.decision().estimate().partialProducts(), r.partialProducts(), "estimate exact");
    }
  }

  /** Whole tables run as a distributed job: {@link #everyNamedPathRunsAndItsCEqualsTheOracle}. */
  @Test
  void mapReduceRunsUberOnSubsets() throws Exception {
    Multiply.Result subset =
        multiply("autoCmrRows")
            .rows(SUBSET)
            .hadoop(yarn.configuration())
            .calibration(favouring(ExecutionPath.MR))
            .run();
    assertTrue(subset.mapReduce().uber(), "row subsets run uber, as the calibration measured them");
    assertEqualsOracle("autoCmrRows", SUBSET, null, null);
  }

  @Test
  void bulkOutputIsExcludedForAUserWithoutTheImportPermission(
      EmbeddedAccumulo accumulo, @TempDir Path secrets) throws Exception {
    Path carol = userWithoutSystemPermission(accumulo, secrets, "carol");
    Multiply.Result r =
        Multiply.on(carol)
            .transposeOf("autoAT")
            .times("autoB")
            .into("autoCcarol")
            .rows(SUBSET)
            .hadoop(yarn.configuration())
            .calibration(favouring(ExecutionPath.ITERATOR_BULK))
            .run();
    String reason =
        "bulk output: user 'carol' lacks System permission SYSTEM, which Accumulo 2.1's bulk"
            + " import needs to read the system configuration";
    // the soonest path was asked and refused; the next one could run, so none after it was asked
    assertEquals(reason, r.decision().choice().excluded().get(ExecutionPath.ITERATOR_BULK));
    assertFalse(r.decision().path().output() == outerproduct.kernel.product.Output.BULK);
    try (AccumuloClient asCarol = Accumulo.newClient().from(carol).build()) {
      Multiply.Decision everyPath =
          Multiply.on(carol)
              .transposeOf("autoAT")
              .times("autoB")
              .into("autoCcarolAll")
              .rows(SUBSET)
              .hadoop(yarn.configuration())
              .calibration(favouring(ExecutionPath.ITERATOR_BULK))
              .decide(asCarol, PathChoice.Checking.EVERY_PATH);
      assertEquals(reason, everyPath.choice().excluded().get(ExecutionPath.ITERATOR_BULK));
      assertEquals(reason, everyPath.choice().excluded().get(ExecutionPath.MR_BULK));
      assertEquals(r.decision().path(), everyPath.path());
      asCarol.securityOperations().grantTablePermission("root", "autoCcarol", TablePermission.READ);
    }
    assertEqualsOracle("autoCcarol", SUBSET, null, null);
  }

  private Path userWithoutSystemPermission(EmbeddedAccumulo accumulo, Path dir, String user)
      throws Exception {
    String password = "pw-" + user + "-" + System.nanoTime();
    client.securityOperations().createLocalUser(user, new PasswordToken(password));
    client.securityOperations().grantSystemPermission(user, SystemPermission.CREATE_TABLE);
    for (String table : new String[] {"autoAT", "autoB"}) {
      client.securityOperations().grantTablePermission(user, table, TablePermission.READ);
    }
    for (String degrees : client.tableOperations().list()) {
      if (degrees.startsWith("autoAT") || degrees.startsWith("autoB")) {
        client.securityOperations().grantTablePermission(user, degrees, TablePermission.READ);
      }
    }
    Properties p = accumulo.clientProperties();
    p.setProperty("auth.principal", user);
    p.setProperty("auth.token", password);
    Path file = dir.resolve(user + ".properties");
    try (OutputStream out = Files.newOutputStream(file)) {
      p.store(out, null);
    }
    return file;
  }

  @Test
  void aDecisionShownFirstIsTheOneThatRuns() throws Exception {
    Multiply.Decision shown =
        multiply("autoCshown")
            .rows(SUBSET)
            .hadoop(yarn.configuration())
            .calibration(favouring(ExecutionPath.ITERATOR))
            .decide(client);
    // the same request under lines that now favour MapReduce: the shown decision still runs
    Multiply.Result r =
        multiply("autoCshown")
            .rows(SUBSET)
            .hadoop(yarn.configuration())
            .calibration(favouring(ExecutionPath.MR))
            .run(shown);
    assertEquals(ExecutionPath.ITERATOR, r.decision().path());
    assertNotNull(r.iterator());
    assertEqualsOracle("autoCshown", SUBSET, null, null);
  }

  @Test
  void withoutHadoopNoMapReducePathIsACandidate() throws Exception {
    Multiply.Result r =
        multiply("autoCnoYarn").rows(SUBSET).calibration(favouring(ExecutionPath.MR)).run();
    assertTrue(
        r.decision()
            .choice()
            .excluded()
            .get(ExecutionPath.MR)
            .startsWith("no YARN cluster configuration"));
    assertEquals(ExecutionPath.Engine.CLIENT, r.decision().path().engine(), "the next soonest");
    Multiply.Decision everyPath =
        multiply("autoCnoYarnAll")
            .rows(SUBSET)
            .calibration(favouring(ExecutionPath.MR))
            .decide(client, PathChoice.Checking.EVERY_PATH);
    Map<ExecutionPath, String> excluded = new EnumMap<>(everyPath.choice().excluded());
    assertTrue(excluded.get(ExecutionPath.MR).startsWith("no YARN cluster configuration"));
    assertTrue(excluded.get(ExecutionPath.MR_BULK).startsWith("no YARN cluster configuration"));
    assertEquals(3, everyPath.choice().predictedSeconds().size());
    assertEqualsOracle("autoCnoYarn", SUBSET, null, null);
  }

  @Test
  void commandExplainsEveryPathAndRunsTheChoice() throws Exception {
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
    for (ExecutionPath path : ExecutionPath.runnable()) {
      assertTrue(explained.contains(" " + path.label() + " "), path + " missing: " + explained);
    }
    assertTrue(
        explained.contains("mr            excluded: no YARN cluster configuration"), explained);
    assertTrue(explained.contains("\npath: "), explained);
    assertFalse(client.tableOperations().exists("autoCcli"), "--explain created C");

    assertEquals(0, MultiplyCommand.commandLine().setOut(new PrintWriter(out, true)).execute(args));
    assertTrue(out.toString().contains(": partial products " + products), out.toString());
    assertEqualsOracle("autoCcli", RowRanges.all(), null, null);
  }

  /**
   * A second multiply into a complete C is refused naming C; with {@code --add-to-existing} only
   * the iterator paths are candidates (the others write final sums), and C holds twice the oracle.
   */
  @Test
  void addingOntoACompleteResultIsAskedForAndOnlyTheIteratorPathsCanDoIt() throws Exception {
    String[] args = {
      "--cluster",
      clientProperties.toString(),
      "--at",
      "autoAT",
      "--b",
      "autoB",
      "--c",
      "autoCadd",
      "--rows",
      "100,:,300,"
    };
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    // the first run names the iterator path: a C made by another path has no combiner to add with
    assertEquals(
        0, command(out, err).execute(concat(concat(args, "--path"), "iterator")), err.toString());
    assertEquals(2, command(out, err).execute(args));
    assertTrue(
        err.toString().contains("result table 'autoCadd' already holds a complete result"),
        err.toString());
    out.getBuffer().setLength(0);
    assertEquals(
        0, command(out, err).execute(concat(concat(args, "--add-to-existing"), "--explain")));
    for (ExecutionPath path : ExecutionPath.runnable()) {
      String line =
          out.toString()
              .lines()
              .filter(l -> l.replace("=>", "").strip().startsWith(path.label() + " "))
              .findFirst()
              .orElseThrow(() -> new AssertionError(path + " not explained: " + out));
      assertEquals(
          path.engine() != ExecutionPath.Engine.ITERATOR,
          line.contains("excluded: add to existing: this path writes C's final sums"),
          line);
    }
    assertEquals(0, command(out, err).execute(concat(args, "--add-to-existing")), err.toString());
    SparseMatrix once = ReferenceMultiply.multiply(LONG, a, b, SUBSET, null, null);
    SparseMatrix twice = new SparseMatrix();
    once.entries()
        .forEach(e -> twice.put(e.row(), e.column(), Long.toString(2 * Long.parseLong(e.value()))));
    assertEquals(
        ResultChecksum.of(twice),
        TableChecksum.of(client, "autoCadd", LONG, Authorizations.EMPTY).checksum());
  }

  /**
   * 2⁶² + 2⁶² in C(i1,j1), whichever path runs: the multiply fails naming the cell and values, and
   * no path leaves a C marked complete.
   */
  @Test
  void anOverflowIsNamedWhicheverPathRuns() throws Exception {
    String big = Long.toString(1L << 62);
    MatrixLoader.load(
        client,
        "ovAT",
        new SparseMatrix().put("k1", "i1", big).put("k2", "i1", big).put("k1", "i2", "1"),
        1);
    MatrixLoader.load(
        client, "ovB", new SparseMatrix().put("k1", "j1", "1").put("k2", "j1", "1"), 2);
    for (ExecutionPath path : ExecutionPath.runnable()) {
      String c = "ovC_" + path.name();
      Exception e =
          assertThrows(
              Exception.class,
              () ->
                  Multiply.on(clientProperties)
                      .transposeOf("ovAT")
                      .times("ovB")
                      .into(c)
                      .path(path)
                      .hadoop(yarn.configuration())
                      .run());
      StringBuilder messages = new StringBuilder();
      for (Throwable t = e; t != null; t = t.getCause()) {
        messages.append(t.getMessage()).append(" | ");
      }
      assertTrue(
          messages.toString().contains("4611686018427387904 + 4611686018427387904 overflows")
              && messages.toString().contains("i1")
              && messages.toString().contains("j1"),
          path + ": " + messages);
      if (client.tableOperations().exists(c)) {
        assertNotEquals(
            ResultState.COMPLETE,
            client.tableOperations().getConfiguration(c).get(ResultState.PROPERTY),
            path.label());
      }
    }
  }

  private static CommandLine command(StringWriter out, StringWriter err) {
    return MultiplyCommand.commandLine()
        .setOut(new PrintWriter(out, true))
        .setErr(new PrintWriter(err, true));
  }

  private static String[] concat(String[] args, String last) {
    String[] all = java.util.Arrays.copyOf(args, args.length + 1);
    all[args.length] = last;
    return all;
  }

  private void assertEqualsOracle(String c, RowRanges rows, ColumnFilter atCols, ColumnFilter bCols)
      throws Exception {
    String expected =
        ResultChecksum.of(ReferenceMultiply.multiply(LONG, a, b, rows, atCols, bCols));
    assertEquals(expected, TableChecksum.of(client, c, LONG, Authorizations.EMPTY).checksum(), c);
  }
}
