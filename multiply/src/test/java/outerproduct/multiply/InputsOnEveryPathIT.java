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
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.Combiner;
import org.apache.accumulo.core.iterators.LongCombiner;
import org.apache.accumulo.core.iterators.user.SummingCombiner;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
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
  private java.util.Properties properties;
  private Path hadoopConf;
  private AccumuloClient client;
  private SparseMatrix a;
  private SparseMatrix b;

  @BeforeAll
  void loadInputs(EmbeddedAccumulo accumulo, EmbeddedYarn yarn, @TempDir Path tmp)
      throws Exception {
    clientProperties = accumulo.clientPropertiesFile().toPath();
    properties = accumulo.clientProperties();
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
    List<String> rowSets =
        List.of("abc" + POO, "abc" + POO + ":" + POO + "\u4e2d" + POO, "\uD83D\uDE00,:,");
    for (String rows : rowSets) {
      // mr-bulk selects rows as mr does: one row set is enough to see its output right.
      for (ExecutionPath path :
          rows.equals(rowSets.get(0)) ? ExecutionPath.runnable() : readingPaths()) {
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
    refusedOnEveryPath("famAT", "plainB", 1, "table 'famAT'", "column family 'fa' is not empty");
    refusedOnEveryPath("plainAT", "famB", 1, "table 'famB'", "column family 'fb' is not empty");
  }

  @Test
  void aValueThatIsNotANumberFailsTheSameWayOnEveryPath() throws Exception {
    MatrixLoader.load(client, "nanB", new SparseMatrix().put("k1", "j1", "3"), 1);
    write("nanB", "k1", "", "j2", "seven");
    MatrixLoader.load(client, "nanAT", new SparseMatrix().put("k1", "i1", "2"), 1);
    refusedOnEveryPath("nanAT", "nanB", 1, "value 'seven' is not a plus-times-long value");
  }

  @Test
  void anInputWithoutEntriesIsRefusedOnEveryPathAndNoCIsCreated() throws Exception {
    client.tableOperations().create("emptyAT");
    refusedOnEveryPath(
        "emptyAT", "uniB", 2, "input table 'emptyAT' holds no entry user 'root' may read");
  }

  /**
   * Runs AT × B on every path: each exits {@code exit} with a line holding every one of {@code
   * says}, and leaves no C marked complete (a refusal before writing (exit 2): no C at all).
   */
  private void refusedOnEveryPath(String at, String bTable, int exit, String... says)
      throws Exception {
    for (ExecutionPath path : readingPaths()) {
      String c = at + "C_" + path.name();
      Run run = multiply(path, at, bTable, c);
      assertEquals(exit, run.exit(), path + ": " + run.err());
      for (String said : says) {
        assertTrue(run.err().contains(said), path + ": " + run.err());
      }
      if (exit == 2) {
        assertFalse(client.tableOperations().exists(c), path + " left C behind");
      }
      assertNotComplete(c, path);
    }
  }

  /**
   * Every path that reads its inputs its own way: all but mr-bulk, whose mappers are mr's (only its
   * output differs, which the tests that write a C run), so a refusal made while reading is not
   * worth a second MapReduce job of some twenty seconds.
   */
  private static List<ExecutionPath> readingPaths() {
    return ExecutionPath.runnable().stream().filter(p -> p != ExecutionPath.MR_BULK).toList();
  }

  /**
   * AT and B summed by Accumulo's own SummingCombiner in its VARLEN encoding (two writes of one
   * cell each, summed by it; 49, whose VARLEN byte is the text '1'): with {@code --value-encoding
   * varlen} every path gives C equal to the oracle, in VARLEN, which Accumulo's combiner reads and
   * sums; without it every path refuses the tables in one line before C exists.
   */
  @Test
  void tablesOfAccumulosOwnSummingCombinerMultiplyInTheirEncodingOnEveryPath() throws Exception {
    long[][] at = {{1, 1, 2}, {1, 1, 3}, {2, 2, 49}};
    long[][] bEntries = {{1, 1, 7}, {2, 1, 11}, {2, 2, 13}, {2, 2, 1}};
    summingVarlen("varAT", at, "i");
    summingVarlen("varB", bEntries, "j");
    SparseMatrix textAt = new SparseMatrix().put("k1", "i1", "5").put("k2", "i2", "49");
    SparseMatrix textB =
        new SparseMatrix().put("k1", "j1", "7").put("k2", "j1", "11").put("k2", "j2", "14");
    SparseMatrix oracle = ReferenceMultiply.multiply(LONG, textAt, textB);
    Semiring<?> varlen = Semirings.forName("plus-times-long@varlen");
    for (ExecutionPath path : ExecutionPath.runnable()) {
      String c = "varC_" + path.name();
      Run refused = multiply(path, "varAT", "varB", c);
      assertEquals(2, refused.exit(), path + ": " + refused.err());
      assertTrue(
          refused.err().contains("stores its values as varlen")
              && refused.err().contains("give --value-encoding varlen"),
          path + ": " + refused.err());
      assertFalse(client.tableOperations().exists(c), path + " left C behind");
      Run run = multiply(path, "varAT", "varB", c, "--value-encoding", "varlen");
      assertEquals(0, run.exit(), path + ": " + run.err());
      assertEquals(
          ResultChecksum.of(oracle),
          TableChecksum.of(client, c, varlen, Authorizations.EMPTY).checksum(),
          path.label());
      SparseMatrix summedByAccumulo = new SparseMatrix();
      try (Scanner scan = client.createScanner(c, Authorizations.EMPTY)) {
        IteratorSetting sum = new IteratorSetting(100, "sum", SummingCombiner.class);
        LongCombiner.setEncodingType(sum, LongCombiner.Type.VARLEN);
        Combiner.setCombineAllColumns(sum, true);
        scan.addScanIterator(sum);
        scan.forEach(
            e ->
                summedByAccumulo.put(
                    e.getKey().getRow().toString(),
                    e.getKey().getColumnQualifier().toString(),
                    Long.toString(LongCombiner.VAR_LEN_ENCODER.decode(e.getValue().get()))));
      }
      assertEquals(oracle, summedByAccumulo, path.label());
    }
  }

  private void summingVarlen(String table, long[][] entries, String column) throws Exception {
    IteratorSetting sum = new IteratorSetting(10, "sum", SummingCombiner.class);
    LongCombiner.setEncodingType(sum, LongCombiner.Type.VARLEN);
    Combiner.setCombineAllColumns(sum, true);
    client.tableOperations().create(table, new NewTableConfiguration().attachIterator(sum));
    for (long[] e : entries) {
      try (BatchWriter writer = client.createBatchWriter(table)) {
        Mutation m = new Mutation("k" + e[0]);
        m.put(
            new Text(""),
            new Text(column + e[1]),
            new Value(LongCombiner.VAR_LEN_ENCODER.encode(e[2])));
        writer.addMutation(m);
      }
    }
  }

  /**
   * Adding onto a C that has no semiring combiner (the client path wrote it): auto says why no path
   * can, first and in one line, and TableMult says the table can never be added to.
   */
  @Test
  void addingOntoACWithoutTheCombinerIsRefusedByItsCause() throws Exception {
    Run first = multiply(ExecutionPath.CLIENT, "uniAT", "uniB", "plainC");
    assertEquals(0, first.exit(), first.err());
    Run again = multiply(null, "uniAT", "uniB", "plainC", "--add-to-existing");
    assertEquals(2, again.exit(), again.err());
    assertTrue(
        again
            .err()
            .startsWith(
                "multiply: add to existing (--add-to-existing): result table 'plainC' has no"
                    + " semiring combiner"),
        again.err());
    assertTrue(again.err().contains("no path can ever add to it"), again.err());
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class,
            () ->
                outerproduct.iterator.TableMult.on(properties)
                    .transposeOf("uniAT")
                    .times("uniB")
                    .into("plainC")
                    .addToExisting()
                    .run());
    assertTrue(e.getMessage().contains("so TableMult can never add to it"), e.getMessage());
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
                path == null ? "auto" : path.label()));
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
