package outerproduct.compare.engine;

import java.util.Arrays;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.security.Authorizations;
import outerproduct.kernel.accumulo.ScanEntrySource;
import outerproduct.kernel.product.OuterProduct;
import outerproduct.kernel.semiring.Semiring;

/**
 * Materializes a multiply's partial products as a table keyed (row k, family i, qualifier j) — the
 * exact stream TwoTableIterator hands to RemoteWriteIterator — so the ingest ceiling can replay
 * the same entries, in the same order and key space, without reading AT or multiplying.
 */
public final class ProductsTable {
  /** A head row of a power-law graph has millions of products: cap each Mutation. */
  private static final int PUTS_PER_MUTATION = 10_000;

  private ProductsTable() {}

  /** @return the number of partial products written */
  public static <T> long write(AccumuloClient client, Semiring<T> semiring, String at, String b,
      String products) throws Exception {
    client.tableOperations().create(products);
    long n = 0;
    try (Scanner atScan = client.createScanner(at, Authorizations.EMPTY);
        Scanner bScan = client.createScanner(b, Authorizations.EMPTY);
        BatchWriter writer = client.createBatchWriter(products)) {
      OuterProduct<T> product = new OuterProduct<>(semiring, new ScanEntrySource(at, atScan.iterator()),
          new ScanEntrySource(b, bScan.iterator()));
      Mutation m = null;
      byte[] row = null;
      int puts = 0;
      while (product.advance()) {
        if (m == null || puts == PUTS_PER_MUTATION || !Arrays.equals(row, product.k())) {
          if (m != null) {
            writer.addMutation(m);
          }
          row = product.k().clone();
          m = new Mutation(row);
          puts = 0;
        }
        puts++;
        m.put(product.i(), product.j(), semiring.encode(product.value()));
        n++;
      }
      if (m != null) {
        writer.addMutation(m);
      }
    }
    return n;
  }
}
