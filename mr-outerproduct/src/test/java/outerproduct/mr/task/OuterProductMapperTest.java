package outerproduct.mr.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import outerproduct.kernel.accumulo.ScanEntrySource;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.product.EntrySource;
import outerproduct.kernel.product.HeldInputs;
import outerproduct.kernel.product.WindowSize;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.mr.MultiplyConf;
import outerproduct.mr.OuterProductCounter;
import outerproduct.mr.io.CellKey;
import outerproduct.mr.io.Stripe;

/** The mapper under MRUnit, AT fed from memory, against a naive triple loop. */
class OuterProductMapperTest {

  /** The mapper with AT from memory instead of a scanner. */
  static final class InMemoryAtMapper extends OuterProductMapper {
    private final SparseMatrix at;

    InMemoryAtMapper(SparseMatrix at) {
      this.at = at;
    }

    @Override
    protected AtSource openAt(Context context, MultiplyConf conf, Range range) {
      java.util.NavigableMap<Key, Value> sorted = entries(at);
      EntrySource entries =
          new ScanEntrySource(
              "AT",
              sorted.entrySet().iterator(),
              row ->
                  sorted
                      .tailMap(new Key(new org.apache.hadoop.io.Text(row)))
                      .entrySet()
                      .iterator());
      return new AtSource() {
        @Override
        public EntrySource entries() {
          return entries;
        }

        @Override
        public void close() {}
      };
    }
  }

  private final SparseMatrix at =
      new SparseMatrix()
          .put("k1", "i1", "2")
          .put("k1", "i2", "3")
          .put("k2", "i1", "5")
          .put("k4", "i3", "7");
  private final SparseMatrix b =
      new SparseMatrix()
          .put("k1", "j1", "1")
          .put("k1", "j2", "-1")
          .put("k3", "j1", "4")
          .put("k4", "j1", "10")
          .put("k4", "j3", "2");

  @Test
  void emitsEveryPartialProductOfSharedRows() throws Exception {
    MapDriver<Key, Value, Writable, Writable> driver = driver(at);
    driver.getConfiguration().setInt(MultiplyConf.PRESUM_PRODUCTS, 0);
    entries(b).forEach(driver::withInput);
    List<String> got = cells(driver.run());
    assertEquals(naiveProducts(at, b), got);
    assertEquals(
        6, driver.getCounters().findCounter(OuterProductCounter.PARTIAL_PRODUCTS).getValue());
    assertEquals(2, driver.getCounters().findCounter(OuterProductCounter.ROWS_ALIGNED).getValue());
  }

  /**
   * With a pre-sum window the map output holds fewer records but the same sum per cell, whatever
   * its size: off, 1 (every product drains), small (drains all the time), larger than all products,
   * and sized to the heap.
   */
  @ParameterizedTest(name = "pre-sum window {0} products")
  @ValueSource(ints = {0, 1, 3, 40, 100_000, -1})
  void preSummedOutputHasTheNaiveSumPerCell(int presum) throws Exception {
    java.util.Random random = new java.util.Random(presum);
    SparseMatrix at = new SparseMatrix();
    SparseMatrix b = new SparseMatrix();
    for (int n = 0; n < 400; n++) {
      at.put(
          "k" + random.nextInt(20),
          "i" + random.nextInt(12),
          Integer.toString(random.nextInt(21) - 10));
      b.put(
          "k" + random.nextInt(20),
          "j" + random.nextInt(12),
          Integer.toString(random.nextInt(21) - 10));
    }
    MapDriver<Key, Value, Writable, Writable> driver = driver(at);
    driver.getConfiguration().setInt(MultiplyConf.PRESUM_PRODUCTS, presum);
    entries(b).forEach(driver::withInput);
    Map<String, Long> got = new TreeMap<>();
    List<Pair<Writable, Writable>> records = driver.run();
    List<String> out = cells(records);
    for (String cell : out) {
      int eq = cell.lastIndexOf('=');
      got.merge(cell.substring(0, eq), Long.parseLong(cell.substring(eq + 1)), Long::sum);
    }

    Map<String, Long> expected = new TreeMap<>();
    for (String product : naiveProducts(at, b)) {
      int eq = product.lastIndexOf('=');
      expected.merge(
          product.substring(0, eq), Long.parseLong(product.substring(eq + 1)), Long::sum);
    }
    assertEquals(expected, got);
    long products =
        driver.getCounters().findCounter(OuterProductCounter.PARTIAL_PRODUCTS).getValue();
    assertEquals(naiveProducts(at, b).size(), products);
    if (presum == 0 || presum == 1) {
      assertEquals(products, out.size(), "every product leaves without a window of two");
    } else if (presum >= products || presum == WindowSize.AUTO) {
      assertEquals(expected.size(), out.size(), "each cell leaves once when the window holds all");
      assertEquals(
          expected.keySet().stream().map(c -> c.substring(0, c.indexOf(','))).distinct().count(),
          records.size(),
          "one stripe per row when the window holds all");
    } else {
      assertTrue(
          out.size() > expected.size() && out.size() <= products,
          out.size() + " records of " + products);
    }
  }

