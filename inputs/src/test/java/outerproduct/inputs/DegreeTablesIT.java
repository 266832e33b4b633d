package outerproduct.inputs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.kernel.accumulo.DegreeTables;
import outerproduct.kernel.accumulo.ProductEstimate;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.SparseMatrix;

/**
 * Degree tables written by the loader and computed from a scan hold each row's entry count, later
 * writes add to them, and the estimate from two of them equals the partial products counted from
 * the matrices.
 */
@ExtendWith(SharedClusters.class)
class DegreeTablesIT {

  @Test
  void loadedAndComputedDegreesCountEachRowAndEstimateTheProducts(EmbeddedAccumulo accumulo)
      throws Exception {
    SparseMatrix a = KroneckerGenerator.standard(9, "A").matrix();
    SparseMatrix b = KroneckerGenerator.standard(9, "B").matrix();
    try (AccumuloClient client = accumulo.newClient()) {
      MatrixLoader.into(client).tablets(2).degrees().load("degAT", a);
      MatrixLoader.load(client, "degB", b, 2);
      assertEquals(b.rowIds().size(), DegreeTables.compute(client, "degB"));
      assertEquals(rowSizes(a), degrees(client, "degAT"), "the loader's degrees");
      assertEquals(rowSizes(b), degrees(client, "degB"), "degrees from one scan");

      RowRanges rows = RowRanges.parse("1,:,3,");
      ProductEstimate.Estimate whole =
          ProductEstimate.of(client, "degAT", "degB", RowRanges.all(), false);
      ProductEstimate.Estimate subset = ProductEstimate.of(client, "degAT", "degB", rows, false);
      assertEquals(
          ReferenceMultiply.partialProducts(a, b, RowRanges.all()), whole.partialProducts());
      assertEquals(ReferenceMultiply.partialProducts(a, b, rows), subset.partialProducts());
      assertTrue(
          subset.partialProducts() > 0 && subset.partialProducts() < whole.partialProducts());

      String row = a.rowIds().get(0);
      try (BatchWriter writer = client.createBatchWriter(DegreeTables.of("degAT"))) {
        DegreeTables.add(writer, row, 5);
      }
      assertEquals(
          a.row(row).size() + 5L, degrees(client, "degAT").get(row), "a later write adds to it");

      IllegalArgumentException none =
          assertThrows(
              IllegalArgumentException.class,
              () -> ProductEstimate.of(client, "degB", "noSuchMatrix", RowRanges.all(), false));
      assertTrue(
          none.getMessage().contains("no degree table 'noSuchMatrixDeg'"), none.getMessage());
      assertThrows(IllegalArgumentException.class, () -> DegreeTables.compute(client, "degB"));
    }
  }

  /**
   * Without degree tables: a whole SCALE 12 multiply is sampled (1 row in 16) and lands within its
   * stated margin of the exact count; a few rows are counted in full, exactly. The sample is a hash
   * of the rows and the inputs are seeded, so this outcome is the same on every run.
   */
  @Test
  void withoutDegreeTablesASampleEstimatesWithinItsMargin(EmbeddedAccumulo accumulo)
      throws Exception {
    SparseMatrix a = KroneckerGenerator.standard(12, "A").matrix();
    SparseMatrix b = KroneckerGenerator.standard(12, "B").matrix();
    try (AccumuloClient client = accumulo.newClient()) {
      MatrixLoader.load(client, "sampAT", a, 2);
      MatrixLoader.load(client, "sampB", b, 2);
      long exact = ReferenceMultiply.partialProducts(a, b, RowRanges.all());
      ProductEstimate.Estimate whole =
          ProductEstimate.sampled(client, "sampAT", "sampB", RowRanges.all(), false);
      assertEquals(ProductEstimate.SAMPLE_MODULUS, whole.sampleModulus(), whole.describe());
      assertTrue(whole.margin() > 0, whole.describe());
      assertTrue(
          Math.abs(whole.partialProducts() - exact) <= whole.margin(),
          whole.describe() + " vs exact " + exact);
      assertTrue(whole.describe().startsWith("about "), whole.describe());

      RowRanges rows = RowRanges.parse("1,5,9,");
      ProductEstimate.Estimate few =
          ProductEstimate.sampled(client, "sampAT", "sampB", rows, false);
      assertEquals(1, few.sampleModulus(), "too few rows to sample: every row counted");
      assertEquals(ReferenceMultiply.partialProducts(a, b, rows), few.partialProducts());
      assertEquals(0, few.margin());

      IllegalArgumentException missing =
          assertThrows(
              IllegalArgumentException.class,
              () -> ProductEstimate.sampled(client, "sampAT", "noSuchB", rows, false));
      assertTrue(
          missing.getMessage().contains("table 'noSuchB' does not exist"), missing.getMessage());
    }
  }

  private static Map<String, Long> rowSizes(SparseMatrix m) {
    Map<String, Long> sizes = new TreeMap<>();
    m.rowIds().forEach(row -> sizes.put(row, (long) m.row(row).size()));
    return sizes;
  }

  private static Map<String, Long> degrees(AccumuloClient client, String table) throws Exception {
    Map<String, Long> degrees = new TreeMap<>();
    try (Scanner scan = client.createScanner(DegreeTables.of(table), Authorizations.EMPTY)) {
      for (Map.Entry<Key, Value> e : scan) {
        degrees.put(
            e.getKey().getRow().toString(),
            Long.parseLong(new String(e.getValue().get(), StandardCharsets.UTF_8)));
      }
    }
    return degrees;
  }
}
