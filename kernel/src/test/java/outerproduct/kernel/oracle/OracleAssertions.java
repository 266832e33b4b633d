package outerproduct.kernel.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.Authorizations;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * What the engines' integration tests assert about a result table, read as plus-times-long (the
 * semiring of their inputs): its checksum, and that it holds exactly the oracle's cells.
 */
public final class OracleAssertions {
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");

  private OracleAssertions() {}

  /** {@code table} has the oracle's number of cells and its checksum. */
  public static void assertEqualsOracle(AccumuloClient client, String table, SparseMatrix oracle)
      throws Exception {
    TableChecksum.Result c = TableChecksum.of(client, table, LONG, Authorizations.EMPTY);
    assertEquals(oracle.nnz(), c.nnz(), "nnz of " + table);
    assertEquals(ResultChecksum.of(oracle), c.checksum(), "checksum of " + table);
  }

  /** {@code table}'s checksum, as {@link ResultChecksum#of} gives the oracle's. */
  public static String checksum(AccumuloClient client, String table) throws Exception {
    return TableChecksum.of(client, table, LONG, Authorizations.EMPTY).checksum();
  }
}