  /**
   * A row of AT larger than held inputs may ever hold ({@link HeldInputs#MIN_BOUND_BYTES}, the
   * bound of a small window) between rows that fit: the map streams it alone and holds the others.
   */
  @Test
  void aRowOfAtPastTheHeldBoundIsStreamedAlone() throws Exception {
    SparseMatrix at = new SparseMatrix().put("k0", "i1", "2").put("k2", "i2", "3");
    int hub = (int) (HeldInputs.MIN_BOUND_BYTES / HeldInputs.BYTES_PER_ENTRY) / 4;
    for (int i = 0; i < hub; i++) {
      at.put("k1", String.format("h%06d", i), Integer.toString(i % 7 + 1));
    }
    SparseMatrix b =
        new SparseMatrix()
            .put("k0", "j1", "5")
            .put("k1", "j1", "1")
            .put("k1", "j2", "-1")
            .put("k2", "j2", "4");
    MapDriver<Key, Value, Writable, Writable> driver = driver(at);
    driver.getConfiguration().setInt(MultiplyConf.PRESUM_PRODUCTS, 40);
    entries(b).forEach(driver::withInput);
    assertEquals(summed(naiveProducts(at, b)), summed(cells(driver.run())));
    assertEquals(
        2L * hub + 2,
        driver.getCounters().findCounter(OuterProductCounter.PARTIAL_PRODUCTS).getValue());
    assertEquals(3, driver.getCounters().findCounter(OuterProductCounter.ROWS_ALIGNED).getValue());
  }

  /** "(i, j)=value" lines summed per cell. */
  private static Map<String, Long> summed(List<String> cells) {
    Map<String, Long> sums = new TreeMap<>();
    for (String cell : cells) {
      int eq = cell.lastIndexOf('=');
      sums.merge(cell.substring(0, eq), Long.parseLong(cell.substring(eq + 1)), Long::sum);
    }
    return sums;
  }

  @Test
  void aBadValueFailsTheTaskNamingTableKeyAndValue() throws Exception {
    SparseMatrix bad = new SparseMatrix().put("k1", "j1", "1").put("k4", "j9", "ten");
    MapDriver<Key, Value, Writable, Writable> driver = driver(at);
    entries(bad).forEach(driver::withInput);
    BadValueException e = assertThrows(BadValueException.class, driver::run);
    assertTrue(
        e.getMessage().contains("'B'")
            && e.getMessage().contains("k4")
            && e.getMessage().contains("j9")
            && e.getMessage().contains("ten"),
        e.getMessage());
    assertEquals(1, driver.getCounters().findCounter(OuterProductCounter.BAD_VALUES).getValue());
  }

  private static MapDriver<Key, Value, Writable, Writable> driver(SparseMatrix at) {
    MapDriver<Key, Value, Writable, Writable> driver =
        MapDriver.newMapDriver(new InMemoryAtMapper(at));
    driver.getConfiguration().set(MultiplyConf.B_TABLE, "B");
    driver.getConfiguration().set(MultiplyConf.SEMIRING, "plus-times-long");
    return driver;
  }

  /**
   * The map output as "(i, j)=value" per cell, in output order: a one-cell record as it is, a
   * stripe cell by cell.
   */
  static List<String> cells(List<Pair<Writable, Writable>> records) {
    List<String> out = new ArrayList<>();
    for (Pair<Writable, Writable> p : records) {
      if (p.getSecond() instanceof Stripe stripe) {
        Stripe.Cursor c = stripe.cursor();
        while (c.next()) {
          assertEquals(0, c.visibilityLength(), "unlabelled inputs");
          out.add("(" + p.getFirst() + ", " + utf8(c.j()) + ")=" + utf8(c.value()));
        }
      } else {
        assertTrue(p.getFirst() instanceof CellKey, "a cell record: " + p);
        out.add(p.getFirst() + "=" + p.getSecond());
      }
    }
    return out;
  }

  private static String utf8(byte[] b) {
    return new String(b, java.nio.charset.StandardCharsets.UTF_8);
  }

  /** A matrix as Accumulo would return it: sorted keys, docs/format.md layout. */
  static java.util.NavigableMap<Key, Value> entries(SparseMatrix m) {
    java.util.NavigableMap<Key, Value> sorted = new TreeMap<>();
    for (SparseMatrix.Entry e : m.entries()) {
      sorted.put(new Key(e.row(), "", e.column()), new Value(e.value()));
    }
    return sorted;
  }

  /** For each k, i, j in byte order: "(i, j)=AT(k,i)*B(k,j)". */
  private static List<String> naiveProducts(SparseMatrix at, SparseMatrix b) {
    List<String> out = new ArrayList<>();
    for (String k : at.rowIds()) {
      for (Map.Entry<String, String> a : new TreeMap<>(at.row(k)).entrySet()) {
        for (Map.Entry<String, String> x : new TreeMap<>(b.row(k)).entrySet()) {
          out.add(
              "("
                  + a.getKey()
                  + ", "
                  + x.getKey()
                  + ")="
                  + Long.parseLong(a.getValue()) * Long.parseLong(x.getValue()));
        }
      }
    }
    return out;
  }
}
