package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.MatrixLoader;
import outerproduct.iterator.cli.TableMultCommand;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semirings;
import picocli.CommandLine;

/** The tablemult command against the shared cluster, configured by its client properties file. */
@ExtendWith(SharedClusters.class)
class TableMultCommandIT {

  private static int run(StringWriter out, StringWriter err, String... args) {
    CommandLine cmd = TableMultCommand.commandLine();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd.execute(args);
  }

  @Test
  void multipliesAndReports(EmbeddedAccumulo accumulo) throws Exception {
    SparseMatrix at =
        new SparseMatrix().put("k1", "i1", "2").put("k1", "i2", "3").put("k2", "i1", "5");
    SparseMatrix b =
        new SparseMatrix().put("k1", "j1", "7").put("k2", "j1", "1").put("k2", "j2", "4");
    try (AccumuloClient client = accumulo.newClient()) {
      MatrixLoader.into(client).degrees().load("cli_AT", at);
      MatrixLoader.into(client).degrees().load("cli_B", b);
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int exit =
          run(
              out,
              err,
              "--cluster",
              accumulo.clientPropertiesFile().toString(),
              "--at",
              "cli_AT",
              "--b",
              "cli_B",
              "--c",
              "cli_C");
      assertEquals(0, exit, err.toString());
      assertTrue(
          out.toString().contains("estimate: 4 partial products over 2 shared rows"),
          "counted from the degree tables before the run: " + out);
      assertTrue(out.toString().contains("partial products 4,"), out.toString());
      assertTrue(
          out.toString().contains("tablet servers, summed over tablets: busy "), out.toString());
      assertTrue(
          out.toString().contains("  seconds: connect ")
              && out.toString().contains(", scan ")
              && out.toString().contains(", mark complete "),
          "where the time went, phase by phase: " + out);
      SparseMatrix oracle = ReferenceMultiply.multiply(Semirings.forName("plus-times-long"), at, b);
      assertEquals(
          ResultChecksum.of(oracle),
          TableChecksum.of(
                  client, "cli_C", Semirings.forName("plus-times-long"), Authorizations.EMPTY)
              .checksum());
    }
  }

  @Test
  void bulkOutputFromTheCommandLine(EmbeddedAccumulo accumulo) throws Exception {
    SparseMatrix at = new SparseMatrix().put("k1", "i1", "2").put("k2", "i1", "3");
    SparseMatrix b = new SparseMatrix().put("k1", "j1", "5").put("k2", "j1", "1");
    String cluster = accumulo.clientPropertiesFile().toString();
    try (AccumuloClient client = accumulo.newClient()) {
      MatrixLoader.load(client, "clibulk_AT", at, 1);
      MatrixLoader.load(client, "clibulk_B", b, 1);
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int exit =
          run(
              out,
              err,
              "--cluster",
              cluster,
              "--at",
              "clibulk_AT",
              "--b",
              "clibulk_B",
              "--c",
              "clibulk_C",
              "--output",
              "bulk");
      assertEquals(0, exit, err.toString());
      assertTrue(out.toString().contains(", bulk import "), out.toString());
      SparseMatrix oracle = ReferenceMultiply.multiply(Semirings.forName("plus-times-long"), at, b);
      assertEquals("13", oracle.get("i1", "j1"));
      assertEquals(
          ResultChecksum.of(oracle),
          TableChecksum.of(
                  client, "clibulk_C", Semirings.forName("plus-times-long"), Authorizations.EMPTY)
              .checksum());
    }
    StringWriter err = new StringWriter();
    assertEquals(
        2,
        run(
            new StringWriter(),
            err,
            "--cluster",
            cluster,
            "--at",
            "clibulk_AT",
            "--b",
            "clibulk_B",
            "--c",
            "clibulk_C2",
            "--output",
            "files"));
    assertTrue(err.toString().contains("'files': expected batchwriter or bulk"), err.toString());
  }

  @Test
  void badArgumentsExitTwoAndNameTheArgument(EmbeddedAccumulo accumulo) {
    StringWriter err = new StringWriter();
    assertEquals(2, run(new StringWriter(), err, "--at", "AT", "--b", "B", "--c", "C"));
    assertTrue(err.toString().contains("--cluster"), err.toString());

    err = new StringWriter();
    assertEquals(
        2,
        run(
            new StringWriter(),
            err,
            "--cluster",
            "/no/such/file",
            "--at",
            "AT",
            "--b",
            "B",
            "--c",
            "C"));
    assertTrue(
        err.toString().contains("--cluster /no/such/file: cannot read this client properties file"),
        err.toString());

    err = new StringWriter();
    assertEquals(
        2,
        run(
            new StringWriter(),
            err,
            "--cluster",
            accumulo.clientPropertiesFile().toString(),
            "--at",
            "missing_AT",
            "--b",
            "B",
            "--c",
            "C"));
    assertTrue(err.toString().contains("input table 'missing_AT' does not exist"), err.toString());

    err = new StringWriter();
    assertEquals(
        2,
        run(
            new StringWriter(),
            err,
            "--cluster",
            accumulo.clientPropertiesFile().toString(),
            "--at",
            "AT",
            "--b",
            "B"));
    assertTrue(err.toString().contains("--c and/or --ct"), err.toString());
    assertFalse(err.toString().contains(accumulo.clientProperties().getProperty("auth.token")));

    String cluster = accumulo.clientPropertiesFile().toString();
    err = new StringWriter();
    assertEquals(
        2,
        run(
            new StringWriter(),
            err,
            "--cluster",
            cluster,
            "--at",
            "AT",
            "--rows-of-b",
            "--b",
            "B",
            "--c",
            "C"));
    assertTrue(err.toString().contains("give --at, or --rows-of-b"), err.toString());
    err = new StringWriter();
    assertEquals(
        2,
        run(
            new StringWriter(),
            err,
            "--cluster",
            cluster,
            "--at",
            "AT",
            "--b",
            "B",
            "--c",
            "C",
            "--presum",
            "lots"));
    assertTrue(
        err.toString().contains("--presum 'lots': expected auto or a number of products"),
        err.toString());
  }
}
