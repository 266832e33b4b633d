package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.cli.MatrixCommand;
import outerproduct.iterator.TableMult;
import outerproduct.kernel.accumulo.DegreeTables;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * {@code scripts/matrix load --table}: a user's TSV and D4M lists into tables a multiply reads, C
 * checked against the oracle multiplying what the files say; a bad line writes nothing.
 */
@ExtendWith(SharedClusters.class)
class OwnMatrixLoadIT {
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");

  private static int load(StringWriter out, StringWriter err, String... args) {
    return MatrixCommand.commandLine()
        .setOut(new PrintWriter(out, true))
        .setErr(new PrintWriter(err, true))
        .execute(args);
  }

  @Test
  void aTsvFileAndD4mListsAreLoadedAndMultiplied(EmbeddedAccumulo accumulo, @TempDir Path dir)
      throws Exception {
    String props = accumulo.clientPropertiesFile().getPath();
    Path tsv = dir.resolve("at.tsv");
    Files.writeString(tsv, "# k\ti\tvalue\nk1\ti1\t2\nk1\ti2\t3\nk2\ti1\t5\nk1\ti1\t1\n");
    Files.writeString(dir.resolve("rows"), "k1,k2,k2,");
    Files.writeString(dir.resolve("cols"), "j1,j1,j2,");
    Files.writeString(dir.resolve("vals"), "7,11,13,");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertEquals(
        0,
        load(out, err, "load", "--cluster", props, "--table", "ownAT", "--from", tsv.toString()),
        err.toString());
    assertEquals(
        0,
        load(
            out,
            err,
            "load",
            "--cluster",
            props,
            "--table",
            "ownB",
            "--d4m-rows",
            dir.resolve("rows").toString(),
            "--d4m-columns",
            dir.resolve("cols").toString(),
            "--d4m-values",
            dir.resolve("vals").toString()),
        err.toString());
    SparseMatrix at =
        new SparseMatrix().put("k1", "i1", "3").put("k1", "i2", "3").put("k2", "i1", "5");
    SparseMatrix b =
        new SparseMatrix().put("k1", "j1", "7").put("k2", "j1", "11").put("k2", "j2", "13");
    try (AccumuloClient client = accumulo.newClient()) {
      assertEquals(
          ResultChecksum.of(at),
          TableChecksum.of(client, "ownAT", LONG, Authorizations.EMPTY).checksum());
      assertTrue(client.tableOperations().exists(DegreeTables.of("ownAT")), "degree table");
      TableMult.on(accumulo.clientProperties())
          .transposeOf("ownAT")
          .times("ownB")
          .into("ownC")
          .run();
      assertEquals(
          ResultChecksum.of(ReferenceMultiply.multiply(LONG, at, b)),
          TableChecksum.of(client, "ownC", LONG, Authorizations.EMPTY).checksum());
    }
  }

  @Test
  void aBadLineIsNamedAndNothingIsWritten(EmbeddedAccumulo accumulo, @TempDir Path dir)
      throws Exception {
    Path tsv = dir.resolve("bad.tsv");
    Files.write(tsv, "a\tb\t1\na\tc\tone\n".getBytes(StandardCharsets.UTF_8));
    StringWriter err = new StringWriter();
    int exit =
        load(
            new StringWriter(),
            err,
            "load",
            "--cluster",
            accumulo.clientPropertiesFile().getPath(),
            "--table",
            "ownBad",
            "--from",
            tsv.toString());
    assertEquals(2, exit, err.toString());
    assertEquals(
        "matrix: --from "
            + tsv
            + ", line 2: value 'one' (row 'a', column 'c') is not a plus-times-long value (not an"
            + " integer)",
        err.toString().strip());
    try (AccumuloClient client = accumulo.newClient()) {
      assertFalse(client.tableOperations().exists("ownBad"));
    }
  }
}
