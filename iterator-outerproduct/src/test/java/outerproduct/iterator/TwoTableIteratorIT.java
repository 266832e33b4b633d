package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.SparseMatrix;

/**
 * The two-table iterator as an ordinary SKVI on a scan of B, with no write iterator above it (the
 * write iterator takes the kernel's products without asking for Keys and Values): its entries are
 * exactly the partial products of AT's and B's shared rows, keyed (k, i, j), in key order, over the
 * whole table and over ranges that start and end inside a row.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TwoTableIteratorIT {
  private static final String AT = "TwoTableAT8";
  private static final String B = "TwoTableB8";

  private CredentialFile credentials;
  private AccumuloClient client;
  private NavigableMap<Key, Long> products;

  @BeforeAll
  void loadInputs(EmbeddedAccumulo accumulo) throws Exception {
    client = accumulo.newClient();
    SparseMatrix at = KroneckerGenerator.standard(8, "A").matrix();
    SparseMatrix b = KroneckerGenerator.standard(8, "B").matrix();
    MatrixLoader.load(client, AT, at, 2);
    MatrixLoader.load(client, B, b, 2);
    credentials =
        CredentialFile.write(
            client, accumulo.clientProperties(), CredentialFile.Grant.of(client, B, AT));
    products = naiveProducts(at, b);
  }

  @AfterAll
  void close() throws Exception {
    credentials.close();
    client.close();
  }

  /** Every AT(k,i) ⊗ B(k,j), keyed as the iterator keys it (timestamp 0). */
  private static NavigableMap<Key, Long> naiveProducts(SparseMatrix at, SparseMatrix b) {
    NavigableMap<Key, Long> out = new TreeMap<>();
    for (String k : b.rowIds()) {
      for (Map.Entry<String, String> a : at.row(k).entrySet()) {
        for (Map.Entry<String, String> bkj : b.row(k).entrySet()) {
          long product = Long.parseLong(a.getValue()) * Long.parseLong(bkj.getValue());
          out.put(new Key(k, a.getKey(), bkj.getKey(), 0L), product);
        }
      }
    }
    return out;
  }

  private NavigableMap<Key, Long> scan(Range range) throws Exception {
    NavigableMap<Key, Long> got = new TreeMap<>();
    try (Scanner scanner = client.createScanner(B, Authorizations.EMPTY)) {
      scanner.setRange(range);
      scanner.setBatchSize(97);
      scanner.addScanIterator(
          ProductStack.outerProduct(
              AT, B, "plus-times-long", RowRanges.all(), null, null, credentials));
      Key previous = null;
      for (Map.Entry<Key, Value> e : scanner) {
        Key key = e.getKey();
        assertTrue(previous == null || previous.compareTo(key) < 0, "out of order at " + key);
        assertNull(got.put(key, Long.parseLong(e.getValue().toString())), "twice: " + key);
        previous = key;
      }
    }
    return got;
  }

  @Test
  void theWholeTableIsEveryPartialProduct() throws Exception {
    assertTrue(products.size() > 10_000, "enough products to span batches: " + products.size());
    assertEquals(products, scan(new Range()));
  }

  /**
   * A range from the product at {@code from} (exclusive, as a re-seek after a returned entry) to
   * the one at {@code to} (inclusive), as fractions of all products: both usually inside a row.
   */
  @ParameterizedTest(name = "from {0} to {1}")
  @CsvSource({"0.25, 0.5", "0.5, 0.5001", "0.9, 1.0"})
  void aRangeInsideRowsIsExactlyItsProducts(double from, double to) throws Exception {
    List<Key> keys = new ArrayList<>(products.keySet());
    Key start = keys.get((int) (from * (keys.size() - 1)));
    Key end = keys.get((int) (to * (keys.size() - 1)));
    NavigableMap<Key, Long> expected = products.subMap(start, false, end, true);
    assertTrue(!expected.isEmpty(), "the range holds products");
    assertEquals(expected, scan(new Range(start, false, end, true)));
  }
}
