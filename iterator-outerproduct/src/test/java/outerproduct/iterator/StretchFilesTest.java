package outerproduct.iterator;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.product.HeldInputs;
import outerproduct.kernel.product.InMemoryEntrySource;
import outerproduct.kernel.product.RowAligner;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * A stretch committed from held inputs: C's and CT's files in key order with the oracle's cells,
 * each product formed once per file; with a window that holds every range, nothing but those files
 * is written; with one smaller than some ids' products, those ranges spill and merge on their own.
 */
class StretchFilesTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0} products per window")
  @CsvSource({"1000000, false", "400, true", "40, true"})
  void heldInputsGiveTheOraclesFilesInKeyOrder(int windowProducts, boolean spills)
      throws Exception {
    @SuppressWarnings("unchecked")
    Semiring<Long> semiring = (Semiring<Long>) Semirings.forName(Semirings.DEFAULT);
    SparseMatrix at = random(1);
    SparseMatrix b = random(2);
    FileSystem fs = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path staging = new org.apache.hadoop.fs.Path(dir.toUri());
    long[] formed = new long[1];
    long products;
    try (StretchFiles<Long> files =
        new StretchFiles<>(semiring, fs, staging, true, true, windowProducts, Map.of())) {
      HeldInputs<Long> held = files.heldInputs(value -> formed[0]++);
      InMemoryEntrySource atSource = new InMemoryEntrySource("AT", at);
      InMemoryEntrySource bSource = new InMemoryEntrySource("B", b);
      RowAligner aligner = new RowAligner(atSource, bSource);
      for (byte[] k = aligner.nextSharedRow(); k != null; k = aligner.nextSharedRow()) {
        assertTrue(held.read(k, atSource, bSource), "the inputs fit their bound");
      }
      products = held.products();
      files.commit(new Range());
      assertEquals(ReferenceMultiply.partialProducts(at, b, RowRanges.all()), products);
      assertEquals(2 * products, formed[0], "each product formed once for C, once for CT");
      SparseMatrix oracle = ReferenceMultiply.multiply(semiring, at, b);
      org.apache.hadoop.fs.Path stretch = committed(fs, staging);
      assertEquals(oracle, read(fs, stretch, StretchFiles.C_FILE));
      assertEquals(oracle.transpose(), read(fs, stretch, StretchFiles.CT_FILE));
      assertEquals(oracle.nnz(), files.written());
      long staged = fs.getContentSummary(stretch).getLength();
      assertEquals(
          spills,
          files.traffic().fileBytes() > staged,
          "runs written beside the staged files: " + files.traffic().fileBytes() + " vs " + staged);
    }
  }

  private static org.apache.hadoop.fs.Path committed(FileSystem fs, org.apache.hadoop.fs.Path dir)
      throws IOException {
    FileStatus[] stretches =
        fs.listStatus(new org.apache.hadoop.fs.Path(dir, StretchFiles.COMMITTED));
    assertEquals(1, stretches.length);
    return stretches[0].getPath();
  }

  /** The file's cells, checking that its keys strictly increase. */
  private static SparseMatrix read(FileSystem fs, org.apache.hadoop.fs.Path stretch, String name)
      throws IOException {
    SparseMatrix cells = new SparseMatrix();
    Key previous = null;
    String file = new org.apache.hadoop.fs.Path(stretch, name).toString();
    try (Scanner scanner =
        RFile.newScanner().from(file).withFileSystem(fs).withoutSystemIterators().build()) {
      for (Map.Entry<Key, Value> e : scanner) {
        assertTrue(previous == null || previous.compareTo(e.getKey()) < 0, "in order");
        previous = e.getKey();
        cells.put(
            e.getKey().getRow().toString(),
            e.getKey().getColumnQualifier().toString(),
            new String(e.getValue().get(), UTF_8));
      }
    }
    return cells;
  }

  /** 600 entries over 40 rows and 60 columns, ids chosen so byte order is not numeric order. */
  private static SparseMatrix random(long seed) {
    Random random = new Random(seed);
    SparseMatrix m = new SparseMatrix();
    for (int n = 0; n < 600; n++) {
      m.put(
          Integer.toString(random.nextInt(40)),
          Integer.toString(random.nextInt(60)),
          Integer.toString(random.nextInt(19) - 9));
    }
    return m;
  }
}
