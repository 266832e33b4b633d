package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.PreparedTables;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * Queued requests answered into result tables prepared ahead ({@link PreparedTables}): each C equal
 * to its oracle, the pool refilled while requests take tables, the untaken ones deleted at close.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PreparedResultsIT {
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");

  private Properties props;
  private AccumuloClient client;
  private SparseMatrix a;
  private SparseMatrix b;

  @BeforeAll
  void load(EmbeddedAccumulo accumulo) throws Exception {
    props = accumulo.clientProperties();
    client = accumulo.newClient();
    a = KroneckerGenerator.standard(9, "A").matrix();
    b = KroneckerGenerator.standard(9, "B").matrix();
    MatrixLoader.load(client, "ATprep", a, 2);
    MatrixLoader.load(client, "Bprep", b, 2);
  }

  @AfterAll
  void close() {
    client.close();
  }

  @Test
  void requestsTakePreparedTablesAndEachEqualsItsOracle() throws Exception {
    List<String> taken = new ArrayList<>();
    try (PreparedTables ready =
        PreparedTables.start(
            client, "Cprep_", 2, (c, table) -> ResultTables.prepare(c, table, LONG.name()))) {
      ready.awaitAhead();
      assertEquals(2, preparedTables().size(), "two tables ready before any request");
      for (int q = 1; q <= 3; q++) {
        RowRanges rows = RowRanges.parse(q + ",:," + q + "9,");
        String c = ready.take();
        taken.add(c);
        TableMultResult r =
            TableMult.on(props)
                .transposeOf("ATprep")
                .times("Bprep")
                .into(c)
                .client(client)
                .rows(rows)
                .run();
        SparseMatrix oracle = ReferenceMultiply.multiply(LONG, a, b, rows, null, null);
        assertTrue(oracle.nnz() > 0, "rows " + rows + " are not empty");
        TableChecksum.Result got = TableChecksum.of(client, c, LONG, Authorizations.EMPTY);
        assertEquals(ResultChecksum.of(oracle), got.checksum(), "C of request " + q);
        assertTrue(
            r.tabletSeconds() > 0 && r.flushSeconds() > 0 && r.flushSeconds() <= r.tabletSeconds(),
            "tablet servers' clocks: busy " + r.tabletSeconds() + ", flush " + r.flushSeconds());
      }
    }
    assertEquals(new TreeSet<>(taken), preparedTables(), "untaken tables deleted at close");
    assertEquals(3, taken.stream().distinct().count(), "each table handed out once");
  }

  @Test
  void aFailingPreparerIsReportedByTake() throws Exception {
    try (PreparedTables ready =
        PreparedTables.start(
            client,
            "Cbroken_",
            1,
            (c, table) -> {
              throw new IllegalStateException("no room for '" + table + "'");
            })) {
      IllegalStateException e = assertThrows(IllegalStateException.class, ready::take);
      assertTrue(e.getMessage().contains("no room for 'Cbroken_0'"), e.getMessage());
    }
    assertFalse(client.tableOperations().exists("Cbroken_0"));
  }

  private TreeSet<String> preparedTables() {
    TreeSet<String> names = new TreeSet<>();
    for (String table : client.tableOperations().list()) {
      if (table.startsWith("Cprep_")) {
        names.add(table);
      }
    }
    return names;
  }
}
