package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
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
import outerproduct.kernel.accumulo.IncompleteResultException;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.semiring.Semirings;

/**
 * No wrong answer is silent: a sum or product the semiring cannot hold fails the multiply naming
 * the cell and values, C stays readable and marked incomplete; of two multiplies into one C exactly
 * one proceeds, and adding onto a result is asked for, never assumed.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ResultIntegrityIT {
  private static final long TWO_TO_62 = 1L << 62;

  private Properties props;
  private AccumuloClient client;

  @BeforeAll
  void load(EmbeddedAccumulo accumulo) throws Exception {
    props = accumulo.clientProperties();
    client = accumulo.newClient();
    // C(i1,j1) = 2^62 * 1 + 2^62 * 1 overflows; C(i2,j1) = 1 does not. B in two tablets (k1 | k2):
    // each tablet's products reach C apart, so only C's combiner sums them.
    MatrixLoader.load(
        client,
        "ovAT",
        new SparseMatrix()
            .put("k1", "i1", Long.toString(TWO_TO_62))
            .put("k2", "i1", Long.toString(TWO_TO_62))
            .put("k1", "i2", "1"),
        1);
    MatrixLoader.load(
        client, "ovB", new SparseMatrix().put("k1", "j1", "1").put("k2", "j1", "1"), 2);
    MatrixLoader.load(
        client, "nanAT", new SparseMatrix().put("k1", "i1", "Infinity").put("k2", "i1", "1.5"), 1);
    MatrixLoader.load(
        client, "nanB", new SparseMatrix().put("k1", "j1", "0").put("k2", "j1", "2"), 1);
    SparseMatrix m = new SparseMatrix().put("1", "1", "1").put("1", "2", "2").put("2", "1", "3");
    MatrixLoader.load(client, "oneAT", m, 1);
    MatrixLoader.load(client, "oneB", m, 1);
    MatrixLoader.into(client)
        .tablets(1)
        .load("fenceAT", KroneckerGenerator.standard(11, "A").matrix());
    MatrixLoader.into(client)
        .tablets(1)
        .load("fenceB", KroneckerGenerator.standard(11, "B").matrix());
    // each monitoring entry its own batch: the tablet server works a call or two ahead of the
    // client, so calls are still to come when the client sees the first entry
    client.tableOperations().setProperty("fenceB", "table.scan.max.memory", "1");
  }

  /**
   * C replaced under a running multiply, as a retry replaces the C of a killed client whose tablet
   * servers still work: each call of the old multiply opens its writers only after checking that
   * C's name still denotes the table it took, so the multiply stops and nothing of it reaches the
   * new C.
   */
  @Test
  void writersStopOnceTheirCWasReplaced() throws Exception {
    String c = "Creplaced";
    AtomicReference<String> newId = new AtomicReference<>();
    RuntimeException e =
        assertThrows(
            RuntimeException.class,
            () ->
                TableMult.on(props)
                    .transposeOf("fenceAT")
                    .times("fenceB")
                    .into(c)
                    .monitorEvery(1_000, 0)
                    .onProgress(p -> replaceOnce(c, newId))
                    .run());
    assertTrue(
        e.getMessage().contains("' was replaced since this multiply took it (table id ")
            || e.getMessage().contains("deleted"),
        e.getMessage());
    assertEquals(newId.get(), client.tableOperations().tableIdMap().get(c));
    assertEquals(Map.of(), scan(c), "the stopped multiply wrote into the C that replaced its own");
  }

  private void replaceOnce(String c, AtomicReference<String> newId) {
    if (newId.get() != null) {
      return;
    }
    try {
      client.tableOperations().delete(c);
      client.tableOperations().create(c);
      newId.set(client.tableOperations().tableIdMap().get(c));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @AfterAll
  void close() {
    client.close();
  }

  /**
   * C's combiner meets 2⁶² + 2⁶²: the multiply fails naming the cell and the values, C is marked
   * incomplete with that reason, and a scan of C still reads every other cell.
   */
  @ParameterizedTest
  @EnumSource(Output.class)
  void anOverflowInCsSumFailsTheMultiplyAndLeavesCReadable(Output output) throws Exception {
    String c = "Coverflow_" + output;
    IncompleteResultException e =
        assertThrows(
            IncompleteResultException.class,
            () ->
                TableMult.on(props).transposeOf("ovAT").times("ovB").into(c).output(output).run());
    assertTrue(
        e.getMessage()
            .contains(
                "⊕ failed in result table '"
                    + c
                    + "' at row 'i1', column 'j1': plus-times-long: 4611686018427387904 +"
                    + " 4611686018427387904 overflows a 64-bit integer"),
        e.getMessage());
    assertTrue(ResultState.unfinished(client, c).startsWith("incomplete: ⊕ failed"));
    Map<String, String> cells = scan(c);
    assertEquals("1", cells.get("i2 j1"));
    assertTrue(cells.get("i1 j1").startsWith("!failed: plus-times-long: "), cells.toString());
    assertEquals(2, cells.size());
  }

  /** ∞ · 0 is no plus-times-double value: refused where it is formed, in both outputs. */
  @ParameterizedTest
  @EnumSource(Output.class)
  void aProductThatIsNotANumberIsNeverStored(Output output) throws Exception {
    String c = "Cnan_" + output;
    RuntimeException e =
        assertThrows(
            RuntimeException.class,
            () ->
                TableMult.on(props)
                    .transposeOf("nanAT")
                    .times("nanB")
                    .into(c)
                    .semiring("plus-times-double")
                    .output(output)
                    .run());
    assertTrue(
        e.getMessage()
            .contains(
                "plus-times-double: Infinity * 0.0 is not a number at AT(k,i) (x) B(k,j) with k"
                    + " 'k1', i 'i1', j 'j1'"),
        e.getMessage());
    if (client.tableOperations().exists(c)) {
      assertEquals(Map.of(), scan(c), "nothing of the failed multiply is in C");
    }
  }

  /**
   * Two multiplies into one new C, started together: exactly one proceeds, the other is refused
   * naming C, and C equals the oracle once (not twice).
   */
  @ParameterizedTest
  @EnumSource(Output.class)
  void ofTwoMultipliesIntoOneNewCExactlyOneProceeds(Output output) throws Exception {
    String c = "Ctwo_" + output;
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    List<Future<TableMultResult>> runs = new ArrayList<>();
    try {
      for (int n = 0; n < 2; n++) {
        runs.add(
            pool.submit(
                () -> {
                  start.await();
                  return TableMult.on(props)
                      .transposeOf("oneAT")
                      .times("oneB")
                      .into(c)
                      .output(output)
                      .run();
                }));
      }
      start.countDown();
      List<String> refusals = new ArrayList<>();
      int proceeded = 0;
      for (Future<TableMultResult> run : runs) {
        try {
          run.get();
          proceeded++;
        } catch (java.util.concurrent.ExecutionException refused) {
          refusals.add(refused.getCause().getMessage());
        }
      }
      assertEquals(1, proceeded, "refusals: " + refusals);
      assertTrue(
          refusals.get(0).startsWith("result table '" + c + "' is being written by another")
              || refusals.get(0).startsWith("result table '" + c + "' already holds a complete"),
          refusals.get(0));
    } finally {
      pool.shutdownNow();
    }
    SparseMatrix m = new SparseMatrix().put("1", "1", "1").put("1", "2", "2").put("2", "1", "3");
    assertEquals(
        ResultChecksum.of(ReferenceMultiply.multiply(Semirings.forName("plus-times-long"), m, m)),
        TableChecksum.of(client, c, Semirings.forName("plus-times-long"), Authorizations.EMPTY)
            .checksum());
    assertEquals(
        ResultState.COMPLETE,
        client.tableOperations().getConfiguration(c).get(ResultState.PROPERTY));
  }

  private Map<String, String> scan(String table) throws Exception {
    Map<String, String> cells = new TreeMap<>();
    try (Scanner scan = client.createScanner(table, Authorizations.EMPTY)) {
      for (Map.Entry<Key, Value> e : scan) {
        cells.put(
            e.getKey().getRow() + " " + e.getKey().getColumnQualifier(), e.getValue().toString());
      }
    }
    return cells;
  }
}
