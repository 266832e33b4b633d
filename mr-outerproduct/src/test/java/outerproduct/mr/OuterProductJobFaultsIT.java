package outerproduct.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static outerproduct.kernel.oracle.OracleAssertions.assertEqualsOracle;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.product.MultiplyBuilder;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * The MapReduce engine when things go wrong: a reduce attempt that fails after writing part of C,
 * two jobs racing into one new C, and an overflow in ⊕. Each C is checked against the in-memory
 * oracle. (Apart from {@link OuterProductJobIT} so that the module's two test JVMs share the jobs.)
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OuterProductJobFaultsIT {
  private static final Logger log = LoggerFactory.getLogger(OuterProductJobFaultsIT.class);
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");

  private EmbeddedYarn yarn;
  private Path clientProperties;
  private AccumuloClient client;
  private SparseMatrix a10;
  private SparseMatrix b10;

  @BeforeAll
  void loadInputs(EmbeddedAccumulo accumulo, EmbeddedYarn yarn) throws Exception {
    this.yarn = yarn;
    clientProperties = accumulo.clientPropertiesFile().toPath();
    client = accumulo.newClient();
    a10 = KroneckerGenerator.standard(10, "A").matrix();
    b10 = KroneckerGenerator.standard(10, "B").matrix();
    // its own names: both classes may run in one test JVM, on one cluster
    MatrixLoader.load(client, "fAT10", a10, 2);
    MatrixLoader.load(client, "fB10", b10, 2);
  }

  @AfterAll
  void close() {
    client.close();
  }

  private MultiplyBuilder.TransposeOf<MultiplyBuilder.Into<MapReduceMultiply>> multiply() {
    return MapReduceMultiply.on(yarn.configuration(), clientProperties);
  }

  /**
   * The first attempt of reducer 0 writes part of C, then fails; the retry rewrites the same final
   * sums, so C is exact. Speculative execution is on. A marker table records what the failed
   * attempt wrote.
   */
  @Test
  void aFailedReduceAttemptDoesNotDoubleCount() throws Exception {
    client.tableOperations().create(FailingOnceReducer.MARKER_TABLE);
    MapReduceMultiply.Result r =
        multiply()
            .transposeOf("fAT10")
            .times("fB10")
            .into("C10retry")
            .customize(
                job -> {
                  job.setReducerClass(FailingOnceReducer.class);
                  // Speculative attempts are a second source of duplicate writes; allowed here.
                  job.getConfiguration().setBoolean(MRJobConfig.MAP_SPECULATIVE, true);
                  job.getConfiguration().setBoolean(MRJobConfig.REDUCE_SPECULATIVE, true);
                })
            .run();
    assertEqualsOracle(client, "C10retry", ReferenceMultiply.multiply(LONG, a10, b10));
    long failedAttemptRows = 0;
    try (Scanner scan =
        client.createScanner(FailingOnceReducer.MARKER_TABLE, Authorizations.EMPTY)) {
      for (Map.Entry<Key, Value> e : scan) {
        assertTrue(e.getKey().getRow().toString().endsWith("_r_000000_0"), e.getKey().toString());
        failedAttemptRows = Long.parseLong(e.getValue().toString());
      }
    }
    assertEquals(
        FailingOnceReducer.FAIL_AFTER_ROWS,
        failedAttemptRows,
        "the failed attempt had reduced that many C rows before it failed");
    assertEquals(1, r.failedAttempts(), "exactly the injected failure: " + r);
    log.info("retried reducer: {}", r);
  }

  /**
   * Two jobs into one new C, started together: exactly one proceeds and the other is refused naming
   * C (before its job is submitted); C equals the oracle once.
   */
  @Test
  void ofTwoJobsIntoOneNewCExactlyOneProceeds() throws Exception {
    RowRanges rows = RowRanges.parse("1,:,100,");
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    List<String> refusals = new ArrayList<>();
    int proceeded = 0;
    try {
      List<Future<MapReduceMultiply.Result>> runs = new ArrayList<>();
      for (int n = 0; n < 2; n++) {
        runs.add(
            pool.submit(
                () -> {
                  start.await();
                  return multiply()
                      .transposeOf("fAT10")
                      .times("fB10")
                      .into("C10two")
                      .rows(rows)
                      .uber(UberMode.ON)
                      .run();
                }));
      }
      start.countDown();
      for (Future<MapReduceMultiply.Result> run : runs) {
        try {
          run.get();
          proceeded++;
        } catch (ExecutionException e) {
          refusals.add(e.getCause().getMessage());
        }
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(1, proceeded, "refusals: " + refusals);
    assertTrue(
        refusals.get(0).contains("result table 'C10two'")
            && (refusals.get(0).contains("being written by another multiply")
                || refusals.get(0).contains("already holds a complete result")
                || refusals.get(0).contains("created or deleted by someone else")),
        refusals.get(0));
    assertEqualsOracle(
        client, "C10two", ReferenceMultiply.multiply(LONG, a10, b10, rows, null, null));
  }

  /** 2⁶² + 2⁶² in ⊕ fails the job naming the cell, C marked incomplete; adding to C is refused. */
  @Test
  void anOverflowFailsTheJobNamingTheCellAndAddingIsRefused() throws Exception {
    long big = 1L << 62;
    MatrixLoader.load(
        client,
        "ovAT",
        new SparseMatrix().put("k1", "i1", Long.toString(big)).put("k2", "i1", Long.toString(big)),
        1);
    MatrixLoader.load(
        client, "ovB", new SparseMatrix().put("k1", "j1", "1").put("k2", "j1", "1"), 2);
    MapReduceMultiply job = multiply().transposeOf("ovAT").times("ovB").into("Coverflow");
    job.uber(UberMode.ON)
        .customize(j -> j.getConfiguration().setInt("mapreduce.reduce.maxattempts", 1));
    JobFailedException e = assertThrows(JobFailedException.class, job::run);
    assertTrue(
        e.getMessage().contains("4611686018427387904 + 4611686018427387904 overflows")
            && e.getMessage().contains("i1")
            && e.getMessage().contains("j1"),
        e.getMessage());
    assertTrue(ResultState.unfinished(client, "Coverflow").startsWith("incomplete: "));
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                multiply().transposeOf("fAT10").times("fB10").into("C10add").addToExisting().run());
    assertTrue(refused.getMessage().startsWith("addToExisting (--add-to-existing)"));
    assertFalse(client.tableOperations().exists("C10add"), "C untouched");
  }
}
