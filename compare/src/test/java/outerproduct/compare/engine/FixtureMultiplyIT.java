package outerproduct.compare.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.Graph500Fixture;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.product.Cancellation;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.mr.MapReduceMultiply;
import outerproduct.mr.UberMode;
import outerproduct.multiply.Calibration;
import outerproduct.multiply.ClientMultiply;

/**
 * A SCALE 10 graph in Graphulo's file format (written here from the generator, so the test needs
 * nothing beside the repository; CI's fixture stage reads Graphulo's own files) loaded into tables
 * on the shared MiniAccumuloCluster, checked against an independent reading of the files, then
 * multiplied by every engine and checked against the oracle.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FixtureMultiplyIT {
  private static final int SCALE = 10;
  private final Semiring<?> semiring = Semirings.forName("plus-times-long");
  private AccumuloClient client;
  private SparseMatrix a;
  private SparseMatrix b;

  private Path fixtureDir;

  @BeforeAll
  void load(EmbeddedAccumulo accumulo, @TempDir Path dir) throws Exception {
    client = accumulo.newClient();
    fixtureDir = dir;
    Map<String, String> digests = new HashMap<>();
    for (String m : new String[] {"A", "B"}) {
      digests.putAll(writeGraphuloFormat(dir, KroneckerGenerator.standard(SCALE, m), SCALE + m));
    }
    Graph500Fixture fixtures = Graph500Fixture.withDigests("fixtures", dir, digests);
    a = fixtures.read(SCALE, "A");
    b = fixtures.read(SCALE, "B");
    assertEquals(
        KroneckerGenerator.standard(SCALE, "A").matrix(), a, "the files read back as generated");
    assertEquals(a.nnz(), MatrixLoader.load(client, "AT", a, 2));
    assertEquals(b.nnz(), MatrixLoader.load(client, "B", b, 2));
  }

  @Test
  void tablesHoldTheFixturesEdgesOnce() throws Exception {
    Path dir = fixtureDir;
    for (String m : new String[] {"A", "B"}) {
      long distinctEdges =
          distinctPairs(dir.resolve(SCALE + m + "r.txt.gz"), dir.resolve(SCALE + m + "c.txt.gz"));
      String table = m.equals("A") ? "AT" : "B";
      TableChecksum.Result stored = TableChecksum.of(client, table, semiring, Authorizations.EMPTY);
      assertEquals(distinctEdges, stored.nnz(), "nnz of " + table);
      assertEquals(
          ResultChecksum.of(m.equals("A") ? a : b), stored.checksum(), "contents of " + table);
    }
    assertEquals(2, client.tableOperations().listSplits("AT").size() + 1, "AT in 2 tablets");
  }

  /**
   * The iterator engine, its ingest ceiling (replaying the same products) and the MapReduce job's
   * bulk output, tuned and untuned, all give the oracle's C, through the harness's engine entry
   * points, and report the bytes they moved.
   */
  @Test
  void serverSideEnginesEqualOracle(EmbeddedAccumulo accumulo, EmbeddedYarn yarn) throws Exception {
    String expected = ResultChecksum.of(ReferenceMultiply.multiply(semiring, a, b));
    Engine.Settings settings =
        new Engine.Settings(
            0,
            MatrixLoader.splits(a.transpose(), 2),
            "log",
            2,
            UberMode.AUTO,
            Map.of(),
            MapReduceMultiply.DEFAULT_PRESUM,
            "snappy",
            Calibration.shipped());
    Target target =
        new Target(
            client,
            accumulo.clientProperties(),
            accumulo.clientPropertiesFile().toPath(),
            yarn::configuration,
            Configuration::new);
    for (Engine engine :
        new Engine[] {
          Engine.CLIENT,
          Engine.ITERATOR,
          Engine.ITERATOR_BULK,
          Engine.INGEST_CEILING,
          // MR's BatchWriter output: CompareCommandIT's whole-table runs (its job, counters and
          // window are MR_BULK's)
          Engine.MR_BULK,
          Engine.MR_BULK_BASELINE
        }) {
      String c = "C_" + engine.name();
      Engine.Run run =
          engine.createAndMultiply(
              new Operands(target, semiring, "AT", "B", settings), c, RowRanges.all());
      assertEquals(
          expected, TableChecksum.of(client, c, semiring, Authorizations.EMPTY).checksum(), c);
      assertEquals(
          ReferenceMultiply.partialProducts(a, b, RowRanges.all()), run.partialProducts(), c);
      assertMovedBytes(engine, run);
      if (engine == Engine.CLIENT) {
        continue;
      }
      assertEquals(2, client.tableOperations().listSplits(c).size() + 1, c + " pre-split in 2");
      if (engine.keepsWarm()) {
        assertEquals("log", client.tableOperations().getConfiguration(c).get("table.durability"));
      }
    }
    assertNamedPathCreatesItsOwnC(target, settings, expected);
    RowRanges rows = RowRanges.parse("1,:,100,");
    Engine.Run subset =
        Engine.MR.createAndMultiply(
            new Operands(target, semiring, "AT", "B", settings), "C_MR_subset", rows);
    assertEquals(
        ResultChecksum.of(ReferenceMultiply.multiply(semiring, a, b, rows, null, null)),
        TableChecksum.of(client, "C_MR_subset", semiring, Authorizations.EMPTY).checksum());
    assertEquals(true, subset.info().get("uber"), "a row subset runs in uber mode");
    assertEquals(1, subset.info().get("reduces"), "uber mode allows one reducer");
    assertTrue(!client.tableOperations().exists("P_C_INGEST_CEILING"), "products table removed");
  }

  /**
   * Without a durability for the harness to set, a named iterator path creates its C itself, as
   * auto's choice does: split as asked, in the path's own time, nothing counted as preparing.
   */
  private void assertNamedPathCreatesItsOwnC(
      Target target, Engine.Settings withDurability, String expected) throws Exception {
    Engine.Settings settings =
        new Engine.Settings(
            withDurability.presum(),
            withDurability.resultSplits(),
            null,
            withDurability.mrReducers(),
            withDurability.mrUber(),
            withDurability.mrConf(),
            withDurability.mrPresum(),
            withDurability.bulkCompression(),
            withDurability.calibration());
    String c = "C_ITERATOR_BULK_own";
    Engine.Run run =
        Engine.ITERATOR_BULK.createAndMultiply(
            new Operands(target, semiring, "AT", "B", settings), c, RowRanges.all());
    assertEquals(expected, TableChecksum.of(client, c, semiring, Authorizations.EMPTY).checksum());
    assertEquals(0.0, run.prepareSeconds(), "the path created C inside its own time");
    assertEquals(2, client.tableOperations().listSplits(c).size() + 1, c + " pre-split in 2");
    assertTrue(
        !"log".equals(client.tableOperations().getConfiguration(c).get("table.durability")),
        "no durability was asked for");
  }

  /** Each engine's byte counts where it has them: writers' bytes, or Hadoop's counters. */
  private static void assertMovedBytes(Engine engine, Engine.Run run) {
    Map<String, Object> info = run.info();
    String at = engine.label();
    switch (engine) {
      case ITERATOR -> assertTrue(((Number) info.get("sent_bytes")).longValue() > 0, at);
      case ITERATOR_BULK -> {
        assertTrue(((Number) info.get("file_bytes")).longValue() > 0, at);
        assertEquals(0L, ((Number) info.get("sent_bytes")).longValue(), at);
      }
      case MR, MR_BULK, MR_BULK_BASELINE -> {
        assertTrue(((Number) info.get("map_output_bytes")).longValue() > 0, at);
        assertTrue(((Number) info.get("shuffle_bytes")).longValue() > 0, at);
        assertTrue(((Number) info.get("local_bytes_written")).longValue() > 0, at);
        long mapOutput = ((Number) info.get("map_output")).longValue();
        if (engine == Engine.MR_BULK_BASELINE) {
          assertEquals(run.partialProducts(), mapOutput, "untuned: no pre-sum window");
        } else {
          assertTrue(mapOutput < run.partialProducts(), at + ": the window pre-summed");
        }
      }
      default -> {}
    }
  }

  @Test
  void resultTableHoldingEntriesIsRefusedAndUntouched() throws Exception {
    client.tableOperations().create("C_taken");
    try (BatchWriter writer = client.createBatchWriter("C_taken")) {
      Mutation m = new Mutation("earlier");
      m.put("", "entry", "7");
      writer.addMutation(m);
    }
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ClientMultiply.multiply(
                    client,
                    semiring,
                    "AT",
                    "B",
                    "C_taken",
                    RowRanges.all(),
                    null,
                    null,
                    Authorizations.EMPTY,
                    new Cancellation()));
    assertTrue(e.getMessage().contains("'C_taken' already holds entries"), e.getMessage());
    assertEquals(1, TableChecksum.of(client, "C_taken", semiring, Authorizations.EMPTY).nnz());
  }

  /**
   * Graphulo's layout: {@code <name>r.txt.gz} and {@code <name>c.txt.gz}, the edges' row and column
   * ids as comma-terminated lists. Returns each file's SHA-256.
   */
  private static Map<String, String> writeGraphuloFormat(
      Path dir, KroneckerGenerator graph, String name) throws IOException {
    StringBuilder rows = new StringBuilder();
    StringBuilder cols = new StringBuilder();
    for (long e = 0; e < graph.edges(); e++) {
      KroneckerGenerator.Edge edge = graph.edge(e);
      rows.append(edge.u()).append(',');
      cols.append(edge.v()).append(',');
    }
    Map<String, String> digests = new HashMap<>();
    for (String suffix : new String[] {"r", "c"}) {
      ByteArrayOutputStream gz = new ByteArrayOutputStream();
      try (OutputStream out = new GZIPOutputStream(gz)) {
        out.write((suffix.equals("r") ? rows : cols).toString().getBytes(StandardCharsets.UTF_8));
      }
      String file = name + suffix + ".txt.gz";
      Files.write(dir.resolve(file), gz.toByteArray());
      digests.put(file, Graph500Fixture.sha256(gz.toByteArray()));
    }
    return digests;
  }

  /** Independent of Graph500Fixture: distinct (row, column) pairs of the two gzip'd lists. */
  private static long distinctPairs(Path rows, Path cols) throws IOException {
    String[] r = slurp(rows).split(",");
    String[] c = slurp(cols).split(",");
    assertEquals(r.length, c.length);
    Set<String> pairs = new HashSet<>();
    for (int e = 0; e < r.length; e++) {
      pairs.add(r[e].trim() + "\u0000" + c[e].trim());
    }
    return pairs.size();
  }

  private static String slurp(Path gz) throws IOException {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(gz)), StandardCharsets.UTF_8))) {
      StringBuilder sb = new StringBuilder();
      in.lines().forEach(sb::append);
      return sb.toString();
    }
  }
}
