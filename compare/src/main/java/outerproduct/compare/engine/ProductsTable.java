package outerproduct.compare.engine;

import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.client.rfile.RFileWriter;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import outerproduct.kernel.accumulo.PrivateFiles;
import outerproduct.kernel.accumulo.ScanEntrySource;
import outerproduct.kernel.accumulo.ServerUser;
import outerproduct.kernel.product.OuterProduct;
import outerproduct.kernel.semiring.Semiring;

/**
 * Materializes a multiply's partial products as a table keyed (row k, family i, qualifier j) — the
 * exact stream TwoTableIterator hands to RemoteWriteIterator — so the ingest ceiling can replay the
 * same entries, in the same order and key space, without reading AT or multiplying.
 *
 * <p>The products come out of {@link OuterProduct} in key order, so they go into one RFile and one
 * bulk import: the table is ready to replay from a file without passing through a tablet server's
 * log, memory map and a compaction (at SCALE 12, 6.8 million entries, that path took about 20 s of
 * a run that measures something else).
 */
public final class ProductsTable {
  private ProductsTable() {}

  /**
   * @param volumes a configuration whose default file system holds the instance's volumes (local
   *     for the embedded cluster, HDFS for the pseudo-distributed one): the RFile is staged there,
   *     under the user's home, and removed after the import
   * @return the number of partial products written
   */
  public static <T> long write(
      AccumuloClient client,
      Configuration volumes,
      Semiring<T> semiring,
      String at,
      String b,
      String products)
      throws Exception {
    client.tableOperations().create(products);
    FileSystem fs = FileSystem.get(volumes);
    Path dir = PrivateFiles.importDirectory(fs, "products-", ServerUser.of(client).orElse(null));
    long n = 0;
    try {
      try (Scanner atScan = client.createScanner(at, Authorizations.EMPTY);
          Scanner bScan = client.createScanner(b, Authorizations.EMPTY);
          RFileWriter writer =
              RFile.newWriter()
                  .to(new Path(dir, "products.rf").toString())
                  .withFileSystem(fs)
                  .build()) {
        writer.startDefaultLocalityGroup();
        OuterProduct<T> product =
            new OuterProduct<>(
                semiring,
                new ScanEntrySource(at, atScan.iterator()),
                new ScanEntrySource(b, bScan.iterator()));
        while (product.advance()) {
          writer.append(
              new Key(product.k(), product.i(), product.j()),
              new Value(semiring.encode(product.value())));
          n++;
        }
      }
      if (n > 0) {
        client
            .tableOperations()
            .importDirectory(dir.toString())
            .to(products)
            .tableTime(true)
            .load();
      }
    } finally {
      fs.delete(dir, true);
    }
    return n;
  }
}
