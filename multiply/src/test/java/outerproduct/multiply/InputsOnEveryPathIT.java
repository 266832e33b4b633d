package outerproduct.multiply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.multiply.cli.MultiplyCommand;

/**
 * What a user may hand in, through {@code scripts/multiply} on each of the five paths: ids of every
 * Unicode plane selected by a D4M list whose separator lies outside the Basic Multilingual Plane (C
 * equal to the oracle), and inputs no path may multiply as given (an entry with a column family, a
 * value that is not a number, an input without entries): the same exit code and one line naming the
 * table on every path, and no C left marked complete.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InputsOnEveryPathIT {
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");
  private static final String POO = "\uD83D\uDCA9";
  private static final String[] IDS = {
    "abc", "abc" + POO, "\u00e9t\u00e9", "\u4e2d", "\uD83D\uDE00", "\uDBFF\uDFFFz", "k\u0001"
  };

  private Path clientProperties;
  private Path hadoopConf;
  private AccumuloClient client;
  private SparseMatrix a;
  private SparseMatrix b;

  @BeforeAll
  void loadInputs(EmbeddedAccumulo accumulo, EmbeddedYarn yarn, @TempDir Path tmp)
      throws Exception {
    clientProperties = accumulo.clientPropertiesFile().toPath();
    client = accumulo.newClient();
    hadoopConf = Files.createDirectories(tmp.resolve("hadoop-conf"));
    try (OutputStream out = Files.newOutputStream(hadoopConf.resolve("yarn-site.xml"))) {
      yarn.configuration().writeXml(out);
    }
    a = new SparseMatrix();
    b = new SparseMatrix();
    for (int k = 0; k < IDS.length; k++) {
      for (int n = 0; n < IDS.length; n++) {
        if ((k + n) % 3 != 0) {
          a.put(IDS[k], "i" + IDS[n], Integer.toString(k + 2 * n + 1));
          b.put(IDS[k], IDS[n] + "j", Integer.toString(3 * k + n + 1));
        }
      }
    }
    MatrixLoader.load(client, "uniAT", a, 2);
    MatrixLoader.load(client, "uniB", b, 2);
  }

  @AfterAll
  void close() {
    client.close();
  }

  @Test
  void rowsOfEveryPlaneSelectedWithAnEmojiSeparatorEqualTheOracleOnEveryPath() throws Exception {
    for (String rows :
        List.of("abc" + POO, "abc" + POO + ":" + POO + "\u4e2d" + POO, "\uD83D\uDE00,:,")) {
      for (ExecutionPath path : ExecutionPath.runnable()) {
        String c = "uniC_" + path.name() + "_" + Math.abs(rows.hashCode());
        Run run = multiply(path, "uniAT", "uniB", c, "--rows", rows);
        assertEquals(0, run.exit(), path + " " + rows + ": " + run.err());
        SparseMatrix oracle =
            ReferenceMultiply.multiply(LONG, a, b, RowRanges.parse(rows), null, null);
        assertTrue(oracle.nnz() > 0, rows + " selects rows both tables hold");
        assertEquals(
            ResultChecksum.of(oracle),
            TableChecksum.of(client, c, LONG, Authorizations.EMPTY).checksum(),
            path + " " + rows);
      }
    }
  }

  /**
   * An entry with a column family, in AT or in B, next to the same cell without one: every path
   * stops naming the table and the family (exit 1, as for a bad stored value), and no C is left
   * complete.
   */
  @Test
  void anEntryWithAColumnFamilyIsRefusedOnEveryPath() throws Exception {
    MatrixLoader.load(client, "famAT", new SparseMatrix().put("k1", "i1", "2"), 1);
    MatrixLoader.load(client, "famB", new SparseMatrix().put("k1", "j1", "3"), 1);
    write("famAT", "k1", "fa", "i1", "5");
    write("famB", "k1", "fb", "j1", "7");
    MatrixLoader.load(client, "plainAT", new SparseMatrix().put("k1", "i1", "2"), 1);
    MatrixLoader.load(client, "plainB", new SparseMatrix().put("k1", "j1", "3"), 1);
    String[][] cases = {{"famAT", "plainB", "fa"}, {"plainAT", "famB", "fb"}};
    for (String[] tables : cases) {
      for (ExecutionPath path : ExecutionPath.runnable()) {
        String c = "famC_" + tables[0] + "_" + path.name();
        Run run = multiply(path, tables[0], tables[1], c);
        assertEquals(1, run.exit(), path + ": " + run.err());
        String table = tables[0].startsWith("fam") ? tables[0] : tables[1];
        assertTrue(
            run.err().contains("table '" + table + "'")
                && run.err().contains("column family '" + tables[2] + "' is not empty"),
            path + ": " + run.err());
        assertNotComplete(c, path);
      }
    }
  }

  @Test
  void aValueThatIsNotANumberFailsTheSameWayOnEveryPath() throws Exception {
    MatrixLoader.load(client, "nanB", new SparseMatrix().put("k1", "j1", "3"), 1);
    write("nanB", "k1", "", "j2", "seven");
    MatrixLoader.load(client, "nanAT", new SparseMatrix().put("k1", "i1", "2"), 1);
    for (ExecutionPath path : ExecutionPath.runnable()) {
      String c = "nanC_" + path.name();
      Run run = multiply(path, "nanAT", "nanB", c);
      assertEquals(1, run.exit(), path + ": " + run.err());
      assertTrue(
          run.err().contains("value 'seven' is not a plus-times-long value"),
          path + ": " + run.err());
      assertNotComplete(c, path);
    }
  }

  @Test
  void anInputWithoutEntriesIsRefusedOnEveryPathAndNoCIsCreated() throws Exception {
    client.tableOperations().create("emptyAT");
    for (ExecutionPath path : ExecutionPath.runnable()) {
      String c = "emptyC_" + path.name();
      Run run = multiply(path, "emptyAT", "uniB", c);
      assertEquals(2, run.exit(), path + ": " + run.err());
      assertTrue(
          run.err().contains("input table 'emptyAT' holds no entry user 'root' may read"),
          path + ": " + run.err());
      assertFalse(client.tableOperations().exists(c), path + " left C behind");
    }
  }

  private void write(String table, String row, String family, String column, String value)
      throws Exception {
    try (BatchWriter writer = client.createBatchWriter(table)) {
      Mutation m = new Mutation(row);
      m.put(family, column, value);
      writer.addMutation(m);
    }
  }

  private void assertNotComplete(String c, ExecutionPath path) throws Exception {
    if (client.tableOperations().exists(c)) {
      assertNotEquals(
          ResultState.COMPLETE,
          client.tableOperations().getConfiguration(c).get(ResultState.PROPERTY),
          path.label());
    }
  }

  private record Run(int exit, String err) {}

  private Run multiply(ExecutionPath path, String at, String bTable, String c, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--cluster",
                clientProperties.toString(),
                "--hadoop-conf",
                hadoopConf.toString(),
                "--at",
                at,
                "--b",
                bTable,
                "--c",
                c,
                "--path",
                path.label()));
    args.addAll(List.of(more));
    StringWriter err = new StringWriter();
    int exit =
        MultiplyCommand.commandLine()
            .setOut(new PrintWriter(new StringWriter(), true))
            .setErr(new PrintWriter(err, true))
            .execute(args.toArray(String[]::new));
    return new Run(exit, err.toString());
  }
}
