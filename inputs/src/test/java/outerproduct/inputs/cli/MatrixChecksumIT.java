package outerproduct.inputs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semirings;

/**
 * {@code scripts/matrix checksum} checks several tables against one oracle: each is printed, and
 * one table that differs by a single cell fails the command (exit 1) while the others still say
 * they equal it.
 */
@ExtendWith(SharedClusters.class)
class MatrixChecksumIT {
  private static final int SCALE = 7;

  @Test
  void everyTableIsCheckedAndOneThatDiffersFailsTheCommand(EmbeddedAccumulo accumulo)
      throws Exception {
    SparseMatrix c =
        ReferenceMultiply.multiply(
            Semirings.forName("plus-times-long"),
            KroneckerGenerator.standard(SCALE, "A").matrix(),
            KroneckerGenerator.standard(SCALE, "B").matrix());
    SparseMatrix.Entry first = c.entries().get(0);
    SparseMatrix changed = new SparseMatrix();
    c.entries().forEach(e -> changed.put(e.row(), e.column(), e.value()));
    changed.put(first.row(), first.column(), Long.toString(Long.parseLong(first.value()) + 1));
    try (AccumuloClient client = accumulo.newClient()) {
      MatrixLoader.load(client, "checkedC", c, 2);
      MatrixLoader.load(client, "checkedCopy", c, 1);
      MatrixLoader.load(client, "checkedChanged", changed, 2);
    }
    String cluster = accumulo.clientPropertiesFile().toString();

    Run same = run(cluster, "checkedC", "checkedCopy");
    assertEquals(0, same.exit, same.err);
    assertTrue(same.out.contains("checkedC equals the oracle (SCALE 7)"), same.out);
    assertTrue(same.out.contains("checkedCopy equals the oracle (SCALE 7)"), same.out);

    Run oneDiffers = run(cluster, "checkedChanged", "checkedC");
    assertEquals(1, oneDiffers.exit, oneDiffers.out);
    assertTrue(oneDiffers.err.startsWith("checkedChanged DIFFERS from the oracle"), oneDiffers.err);
    assertTrue(oneDiffers.out.contains("checkedC equals the oracle"), oneDiffers.out);
    assertTrue(
        oneDiffers.out.contains("checkedChanged: nnz " + c.nnz() + " checksum "), oneDiffers.out);
  }

  private record Run(int exit, String out, String err) {}

  private static Run run(String cluster, String first, String second) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      int exit =
          MatrixCommand.commandLine()
              .execute(
                  "checksum",
                  "--cluster",
                  cluster,
                  "--table",
                  first,
                  "--table",
                  second,
                  "--oracle-scale",
                  Integer.toString(SCALE));
      return new Run(
          exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(stdout);
      System.setErr(stderr);
    }
  }
}
