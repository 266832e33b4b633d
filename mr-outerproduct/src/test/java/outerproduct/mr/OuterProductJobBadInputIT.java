package outerproduct.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.user.SummingCombiner;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.SystemPermission;
import org.apache.accumulo.core.security.TablePermission;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.oracle.SparseMatrix;

/**
 * {@code hadoop jar} arguments and inputs the job must refuse: exit 2 and a message naming the
 * option or table for what can be checked before submission (C untouched), exit 1 and the failing
 * task's diagnostic (table, key, value) for a bad stored value.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OuterProductJobBadInputIT {
  private EmbeddedYarn yarn;
  private String cluster;
  private AccumuloClient client;

  record Run(int exit, String out, String err) {}

  @BeforeAll
  void tables(EmbeddedAccumulo accumulo, EmbeddedYarn yarn) throws Exception {
    this.yarn = yarn;
    cluster = accumulo.clientPropertiesFile().getPath();
    client = accumulo.newClient();
    SparseMatrix m = new SparseMatrix().put("1", "1", "2").put("2", "1", "3");
    MatrixLoader.load(client, "badAT", m, 1);
    MatrixLoader.load(client, "badB", m, 1);
    MatrixLoader.load(client, "badFull", m, 1);
    MatrixLoader.load(
        client, "badValueB", new SparseMatrix().put("1", "1", "2").put("2", "7", "seven"), 1);
    client.tableOperations().create("badSumming");
    IteratorSetting sum = new IteratorSetting(10, "sum", SummingCombiner.class);
    SummingCombiner.setEncodingType(sum, SummingCombiner.Type.STRING);
    SummingCombiner.setCombineAllColumns(sum, true);
    client.tableOperations().attachIterator("badSumming", sum);
  }

  @AfterAll
  void close() {
    client.close();
  }

  @Test
  void noArgumentsPrintUsage() throws Exception {
    Run r = run();
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("Missing required options") && r.err().contains("--at"), r.err());
  }

  @Test
  void unknownOutputIsNamed() throws Exception {
    Run r =
        run(
            "--cluster",
            cluster,
            "--at",
            "badAT",
            "--b",
            "badB",
            "--c",
            "x1",
            "--output",
            "sideways");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("--output': 'sideways': expected batchwriter or bulk"), r.err());
  }

  @Test
  void zeroReducersAreRefused() throws Exception {
    Run r =
        run("--cluster", cluster, "--at", "badAT", "--b", "badB", "--c", "x2", "--reducers", "0");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("reducers must be >= 1, got 0"), r.err());
    assertFalse(client.tableOperations().exists("x2"));
  }

  @Test
  void missingClientPropertiesFile() throws Exception {
    Run r =
        run(
            "--cluster",
            "/nonexistent/client.properties",
            "--at",
            "badAT",
            "--b",
            "badB",
            "--c",
            "x3");
    assertEquals(2, r.exit());
    assertTrue(
        r.err()
            .contains(
                "--cluster /nonexistent/client.properties: cannot read this client properties"
                    + " file"),
        r.err());
  }

  @Test
  void missingInputTable() throws Exception {
    Run r = run("--cluster", cluster, "--at", "noSuchAT", "--b", "badB", "--c", "x4");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("input table 'noSuchAT' does not exist"), r.err());
    assertFalse(client.tableOperations().exists("x4"), "C not created");
  }

  @Test
  void resultEqualToAnInput() throws Exception {
    Run r = run("--cluster", cluster, "--at", "badAT", "--b", "badB", "--c", "badB");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("result table 'badB' must differ from inputs"), r.err());
  }

  @Test
  void nonEmptyResultIsRefusedAndUntouched() throws Exception {
    List<String> before = entries("badFull");
    Run r = run("--cluster", cluster, "--at", "badAT", "--b", "badB", "--c", "badFull");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("result table 'badFull' is not empty"), r.err());
    assertEquals(before, entries("badFull"));
  }

  @Test
  void resultWithACombinerIsRefused() throws Exception {
    Run r = run("--cluster", cluster, "--at", "badAT", "--b", "badB", "--c", "badSumming");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("result table 'badSumming' has iterator 'sum'"), r.err());
    assertTrue(entries("badSumming").isEmpty());
  }

  @Test
  void malformedRowsNameThePosition() throws Exception {
    Run r =
        run(
            "--cluster",
            cluster,
            "--at",
            "badAT",
            "--b",
            "badB",
            "--c",
            "x6",
            "--rows",
            "1,:,:,5,");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("position"), r.err());
    assertFalse(client.tableOperations().exists("x6"));
  }

  @Test
  void unknownSemiring() throws Exception {
    Run r =
        run(
            "--cluster",
            cluster,
            "--at",
            "badAT",
            "--b",
            "badB",
            "--c",
            "x7",
            "--semiring",
            "plus-times-quaternion");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("plus-times-quaternion"), r.err());
  }

  /** Generic options come before the job's: one map attempt, so the failure is reported at once. */
  @Test
  void aBadStoredValueFailsTheJobNamingTableKeyAndValue() throws Exception {
    Run r =
        run(
            "-D",
            "mapreduce.map.maxattempts=1",
            "--cluster",
            cluster,
            "--at",
            "badAT",
            "--b",
            "badValueB",
            "--c",
            "x8");
    assertEquals(1, r.exit(), r.err());
    assertTrue(
        r.err().contains("badValueB")
            && r.err().contains("seven")
            && r.err().contains("'2'")
            && r.err().contains("'7'"),
        r.err());
    assertTrue(
        r.err()
            .contains("result table 'x8' may hold part of the products and is marked incomplete"),
        r.err());
    assertTrue(
        ResultState.unfinished(client, "x8").startsWith("incomplete: job "),
        ResultState.unfinished(client, "x8"));
  }

  @Test
  void bulkOutputWithoutSystemPermissionIsRefusedBeforeTheJob() throws Exception {
    client.securityOperations().createLocalUser("dave", new PasswordToken("dave-pw"));
    client.securityOperations().grantSystemPermission("dave", SystemPermission.CREATE_TABLE);
    client.securityOperations().grantTablePermission("dave", "badAT", TablePermission.READ);
    client.securityOperations().grantTablePermission("dave", "badB", TablePermission.READ);
    Properties dave = new Properties();
    try (InputStream in = Files.newInputStream(Path.of(cluster))) {
      dave.load(in);
    }
    dave.setProperty("auth.principal", "dave");
    dave.setProperty("auth.token", "dave-pw");
    Path daveFile = Files.createTempFile("dave", ".properties");
    try (OutputStream out = Files.newOutputStream(daveFile)) {
      dave.store(out, null);
    }
    Run r =
        run(
            "--cluster",
            daveFile.toString(),
            "--at",
            "badAT",
            "--b",
            "badB",
            "--c",
            "x9",
            "--output",
            "bulk");
    Files.delete(daveFile);
    assertEquals(2, r.exit(), r.err());
    assertTrue(
        r.err().contains("output bulk: user 'dave' lacks System permission SYSTEM"), r.err());
    assertFalse(client.tableOperations().exists("x9"), "C not created");
  }

  @Test
  void wrongPasswordIsNamedWithoutEchoingIt() throws Exception {
    Properties wrong = new Properties();
    try (InputStream in = Files.newInputStream(Path.of(cluster))) {
      wrong.load(in);
    }
    wrong.setProperty("auth.token", "not-the-password-43");
    Path wrongFile = Files.createTempFile("wrong", ".properties");
    try (OutputStream out = Files.newOutputStream(wrongFile)) {
      wrong.store(out, null);
    }
    Run r = run("--cluster", wrongFile.toString(), "--at", "badAT", "--b", "badB", "--c", "x10");
    Files.delete(wrongFile);
    assertEquals(1, r.exit(), r.err());
    assertTrue(r.err().contains("BAD_CREDENTIALS") && r.err().contains("root"), r.err());
    assertFalse(r.err().contains("not-the-password-43"), r.err());
  }

  @Test
  void unfinishedResultIsRefusedUntouched() throws Exception {
    MatrixLoader.load(client, "halfDone", new SparseMatrix().put("1", "1", "5"), 1);
    ResultState.incomplete(client, "halfDone", "job job_1 failed");
    Run r = run("--cluster", cluster, "--at", "badAT", "--b", "badB", "--c", "halfDone");
    assertEquals(2, r.exit(), r.err());
    assertTrue(
        r.err().contains("result table 'halfDone' is incomplete: job job_1 failed"), r.err());
    assertEquals(1, entries("halfDone").size());
  }

  private Run run(String... args) throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit =
        ToolRunner.run(
            yarn.configuration(),
            new OuterProductJob(new PrintWriter(out, true), new PrintWriter(err, true)),
            args);
    return new Run(exit, out.toString(), err.toString());
  }

  private List<String> entries(String table) throws Exception {
    List<String> out = new ArrayList<>();
    try (Scanner scan = client.createScanner(table, Authorizations.EMPTY)) {
      for (Map.Entry<Key, Value> e : scan) {
        out.add(e.getKey() + "=" + e.getValue());
      }
    }
    return out;
  }
}
