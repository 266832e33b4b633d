package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.accumulo.TableChecksum.SummedIn;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * checksum(C) of a table equals the in-memory matrix's, summed in the tablet servers (one entry per
 * tablet) or in the client, over several tablets, cut into stripes, and as the reader's
 * authorizations show it.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TableChecksumIT {
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");

  private AccumuloClient client;
  private SparseMatrix matrix;

  @BeforeAll
  void load(EmbeddedAccumulo accumulo) throws Exception {
    client = accumulo.newClient();
    matrix = new SparseMatrix();
    Random random = new Random(7);
    for (int n = 0; n < 3_000; n++) {
      matrix.put(
          Integer.toString(random.nextInt(500)),
          Integer.toString(random.nextInt(500)),
          Long.toString(random.nextInt(2_000) - 1_000));
    }
    MatrixLoader.load(client, "sumC", matrix, 4);
  }

  @AfterAll
  void close() {
    client.close();
  }

  @Test
  void bothFormsEqualTheMatrixChecksumOverEveryTablet() throws Exception {
    String expected = ResultChecksum.of(matrix);
    for (SummedIn where : SummedIn.values()) {
      TableChecksum.Result got =
          TableChecksum.of(client, "sumC", LONG, Authorizations.EMPTY, where);
      assertEquals(expected, got.checksum(), where.toString());
      assertEquals(matrix.nnz(), got.nnz(), where.toString());
    }
    assertEquals(expected, TableChecksum.of(client, "sumC", LONG, Authorizations.EMPTY).checksum());
  }

  @Test
  void stripesCutInsideAndBetweenTabletsSumToTheSameChecksum() throws Exception {
    String expected = ResultChecksum.of(matrix);
    List<List<String>> cutsTried =
        List.of(
            TableChecksum.cuts(client, matrix.rowIds()),
            // rows the table does not hold, one before every row and one after them all
            List.of("", "15", "250x", "999"));
    for (List<String> cuts : cutsTried) {
      for (SummedIn where : SummedIn.values()) {
        TableChecksum.Result got =
            TableChecksum.of(client, "sumC", LONG, Authorizations.EMPTY, where, cuts);
        assertEquals(expected, got.checksum(), where + " cut at " + cuts);
        assertEquals(matrix.nnz(), got.nnz(), where + " cut at " + cuts);
      }
    }
    assertTrue(TableChecksum.cuts(client, matrix.rowIds()).size() > 1);
  }

  @Test
  void aCellTheReaderCannotSeeIsNotCounted() throws Exception {
    client.tableOperations().create("sumVis");
    Authorizations before = client.securityOperations().getUserAuthorizations(client.whoami());
    client
        .securityOperations()
        .changeUserAuthorizations(client.whoami(), new Authorizations("red"));
    try (BatchWriter w = client.createBatchWriter("sumVis")) {
      Mutation open = new Mutation("1");
      open.put("", "2", "5");
      Mutation red = new Mutation("3");
      red.put("", "4", new ColumnVisibility("red"), "7");
      w.addMutation(open);
      w.addMutation(red);
    }
    String openOnly = ResultChecksum.of(new SparseMatrix().put("1", "2", "5"));
    String both = ResultChecksum.of(new SparseMatrix().put("1", "2", "5").put("3", "4", "7"));
    try {
      for (SummedIn where : SummedIn.values()) {
        assertEquals(
            openOnly,
            TableChecksum.of(client, "sumVis", LONG, Authorizations.EMPTY, where).checksum());
        assertEquals(
            both,
            TableChecksum.of(client, "sumVis", LONG, new Authorizations("red"), where).checksum());
      }
    } finally {
      client.securityOperations().changeUserAuthorizations(client.whoami(), before);
    }
  }

  @Test
  void aValueTheSemiringCannotReadIsNamedByTableRowAndColumn() throws Exception {
    client.tableOperations().create("sumBad");
    try (BatchWriter w = client.createBatchWriter("sumBad")) {
      Mutation good = new Mutation("1");
      good.put("", "1", "3");
      Mutation bad = new Mutation("2");
      bad.put("", "9", "x7");
      w.addMutation(good);
      w.addMutation(bad);
    }
    for (List<String> cuts : List.of(List.<String>of(), List.of("2"))) {
      for (SummedIn where : SummedIn.values()) {
        BadValueException e =
            assertThrows(
                BadValueException.class,
                () -> TableChecksum.of(client, "sumBad", LONG, Authorizations.EMPTY, where, cuts));
        assertEquals("sumBad", e.table(), where.toString());
        assertTrue(
            e.getMessage().startsWith("table 'sumBad', row '2', column '9': value 'x7' is not a"),
            e.getMessage());
      }
    }
  }
}
