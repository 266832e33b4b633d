package outerproduct.multiply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.product.Cancellation;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * The client path on the shared MiniAccumuloCluster: its C equals the oracle's, within its bound.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClientMultiplyIT {
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");

  private AccumuloClient client;
  private SparseMatrix a;
  private SparseMatrix b;

  @BeforeAll
  void loadInputs(EmbeddedAccumulo accumulo) throws Exception {
    client = accumulo.newClient();
    a = KroneckerGenerator.standard(9, "A").matrix();
    b = KroneckerGenerator.standard(9, "B").matrix();
    MatrixLoader.into(client).tablets(2).load("clientAT", a);
    MatrixLoader.into(client).tablets(2).load("clientB", b);
  }

  @AfterAll
  void close() {
    client.close();
  }

  @Test
  void wholeTableEqualsOracle() throws Exception {
    ClientMultiply.Result r =
        ClientMultiply.multiply(
            client,
            LONG,
            "clientAT",
            "clientB",
            "clientC",
            RowRanges.all(),
            null,
            null,
            Authorizations.EMPTY,
            new Cancellation());
    SparseMatrix oracle = ReferenceMultiply.multiply(LONG, a, b);
    TableChecksum.Result c = TableChecksum.of(client, "clientC", LONG, Authorizations.EMPTY);
    assertEquals(oracle.nnz(), c.nnz());
    assertEquals(ResultChecksum.of(oracle), c.checksum());
    assertEquals(oracle.nnz(), r.entriesWritten());
    assertEquals(ReferenceMultiply.partialProducts(a, b, RowRanges.all()), r.partialProducts());
  }

  @Test
  void rowSubsetEqualsOracle() throws Exception {
    RowRanges rows = RowRanges.parse("1,:,150,7,9,:,");
    ClientMultiply.multiply(
        client,
        LONG,
        "clientAT",
        "clientB",
        "clientCsub",
        rows,
        null,
        null,
        Authorizations.EMPTY,
        new Cancellation());
    SparseMatrix oracle = ReferenceMultiply.multiply(LONG, a, b, rows, null, null);
    TableChecksum.Result c = TableChecksum.of(client, "clientCsub", LONG, Authorizations.EMPTY);
    assertEquals(ResultChecksum.of(oracle), c.checksum());
    assertTrue(
        oracle.nnz() > 0 && oracle.nnz() < ReferenceMultiply.multiply(LONG, a, b).nnz(),
        "a proper subset: " + oracle.nnz());
  }

  /**
   * Over its memory budget the client path stops with an error naming C and the budget, writes
   * nothing, and gives the budget back for the next multiply.
   */
  @Test
  void overItsMemoryBudgetItStopsAndWritesNothing() throws Exception {
    ClientMultiply.MemoryBudgetExceededException e =
        assertThrows(
            ClientMultiply.MemoryBudgetExceededException.class,
            () ->
                ClientMultiply.multiply(
                    client,
                    LONG,
                    new ClientMultiply.Tables(
                        "clientAT", "clientB", "clientCover", new Cancellation()),
                    RowRanges.all(),
                    null,
                    null,
                    Authorizations.EMPTY,
                    1_000));
    assertTrue(
        e.getMessage().contains("C of 'clientCover' would pass the 1000 cells"), e.getMessage());
    assertFalse(client.tableOperations().exists("clientCover"), "the C it created is deleted");
    assertEquals(0, ClientMultiply.cellsHeld());
  }
}
