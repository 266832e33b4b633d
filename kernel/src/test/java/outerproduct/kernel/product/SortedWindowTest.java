package outerproduct.kernel.product;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/** The sorted window against a naive map of sums and Accumulo's key order. */
class SortedWindowTest {

  private static final String[] IDS = {"1", "10", "2", "z", "\u00e9", "ab", "a", ""};
  private static final String[] LABELS = {"", "a", "b", "a&b"};

  @SuppressWarnings("unchecked")
  private static final Semiring<Long> LONGS = (Semiring<Long>) Semirings.forName(Semirings.DEFAULT);

  /** What one sink received, in order: (first id, second id, label) as C's or CT's key has them. */
  private static final class Received implements SortedWindow.Sink {
    final boolean transposed;
    final List<String[]> keys = new ArrayList<>();
    final Map<String, Long> sums = new HashMap<>();

    Received(boolean transposed) {
      this.transposed = transposed;
    }

    @Override
    public void accept(byte[] i, byte[] j, byte[] visibility, byte[] value) {
      String a = new String(transposed ? j : i, UTF_8);
      String b = new String(transposed ? i : j, UTF_8);
      String label = new String(visibility, UTF_8);
      keys.add(new String[] {a, b, label});
      Long before =
          sums.put(cell(new String(i, UTF_8), new String(j, UTF_8), label), LONGS.decode(value));
      assertEquals(null, before, "a cell handed twice in one drain");
    }
  }

  private static byte[] bytes(String id) {
    return id.getBytes(UTF_8);
  }

  private static String cell(String i, String j, String label) {
    return i + "|" + j + "|" + label;
  }

  /**
   * Products drained whenever the window is full: every drain hands C's sink and CT's each cell
   * once in key order, and the sums over all drains equal the naive sums, whatever the bounds (key
   * bits 12 make the window full early, on its ids rather than its products).
   */
  @ParameterizedTest(name = "{0} products, {1} key bits, seed {2}")
  @CsvSource({"1, 63, 1", "2, 63, 2", "7, 63, 3", "1000, 63, 4", "100000, 63, 5", "100000, 12, 6"})
  void drainsHandEveryCellInKeyOrderWithTheNaiveSums(int maxProducts, int keyBits, long seed)
      throws Exception {
    Random random = new Random(seed);
    SortedWindow<Long> window = new SortedWindow<>(maxProducts, LONGS, keyBits);
    Map<String, Long> expected = new HashMap<>();
    Map<String, Long> c = new HashMap<>();
    Map<String, Long> ct = new HashMap<>();
    int drains = 0;
    for (int n = 0; n < 20_000; n++) {
      if (window.isFull()) {
        drains++;
        drainChecked(window, c, ct);
      }
      String i = IDS[random.nextInt(IDS.length)] + random.nextInt(9);
      String j = IDS[random.nextInt(IDS.length)] + random.nextInt(9);
      String label = LABELS[random.nextInt(LABELS.length)];
      long value = random.nextInt(1000) - 500;
      window.add(bytes(i), bytes(j), bytes(label), value);
      expected.merge(cell(i, j, label), value, Long::sum);
      assertTrue(window.size() <= maxProducts, "holds " + window.size() + ", bound " + maxProducts);
    }
    drainChecked(window, c, ct);
    assertEquals(expected, c);
    assertEquals(expected, ct);
    assertEquals(0, window.size());
    if (keyBits < 63) {
      assertTrue(drains > 20_000 / maxProducts, "drained early " + drains + " times");
    }
  }

  private static void drainChecked(
      SortedWindow<Long> window, Map<String, Long> c, Map<String, Long> ct) throws Exception {
    Drained drained = drain(window);
    assertEquals(drained.c().sums, drained.ct().sums);
    drained.c().sums.forEach((cell, sum) -> c.merge(cell, sum, Long::sum));
    drained.ct().sums.forEach((cell, sum) -> ct.merge(cell, sum, Long::sum));
  }

  /** What one drain handed C's sink and CT's, each checked to be in its key order. */
  private record Drained(Received c, Received ct) {}

  private static Drained drain(SortedWindow<Long> window) throws Exception {
    Received rowMajor = new Received(false);
    Received columnMajor = new Received(true);
    window.drainSorted(rowMajor, columnMajor);
    assertSortedAsKeys(rowMajor.keys);
    assertSortedAsKeys(columnMajor.keys);
    return new Drained(rowMajor, columnMajor);
  }

