package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static outerproduct.kernel.oracle.OracleAssertions.assertEqualsOracle;
import static outerproduct.kernel.oracle.OracleAssertions.checksum;

import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.admin.CompactionConfig;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/** TableMult on real tablet servers, every C checked against the in-memory oracle. */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TableMultIT {
  private static final Logger log = LoggerFactory.getLogger(TableMultIT.class);
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");

  private Properties props;
  private AccumuloClient client;
  private SparseMatrix a10;
  private SparseMatrix b10;

  @BeforeAll
  void loadInputs(EmbeddedAccumulo accumulo) throws Exception {
    props = accumulo.clientProperties();
    client = accumulo.newClient();
    a10 = KroneckerGenerator.standard(10, "A").matrix();
    b10 = KroneckerGenerator.standard(10, "B").matrix();
    MatrixLoader.load(client, "AT10", a10, 2);
    MatrixLoader.load(client, "B10", b10, 2);
  }

  @AfterAll
  void close() {
    client.close();
  }

  /** A whole-table C is also pre-split: {@link outerproduct.kernel.accumulo.ResultSplits}. */
  @Test
  void scale10GraphEqualsOracle() throws Exception {
    TableMultResult r = TableMult.on(props).transposeOf("AT10").times("B10").into("C10").run();
    SparseMatrix oracle = ReferenceMultiply.multiply(LONG, a10, b10);
    assertEqualsOracle(client, "C10", oracle);
    assertEquals(ReferenceMultiply.partialProducts(a10, b10, RowRanges.all()), r.partialProducts());
    assertTrue(
        r.entriesWritten() < r.partialProducts(),
        "by default the tablet server's window pre-sums a whole table: "
            + r.entriesWritten()
            + " entries for "
            + r.partialProducts());
    // a whole-table C starts in one tablet per tablet server (2 here), each holding part of it
    SortedSet<Text> splits = new TreeSet<>(client.tableOperations().listSplits("C10"));
    assertEquals(1, splits.size(), "C10 split once: " + splits);
    Text cut = splits.first();
    long below = oracle.rowIds().stream().filter(row -> new Text(row).compareTo(cut) <= 0).count();
    assertTrue(
        below > 0 && below < oracle.rowIds().size(),
        "both tablets hold rows of C: " + below + " at or below " + cut);
    log.info(
        "SCALE 10: {} partial products in {} s = {} pp/s",
        r.partialProducts(),
        String.format("%.2f", r.seconds()),
        String.format("%.3g", r.partialProductsPerSecond()));
  }

  /**
   * SCALE 11 (about 2.3 million partial products, so the 100,000-product pre-sum window fills and
   * drains many times over on each tablet server) with pre-sum off and on: the same C. SCALE 12
   * adds nothing to that claim but a minute of CI, all of it writing the unsummed products.
   */
  @Test
  void scale11GraphEqualsOracleWithAndWithoutPresum() throws Exception {
    SparseMatrix a = KroneckerGenerator.standard(11, "A").matrix();
    SparseMatrix b = KroneckerGenerator.standard(11, "B").matrix();
    MatrixLoader.load(client, "AT11", a, 2);
    MatrixLoader.load(client, "B11", b, 2);
    String oracle = ResultChecksum.of(ReferenceMultiply.multiply(LONG, a, b));
    TableMultResult plain =
        TableMult.on(props).transposeOf("AT11").times("B11").into("C11").presum(0).run();
    TableMultResult presummed =
        TableMult.on(props).transposeOf("AT11").times("B11").into("C11p").presum(100_000).run();
    assertEquals(oracle, checksum(client, "C11"));
    assertEquals(oracle, checksum(client, "C11p"));
    assertEquals(plain.partialProducts(), presummed.partialProducts());
    assertEquals(plain.partialProducts(), plain.entriesWritten(), "without pre-sum, every product");
    assertTrue(
        presummed.entriesWritten() < plain.entriesWritten(),
        "pre-sum writes fewer entries: "
            + presummed.entriesWritten()
            + " vs "
            + plain.entriesWritten());
    log.info(
        "SCALE 11: {} pp; presum off {} s ({} pp/s), on {} s ({} pp/s, {} entries written)",
        plain.partialProducts(),
        String.format("%.2f", plain.seconds()),
        String.format("%.3g", plain.partialProductsPerSecond()),
        String.format("%.2f", presummed.seconds()),
        String.format("%.3g", presummed.partialProductsPerSecond()),
        presummed.entriesWritten());
  }

  /**
   * Rows of B without AT: what multiplying by B's selection matrix over those rows gives, checked
   * against the oracle multiplying by that matrix, and against B's rows themselves.
   */
  @Test
  void rowsOfBEqualTheMultiplyByTheirSelectionMatrix() throws Exception {
    RowRanges rows = RowRanges.parse("1,12,:,17,300,");
    SparseMatrix selection = new SparseMatrix();
    SparseMatrix rowsOfB = new SparseMatrix();
    for (String k : b10.rowIds()) {
      if (rows.contains(k.getBytes(StandardCharsets.UTF_8))) {
        selection.put(k, k, "1");
        b10.row(k).forEach((j, v) -> rowsOfB.put(k, j, v));
      }
    }
    TableMultResult r = TableMult.on(props).rowsOf("B10").into("C10rows").rows(rows).run();
    SparseMatrix oracle = ReferenceMultiply.multiply(LONG, selection, b10, rows, null, null);
    assertTrue(oracle.nnz() > 0, "the rows are not empty");
    assertEquals(ResultChecksum.of(rowsOfB), ResultChecksum.of(oracle), "C is those rows of B");
    assertEqualsOracle(client, "C10rows", oracle);
    assertEquals(oracle.nnz(), r.partialProducts(), "one product per entry of the rows");
    assertEquals(selection.nnz(), r.rowsAligned());
  }

  @Test
  void rowSubsetAndColumnFiltersEqualOracle() throws Exception {
    RowRanges rows = RowRanges.parse("1,:,150,7,9,:,");
    ColumnFilter atCols = ColumnFilter.parse("1,2,3,5,8,13,21,34,55,89,");
    ColumnFilter bCols = ColumnFilter.parse("1,4,9,16,25,36,49,64,81,100,");
    TableMult.on(props)
        .transposeOf("AT10")
        .times("B10")
        .into("C10sub")
        .rows(rows)
        .atColumns(atCols.toD4m())
        .bColumns(bCols.toD4m())
        .run();
    SparseMatrix oracle = ReferenceMultiply.multiply(LONG, a10, b10, rows, atCols, bCols);
    assertTrue(oracle.nnz() > 0, "the subset is not empty");
    assertEqualsOracle(client, "C10sub", oracle);
  }

  /** C gets the split rows asked for (they are C's rows), CT none (its rows are C's columns). */
  @Test
  void transposeIsWrittenTooAndOnlyCIsSplit() throws Exception {
    RowRanges rows = RowRanges.parse("1,:,3,");
    SortedSet<Text> cSplits = new TreeSet<>(MatrixLoader.splits(a10.transpose(), 3));
    TableMult.on(props)
        .transposeOf("AT10")
        .times("B10")
        .into("C10t")
        .alsoTranspose("CT10t")
        .rows(rows)
        .cSplits(cSplits)
        .run();
    SparseMatrix oracle = ReferenceMultiply.multiply(LONG, a10, b10, rows, null, null);
    assertEqualsOracle(client, "C10t", oracle);
    assertEqualsOracle(client, "CT10t", oracle.transpose());
    assertEquals(2, cSplits.size());
    assertEquals(cSplits, new TreeSet<>(client.tableOperations().listSplits("C10t")));
    assertTrue(client.tableOperations().listSplits("CT10t").isEmpty(), "CT is not split");
  }

  /**
   * Tiny scan batches on B and a monitoring entry every 500 products: the tablet servers return
   * many entries and re-create the stack from them; C must be exact.
   */
  @Test
  void teardownAndReseekLoseAndRepeatNothing() throws Exception {
    MatrixLoader.load(client, "B10small", b10, 2);
    client.tableOperations().setProperty("B10small", "table.scan.max.memory", "1");
    AtomicLong entries = new AtomicLong();
    TableMultResult r =
        TableMult.on(props)
            .transposeOf("AT10")
            .times("B10small")
            .into("C10resume")
            .monitorEvery(500, 0)
            .onProgress(p -> entries.incrementAndGet())
            .run();
    assertEqualsOracle(client, "C10resume", ReferenceMultiply.multiply(LONG, a10, b10));
    assertTrue(r.monitoringEntries() > 10, "many monitoring entries: " + r.monitoringEntries());
    assertEquals(r.monitoringEntries(), entries.get());
    log.info(
        "teardown test: {} monitoring entries, {} resumes after a re-created stack",
        r.monitoringEntries(),
        r.resumes());
    assertTrue(r.resumes() > 0, "the tablet servers re-sought the stack after returned entries");
  }

  /** ⊕ at minc and majc, not only at scan: after flush and compaction each cell is one entry. */
  @Test
  void combinerRunsAtMincAndMajc() throws Exception {
    RowRanges rows = RowRanges.parse("1,:,20,");
    TableMult.on(props).transposeOf("AT10").times("B10").into("C10compact").rows(rows).run();
    TableMult.on(props)
        .transposeOf("AT10")
        .times("B10")
        .into("C10compact")
        .rows(rows)
        .addToExisting()
        .run();
    client.tableOperations().flush("C10compact", null, null, true);
    client.tableOperations().compact("C10compact", new CompactionConfig().setWait(true));
    client
        .tableOperations()
        .removeIterator("C10compact", ResultTables.COMBINER_NAME, EnumSet.of(IteratorScope.scan));
    SparseMatrix once = ReferenceMultiply.multiply(LONG, a10, b10, rows, null, null);
    SparseMatrix twice = new SparseMatrix();
    once.entries()
        .forEach(e -> twice.put(e.row(), e.column(), Long.toString(2 * Long.parseLong(e.value()))));
    long raw = 0;
    try (Scanner scan = client.createScanner("C10compact", Authorizations.EMPTY)) {
      for (Map.Entry<Key, Value> ignored : scan) {
        raw++;
      }
    }
    assertEquals(twice.nnz(), raw, "one stored entry per cell without the scan-time combiner");
    assertEqualsOracle(client, "C10compact", twice);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "plus-times-long",
        "plus-times-double",
        "plus-times-bigdecimal",
        "min-plus",
        "max-plus",
        "max-min",
        "or-and"
      })
  void everyBuiltInSemiringEqualsOracle(String name) throws Exception {
    Semiring<?> s = Semirings.forName(name);
    SparseMatrix a = random(name.hashCode(), name.equals("or-and"));
    SparseMatrix b = random(name.hashCode() + 1, name.equals("or-and"));
    String suffix = name.replace('-', '_');
    MatrixLoader.load(client, "ATs_" + suffix, a, 2);
    MatrixLoader.load(client, "Bs_" + suffix, b, 2);
    TableMult.on(props)
        .transposeOf("ATs_" + suffix)
        .times("Bs_" + suffix)
        .into("Cs_" + suffix)
        .semiring(name)
        .run();
    assertEquals(
        ResultChecksum.of(ReferenceMultiply.multiply(s, a, b)),
        TableChecksum.of(client, "Cs_" + suffix, s, Authorizations.EMPTY).checksum());
  }

  /** Cells that sum to zero stay as "0" entries by default and are gone with removeZeros. */
  @Test
  void zeroSumsAreKeptOrRemoved() throws Exception {
    SparseMatrix at =
        new SparseMatrix().put("k1", "i", "1").put("k2", "i", "1").put("k2", "i2", "3");
    SparseMatrix b = new SparseMatrix().put("k1", "j", "1").put("k2", "j", "-1");
    MatrixLoader.load(client, "ATz", at, 1);
    MatrixLoader.load(client, "Bz", b, 1);
    TableMult.on(props).transposeOf("ATz").times("Bz").into("Ckeep").run();
    TableMult.on(props).transposeOf("ATz").times("Bz").into("Cdrop").removeZeros().run();
    SparseMatrix oracle = ReferenceMultiply.multiply(LONG, at, b);
    assertEquals("0", oracle.get("i", "j"));
    assertEqualsOracle(client, "Ckeep", oracle);
    SparseMatrix withoutZeros = new SparseMatrix();
    oracle.entries().stream()
        .filter(e -> !e.value().equals("0"))
        .forEach(e -> withoutZeros.put(e.row(), e.column(), e.value()));
    assertEqualsOracle(client, "Cdrop", withoutZeros);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                TableMult.on(props)
                    .transposeOf("ATz")
                    .times("Bz")
                    .into("Ckeep")
                    .removeZeros()
                    .run());
    assertTrue(e.getMessage().contains("lacks the zero filter"), e.getMessage());
  }

  /**
   * 16 multiplies at once, every scan of B waiting on its scans of AT. Sharing one 16-thread
   * executor, 16 scans of B per tablet server took every thread and the scans of AT queued behind
   * them forever; on their own executor (as the embedded cluster routes them) all finish, each
   * equal to its oracle.
   */
  @Test
  void sixteenConcurrentMultipliesFinishEqualToOracle() throws Exception {
    assertNull(
        ScanExecutorCheck.problem(client, "B10"), "the embedded cluster routes TableMult scans");
    ExecutorService pool = Executors.newFixedThreadPool(16);
    try {
      Map<String, Future<TableMultResult>> runs = new TreeMap<>();
      Map<String, RowRanges> rowsOf = new TreeMap<>();
      for (int q = 1; q <= 16; q++) {
        RowRanges rows = RowRanges.parse((q * 50) + ",:," + (q * 50 + 49) + ",");
        String c = "Cconcurrent" + q;
        rowsOf.put(c, rows);
        runs.put(
            c,
            pool.submit(
                () ->
                    TableMult.on(props).transposeOf("AT10").times("B10").into(c).rows(rows).run()));
      }
      for (Map.Entry<String, Future<TableMultResult>> run : runs.entrySet()) {
        run.getValue().get(5, TimeUnit.MINUTES);
        SparseMatrix oracle =
            ReferenceMultiply.multiply(LONG, a10, b10, rowsOf.get(run.getKey()), null, null);
        assertTrue(oracle.nnz() > 0, "rows of " + run.getKey() + " are not empty");
        assertEqualsOracle(client, run.getKey(), oracle);
      }
    } finally {
      pool.shutdownNow();
    }
    client.tableOperations().create("Bshared");
    client.tableOperations().setProperty("Bshared", ScanExecutorCheck.ROUTE, "default");
    String problem = ScanExecutorCheck.problem(client, "Bshared");
    assertTrue(
        problem != null
            && problem.contains("'Bshared'")
            && problem.contains(ScanExecutorCheck.ROUTE),
        problem);
  }

  /**
   * 300 random entries over ids 1..40: small values (or ones, for booleans) that sum to zero too.
   */
  static SparseMatrix random(long seed, boolean booleans) {
    Random rnd = new Random(seed);
    SparseMatrix m = new SparseMatrix();
    for (int e = 0; e < 300; e++) {
      String value = booleans ? "1" : Integer.toString(rnd.nextInt(19) - 9);
      m.put(Integer.toString(1 + rnd.nextInt(40)), Integer.toString(1 + rnd.nextInt(40)), value);
    }
    return m;
  }
}
