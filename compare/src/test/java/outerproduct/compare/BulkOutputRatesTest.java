package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

class BulkOutputRatesTest {
  @SuppressWarnings("unchecked")
  private final Semiring<Long> semiring = (Semiring<Long>) Semirings.forName("plus-times-long");

  @TempDir Path dir;

  /** Random matrices whose shared rows repeat cells of C, so that ⊕ has work. */
  private static SparseMatrix random(long seed) {
    Random random = new Random(seed);
    SparseMatrix m = new SparseMatrix();
    for (int n = 0; n < 400; n++) {
      m.put(
          "k" + random.nextInt(20), "v" + random.nextInt(60), Integer.toString(random.nextInt(5)));
    }
    return m;
  }

  /**
   * The file the measure times holds C as the oracle forms it, when the sample holds every product.
   */
  @Test
  void theFileWrittenHoldsTheOraclesC() throws Exception {
    SparseMatrix at = random(1);
    SparseMatrix b = random(2);
    BulkOutputRates.Cells cells = BulkOutputRates.sample(semiring, at, b);
    try (FileSystem fs = new RawLocalFileSystem()) {
      fs.initialize(URI.create("file:///"), new Configuration());
      org.apache.hadoop.fs.Path file =
          new org.apache.hadoop.fs.Path(dir.toUri().toString(), "c.rf");
      BulkOutputRates.write(cells, fs, file, FileCompression.fileProperties("snappy"));
      SparseMatrix written = new SparseMatrix();
      try (Scanner scanner = RFile.newScanner().from(file.toString()).withFileSystem(fs).build()) {
        for (Map.Entry<Key, Value> e : scanner) {
          written.put(
              e.getKey().getRow().toString(),
              e.getKey().getColumnQualifier().toString(),
              new String(e.getValue().get(), StandardCharsets.UTF_8));
        }
      }
      assertEquals(ReferenceMultiply.multiply(semiring, at, b), written);
    }
  }

  @Test
  void measuresTheSamplesProductsAndCells() throws Exception {
    SparseMatrix at = random(3);
    SparseMatrix b = random(4);
    BulkOutputRates.Result result = BulkOutputRates.measure(semiring, at, b, null);
    assertEquals(ReferenceMultiply.multiply(semiring, at, b).nnz(), result.cells());
    assertEquals(ReferenceMultiply.partialProducts(at, b, RowRanges.all()), result.products());
    assertTrue(result.windowPpPerSecond() > 0 && result.cellsPerSecond() > 0, "rates: " + result);
  }
}