  /** Each triple sorts after the one before as Accumulo compares row, qualifier, visibility. */
  private static void assertSortedAsKeys(List<String[]> triples) {
    for (int n = 1; n < triples.size(); n++) {
      int order = 0;
      for (int part = 0; part < 3 && order == 0; part++) {
        order =
            Arrays.compareUnsigned(
                triples.get(n - 1)[part].getBytes(UTF_8), triples.get(n)[part].getBytes(UTF_8));
      }
      assertTrue(order < 0, "out of order at " + n + ": " + String.join("|", triples.get(n)));
    }
  }

  /**
   * Products in the outer product's order and with its arrays: per row k one array per id, the same
   * j arrays for every i of the row, so the window's guesses (the last i, the last run's j at the
   * same place, by reference) hit, miss as rows change, and must forget their codes at each drain
   * (37 products drain mid-row); the sums still equal the naive ones.
   */
  @ParameterizedTest(name = "{0} products per window")
  @CsvSource({"37", "100000"})
  void outerProductRunsSumAsTheNaiveSums(int maxProducts) throws Exception {
    Random random = new Random(maxProducts);
    SortedWindow<Long> window = new SortedWindow<>(maxProducts, LONGS);
    Map<String, Long> expected = new HashMap<>();
    Map<String, Long> c = new HashMap<>();
    Map<String, Long> ct = new HashMap<>();
    byte[] noLabel = new byte[0];
    for (int k = 0; k < 200; k++) {
      List<String> is = ids(random);
      List<String> js = ids(random);
      List<byte[]> jArrays = new ArrayList<>();
      js.forEach(j -> jArrays.add(bytes(j)));
      for (String i : is) {
        byte[] iArray = bytes(i);
        for (int n = 0; n < js.size(); n++) {
          if (window.isFull()) {
            drainChecked(window, c, ct);
          }
          long value = random.nextInt(10);
          window.add(iArray, jArrays.get(n), noLabel, value);
          expected.merge(cell(i, js.get(n), ""), value, Long::sum);
        }
      }
    }
    drainChecked(window, c, ct);
    assertEquals(expected, c);
    assertEquals(expected, ct);
  }

  /** A row's ids: sorted, distinct, some sharing prefixes ("1", "10", "100"). */
  private static List<String> ids(Random random) {
    java.util.TreeSet<String> row = new java.util.TreeSet<>();
    int n = 1 + random.nextInt(random.nextInt(4) == 0 ? 60 : 6);
    while (row.size() < n) {
      row.add(Integer.toString(random.nextInt(120)));
    }
    return new ArrayList<>(row);
  }

  @Test
  void oneSinkAloneGetsItsOrderAndTheWindowTakesProductsAgain() throws Exception {
    SortedWindow<Long> window = new SortedWindow<>(10, LONGS);
    window.add(bytes("b"), bytes("a"), bytes(""), 1L);
    window.add(bytes("a"), bytes("b"), bytes(""), 2L);
    window.add(bytes("b"), bytes("a"), bytes(""), 3L);
    Received columnMajor = new Received(true);
    window.drainSorted(null, columnMajor);
    assertEquals(Map.of("b|a|", 4L, "a|b|", 2L), columnMajor.sums);
    assertEquals("a", columnMajor.keys.get(0)[0]);
    window.add(bytes("x"), bytes("y"), bytes(""), 5L);
    Received rowMajor = new Received(false);
    window.drainSorted(rowMajor, null);
    assertEquals(Map.of("x|y|", 5L), rowMajor.sums);
  }

  @Test
  void aFullWindowRefusesAProductAndABadBoundIsNamed() {
    SortedWindow<Long> window = new SortedWindow<>(1, LONGS);
    assertFalse(window.isFull());
    window.add(bytes("a"), bytes("b"), bytes(""), 1L);
    assertTrue(window.isFull());
    IllegalStateException full =
        assertThrows(
            IllegalStateException.class, () -> window.add(bytes("a"), bytes("b"), bytes(""), 1L));
    assertTrue(full.getMessage().contains("drain it"), full.getMessage());
    IllegalArgumentException bad =
        assertThrows(IllegalArgumentException.class, () -> new SortedWindow<>(0, LONGS));
    assertTrue(bad.getMessage().contains("got 0"), bad.getMessage());
  }

