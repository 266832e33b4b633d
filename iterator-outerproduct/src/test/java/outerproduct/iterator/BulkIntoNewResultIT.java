package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static outerproduct.kernel.oracle.OracleAssertions.assertEqualsOracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.accumulo.core.client.AccumuloClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.semiring.Semirings;

/**
 * Bulk output into a C that does not exist yet: C is created and taken while the tablet servers
 * stage its files, and the one import waits for it. Each C equals the in-memory oracle; of two
 * multiplies started at once into one new C exactly one writes it, and the other fails before its
 * import without deleting the C the first made.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BulkIntoNewResultIT {
  private Properties props;
  private AccumuloClient client;
  private SparseMatrix oracle;

  @BeforeAll
  void loadInputs(EmbeddedAccumulo accumulo) throws Exception {
    props = accumulo.clientProperties();
    client = accumulo.newClient();
    SparseMatrix a = KroneckerGenerator.standard(9, "A").matrix();
    SparseMatrix b = KroneckerGenerator.standard(9, "B").matrix();
    MatrixLoader.load(client, "newAT9", a, 2);
    MatrixLoader.load(client, "newB9", b, 2);
    oracle = ReferenceMultiply.multiply(Semirings.forName(Semirings.DEFAULT), a, b);
  }

  @AfterAll
  void close() {
    client.close();
  }

  private TableMult bulkInto(String c) {
    return TableMult.on(props).transposeOf("newAT9").times("newB9").into(c).output(Output.BULK);
  }

  @Test
  void aNewCIsCreatedWhileTheScanStagesItsFiles() throws Exception {
    TableMultResult r = bulkInto("Cnew").run();
    assertTrue(r.phases().containsKey("await_results"), "C created beside the scan: " + r.phases());
    assertEqualsOracle(client, "Cnew", oracle);
    assertEquals(ResultState.COMPLETE, ResultState.state(client, "Cnew"));
    assertEquals(
        FileCompression.NEW_TABLE,
        client.tableOperations().getConfiguration("Cnew").get("table.file.compress.type"),
        "the staged files were compressed as the C created meanwhile compacts");
  }

  @Test
  void ofTwoMultipliesStartedAtOnceIntoOneNewCExactlyOneWritesIt() throws Exception {
    CyclicBarrier start = new CyclicBarrier(2);
    ExecutorService two = Executors.newFixedThreadPool(2);
    List<Future<TableMultResult>> runs = new ArrayList<>();
    try {
      for (int i = 0; i < 2; i++) {
        runs.add(
            two.submit(
                () -> {
                  start.await();
                  return bulkInto("Cboth").run();
                }));
      }
      int written = 0;
      List<String> refusals = new ArrayList<>();
      for (Future<TableMultResult> run : runs) {
        try {
          run.get();
          written++;
        } catch (ExecutionException e) {
          refusals.add(String.valueOf(e.getCause()));
        }
      }
      assertEquals(1, written, "exactly one multiply wrote C; the others: " + refusals);
      assertTrue(refusals.get(0).contains("result table 'Cboth'"), refusals.get(0));
    } finally {
      two.shutdownNow();
    }
    assertEqualsOracle(client, "Cboth", oracle);
    assertEquals(ResultState.COMPLETE, ResultState.state(client, "Cboth"));
  }
}
