package outerproduct.multiply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.data.Mutation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.multiply.cli.MultiplyCommand;
import picocli.CommandLine;

/**
 * The 2-hop neighbourhood of N random vertices on real tablet servers: equal to the in-memory
 * oracle (rows S of G ⊕.⊗ G, the multiply of Gᵀ and G restricted to AT's columns S), and reading
 * exactly the rows S and the rows of their neighbours, no entry more.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TwoHopIT {
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");

  private AccumuloClient client;
  private SparseMatrix g;
  private String clientProperties;

  @BeforeAll
  void loadGraph(EmbeddedAccumulo accumulo) throws Exception {
    clientProperties = accumulo.clientPropertiesFile().toString();
    client = accumulo.newClient();
    g = KroneckerGenerator.standard(9, "A").matrix();
    MatrixLoader.into(client).tablets(3).load("hopG", g);
  }

  @AfterAll
  void close() {
    client.close();
  }

  private TwoHop twoHop(String graph) {
    return TwoHop.on(Path.of(clientProperties), graph).client(client);
  }

  @ParameterizedTest
  @CsvSource({
    "1, TABLET_SERVERS",
    "16, TABLET_SERVERS",
    "64, TABLET_SERVERS",
    "1, CLIENT",
    "16, CLIENT",
    "64, CLIENT"
  })
  void twoHopsOfRandomVerticesEqualTheOracleAndReadOnlyTheirRows(int n, TwoHop.FormedIn where)
      throws Exception {
    List<String> vertices = new ArrayList<>(g.rowIds());
    Collections.shuffle(vertices, new Random(n));
    Set<String> s = new TreeSet<>(vertices.subList(0, n));
    TwoHop.Result r = twoHop("hopG").from(s).formIn(where).run();
    assertEquals(where, r.formedIn());
    SparseMatrix oracle =
        ReferenceMultiply.multiply(
            LONG, g.transpose(), g, RowRanges.all(), ColumnFilter.of(s), null);
    SparseMatrix answer = new SparseMatrix();
    r.answer()
        .cells()
        .forEachRemaining(
            c -> answer.put(text(c.row()), text(c.column()), text(LONG.canonical(c.value()))));
    assertEquals(oracle, answer);
    Set<String> neighbours = new TreeSet<>();
    long firstHop = 0;
    for (String v : s) {
      firstHop += g.row(v).size();
      neighbours.addAll(g.row(v).keySet());
    }
    long secondHop = neighbours.stream().mapToLong(k -> g.row(k).size()).sum();
    assertEquals(firstHop, r.firstHopEntries(), "the first hop reads the rows S, no more");
    if (where == TwoHop.FormedIn.CLIENT) {
      assertEquals(secondHop, r.secondHopEntries(), "the second reads their neighbours' rows only");
    } else {
      // each tablet reads its copy of the rows S, and seeking steps over a few entries of a gap
      assertTrue(r.secondHopEntries() >= secondHop + firstHop, r + " read less than it needs");
    }
    assertTrue(r.entriesRead() < g.nnz() || n == 64, "no full scan of G");
  }

  @Test
  void byDefaultTheTabletServersFormTheSecondHopOfAFirstHopLargeEnough() throws Exception {
    String large = null;
    String small = null;
    for (String v : g.rowIds()) {
      int edges = g.row(v).size();
      large = large == null && edges >= TwoHop.SERVERS_FROM_FIRST_HOP ? v : large;
      small = small == null && edges < TwoHop.SERVERS_FROM_FIRST_HOP ? v : small;
    }
    assertEquals(
        TwoHop.FormedIn.TABLET_SERVERS, twoHop("hopG").from(List.of(large)).run().formedIn());
    assertEquals(TwoHop.FormedIn.CLIENT, twoHop("hopG").from(List.of(small)).run().formedIn());
  }

  /**
   * Accumulo's ids are bytes: two that are not UTF-8 (0xFF, 0xFE) are different vertices, and
   * decoded to text both would be U+FFFD, one vertex that is in no row.
   */
  @ParameterizedTest
  @EnumSource(TwoHop.FormedIn.class)
  void idsThatAreNotUtf8AreDifferentVerticesAndEachIsFollowed(TwoHop.FormedIn where)
      throws Exception {
    byte[] k1 = {(byte) 0xFF};
    byte[] k2 = {(byte) 0xFE};
    byte[] s = "s".getBytes(StandardCharsets.UTF_8);
    byte[] x = "x".getBytes(StandardCharsets.UTF_8);
    String table = "hopBinary" + where.ordinal();
    client.tableOperations().create(table);
    try (BatchWriter w = client.createBatchWriter(table)) {
      w.addMutation(edge(s, k1, "2"));
      w.addMutation(edge(s, k2, "3"));
      w.addMutation(edge(k1, x, "5"));
      w.addMutation(edge(k1, k1, "1"));
      w.addMutation(edge(k1, k2, "1"));
      w.addMutation(edge(k2, x, "7"));
    }
    TwoHop.Result r = twoHop(table).from(List.of("s")).formIn(where).run();
    List<String> cells = new ArrayList<>();
    r.answer()
        .cells()
        .forEachRemaining(
            c ->
                cells.add(
                    HexFormat.of().formatHex(c.row())
                        + " "
                        + HexFormat.of().formatHex(c.column())
                        + " "
                        + text(LONG.canonical(c.value()))));
    // C(s,x) = 2·5 + 3·7; C(s,0xFE) = 2·1 and C(s,0xFF) = 2·1, in unsigned byte order
    assertEquals(List.of("73 78 31", "73 fe 2", "73 ff 2"), cells);
    assertEquals(2, r.firstHopEntries());
    if (where == TwoHop.FormedIn.CLIENT) {
      assertEquals(4, r.secondHopEntries());
    }
  }

  private static Mutation edge(byte[] from, byte[] to, String value) {
    Mutation m = new Mutation(from);
    m.put(new byte[0], to, value.getBytes(StandardCharsets.UTF_8));
    return m;
  }

  @Test
  void anUnknownVertexHasAnEmptyNeighbourhood() throws Exception {
    TwoHop.Result r = twoHop("hopG").from(List.of("no-such-vertex")).run();
    assertTrue(!r.answer().cells().hasNext());
    assertEquals(0, r.entriesRead());
  }

  @Test
  void aMissingGraphIsNamed() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> twoHop("noGraph").from(List.of("1")).run());
    assertEquals("input table 'noGraph' does not exist", e.getMessage());
  }

  @Test
  void theCommandPrintsTheNeighbourhoodAndRefusesWhatDoesNotApply() {
    List<String> s = g.rowIds().subList(0, 16);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = MultiplyCommand.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    String vertices = String.join(",", s) + ",";
    assertEquals(
        0,
        cli.execute("--cluster", clientProperties, "--b", "hopG", "--two-hop", vertices),
        err.toString());
    List<String> expected = new ArrayList<>();
    ReferenceMultiply.multiply(LONG, g.transpose(), g, RowRanges.all(), ColumnFilter.of(s), null)
        .entries()
        .forEach(e -> expected.add(e.row() + "\t" + e.column() + "\t" + e.value()));
    assertEquals(expected, out.toString().lines().toList());
    assertTrue(
        err.toString()
            .contains("two-hop of 16 vertices in hopG, second hop formed in the tablet servers:"),
        err.toString());
    StringWriter refused = new StringWriter();
    cli.setErr(new PrintWriter(refused));
    assertEquals(
        2,
        cli.execute(
            "--cluster", clientProperties, "--b", "hopG", "--two-hop", vertices, "--rows", "1,"));
    assertTrue(
        refused.toString().contains("--rows does not apply to --two-hop"), refused.toString());
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