  /**
   * A ranked window (ids handed as ranks into an array in key order) drains exactly what a window
   * handed the ids themselves drains: the same cells, sums and order, for C and CT; and each kind
   * refuses the other kind's add.
   */
  @ParameterizedTest(name = "{0} products per window")
  @CsvSource({"3", "500", "100000"})
  void aRankedWindowDrainsAsTheNamedOne(int maxProducts) throws Exception {
    Random random = new Random(maxProducts);
    java.util.TreeSet<byte[]> sorted = new java.util.TreeSet<>(Arrays::compareUnsigned);
    for (String id : IDS) {
      for (int n = 0; n < 9; n++) {
        sorted.add(bytes(id + n));
      }
    }
    byte[][] idsByRank = sorted.toArray(new byte[0][]);
    SortedWindow<Long> named = new SortedWindow<>(maxProducts, LONGS);
    SortedWindow<Long> ranked = SortedWindow.ranked(maxProducts, LONGS, idsByRank);
    for (int n = 0; n < 5_000; n++) {
      assertEquals(named.isFull(), ranked.isFull());
      if (named.isFull()) {
        assertSameDrain(named, ranked);
      }
      int i = random.nextInt(idsByRank.length);
      int j = random.nextInt(idsByRank.length);
      byte[] label = bytes(LABELS[random.nextInt(LABELS.length)]);
      long value = random.nextInt(1000) - 500;
      named.add(idsByRank[i].clone(), idsByRank[j].clone(), label, value);
      ranked.addRanked(i, j, label, value);
    }
    assertSameDrain(named, ranked);
    assertThrows(IllegalStateException.class, () -> ranked.add(bytes("1"), bytes("2"), null, 1L));
    assertThrows(IllegalStateException.class, () -> named.addRanked(0, 1, bytes(""), 1L));
  }

  /**
   * Products in the order held inputs hand them (first ids ascending, each id's products several
   * ascending runs of the second, labels mixed) drain in key order with the naive sums, for C and
   * CT; also when the last product's first id comes out of that order and the whole window is
   * sorted instead.
   */
  @ParameterizedTest(name = "last product out of order: {0}")
  @CsvSource({"false", "true"})
  void productsByAscendingFirstIdDrainInKeyOrder(boolean lastOutOfOrder) throws Exception {
    Random random = new Random(lastOutOfOrder ? 11 : 12);
    java.util.TreeSet<byte[]> sorted = new java.util.TreeSet<>(Arrays::compareUnsigned);
    for (String id : IDS) {
      for (int n = 0; n < 9; n++) {
        sorted.add(bytes(id + n));
      }
    }
    byte[][] ids = sorted.toArray(new byte[0][]);
    SortedWindow<Long> window = SortedWindow.ranked(100_000, LONGS, ids);
    Map<String, Long> expected = new HashMap<>();
    for (int i = 1; i < ids.length; i += 1 + random.nextInt(3)) {
      for (int run = random.nextInt(4); run >= 0; run--) {
        for (int j = random.nextInt(ids.length); j < ids.length; j++) {
          add(window, ids, i, j, random, expected);
        }
      }
    }
    if (lastOutOfOrder) {
      add(window, ids, 0, 0, random, expected);
    }
    Drained drained = drain(window);
    assertEquals(expected, drained.c().sums);
    assertEquals(expected, drained.ct().sums);
  }

  private static void add(
      SortedWindow<Long> window,
      byte[][] ids,
      int i,
      int j,
      Random random,
      Map<String, Long> expected) {
    String label = LABELS[random.nextInt(LABELS.length)];
    long value = random.nextInt(1000) - 500;
    window.addRanked(i, j, bytes(label), value);
    expected.merge(
        cell(new String(ids[i], UTF_8), new String(ids[j], UTF_8), label), value, Long::sum);
  }

  private static void assertSameDrain(SortedWindow<Long> named, SortedWindow<Long> ranked)
      throws Exception {
    Drained expected = drain(named);
    Drained actual = drain(ranked);
    assertEquals(expected.c().sums, actual.c().sums);
    assertEquals(expected.ct().sums, actual.ct().sums);
    assertEquals(keys(expected.c()), keys(actual.c()));
    assertEquals(keys(expected.ct()), keys(actual.ct()));
  }

  private static List<String> keys(Received received) {
    List<String> keys = new ArrayList<>();
    received.keys.forEach(k -> keys.add(String.join("|", k)));
    return keys;
  }
}
