package outerproduct.mr.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.mr.MultiplyConf;
import outerproduct.mr.OuterProductCounter;
import outerproduct.mr.io.Stripe;

/** The stripes' merge, combiner and reducer (both outputs) under MRUnit, against a sum by map. */
class StripeTasksTest {

  /**
   * A row's cells scattered over stripes (a cell in several), merged, give each cell once, in
   * order, with its sum: whatever the number of stripes and however often the held stripes are
   * merged on the way (a bound of 0 bytes merges at every stripe).
   */
  @Property(tries = 200)
  @SuppressWarnings("unchecked")
  void mergedStripesHoldEachCellOnceWithItsSum(
      @ForAll @IntRange(min = 1, max = 12) int stripes,
      @ForAll @IntRange(max = 2000) int holdBytes,
      @ForAll long seed)
      throws Exception {
    Random random = new Random(seed);
    Map<String, Long> expected = new TreeMap<>();
    StripeMerge<Object> merge =
        new StripeMerge<>(
            (outerproduct.kernel.semiring.Semiring<Object>)
                (Object) Semirings.forName("plus-times-long"),
            holdBytes);
    for (int s = 0; s < stripes; s++) {
      TreeMap<String, Long> cells = new TreeMap<>();
      for (int n = random.nextInt(30); n > 0; n--) {
        cells.put("c" + random.nextInt(40), (long) random.nextInt(21) - 10);
      }
      Stripe stripe = new Stripe();
      cells.forEach(
          (j, v) -> {
            stripe.add(bytes(j), new byte[0], bytes(Long.toString(v)));
            expected.merge(j, v, Long::sum);
          });
      merge.add(stripe, "r");
    }
    Map<String, Long> got = new TreeMap<>();
    List<String> order = new ArrayList<>();
    merge.merge(
        "r",
        (cell, sum, count) -> {
          String j = str(cell.j());
          order.add(j);
          long v = sum != null ? (Long) sum : Long.parseLong(str(cell.value()));
          assertEquals(null, got.put(j, v), "cell handed out twice: " + j);
        });
    assertEquals(expected, got);
    assertEquals(new ArrayList<>(expected.keySet()), order, "cells in C's order");
  }

  @Test
  void combinerMergesARowsStripesIntoOne() throws Exception {
    ReduceDriver<Text, Stripe, Text, Stripe> driver = combiner("min-plus");
    driver.withInput(
        new Text("r1"), List.of(stripe("c1=4.5", "c2=3"), stripe("c1=2", "c3=1"), stripe("c1=7")));
    List<Pair<Text, Stripe>> out = driver.run();
    assertEquals(1, out.size());
    assertEquals(new Text("r1"), out.get(0).getFirst());
    assertEquals(List.of("c1=2.0", "c2=3", "c3=1"), cells(out.get(0).getSecond()));
    assertEquals(5, driver.getCounters().findCounter(OuterProductCounter.COMBINER_IN).getValue());
    assertEquals(3, driver.getCounters().findCounter(OuterProductCounter.COMBINER_OUT).getValue());
  }

  @Test
  void combinerPassesARowOfOneStripeOnAsItCame() throws Exception {
    ReduceDriver<Text, Stripe, Text, Stripe> driver = combiner("min-plus");
    driver
        .withInput(new Text("r1"), List.of(stripe("c1=4.50", "c2=3")))
        .withInput(new Text("r2"), List.of(stripe("c1=1"), stripe("c1=2")));
    List<Pair<Text, Stripe>> out = driver.run();
    assertEquals(2, out.size());
    assertEquals(new Text("r1"), out.get(0).getFirst());
    // Not decoded and encoded again: "4.50" would become "4.5".
    assertEquals(List.of("c1=4.50", "c2=3"), cells(out.get(0).getSecond()));
    assertEquals(List.of("c1=1.0"), cells(out.get(1).getSecond()));
    assertEquals(4, driver.getCounters().findCounter(OuterProductCounter.COMBINER_IN).getValue());
    assertEquals(3, driver.getCounters().findCounter(OuterProductCounter.COMBINER_OUT).getValue());
  }

  @Test
  void aValueTheSemiringCannotReadNamesTheCell() {
    ReduceDriver<Text, Stripe, Text, Stripe> driver = combiner("plus-times-long");
    driver.withInput(new Text("r1"), List.of(stripe("c1=1"), stripe("c1=1.5")));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, driver::run);
    assertTrue(
        e.getMessage().contains("'1.5'") && e.getMessage().contains("(r1, c1)"), e.getMessage());
  }

  @Test
  void reducerWritesOneMutationPerRowDropsZerosAndCutsLongRows() throws Exception {
    ReduceDriver<Text, Stripe, Object, Object> driver =
        ReduceDriver.newReduceDriver(new StripeReducer());
    driver.getConfiguration().set(MultiplyConf.SEMIRING, "plus-times-long");
    driver.getConfiguration().set(MultiplyConf.C_TABLE, "C");
    driver.getConfiguration().setBoolean(MultiplyConf.REMOVE_ZEROS, true);
    driver.getConfiguration().setInt(MultiplyConf.MUTATION_MAX_CELLS, 2);
    driver
        .withInput(new Text("r1"), List.of(stripe("c1=1", "c2=3"), stripe("c1=2")))
        .withInput(new Text("r2"), List.of(stripe("c1=-1"), stripe("c1=1")))
        .withInput(new Text("r3"), List.of(stripe("c1=1", "c3=3", "c5=5"), stripe("c2=2", "c4=4")));
    List<Pair<Object, Object>> out = driver.run();
    assertEquals(
        List.of("r1: c1=3 c2=3", "r3: c1=1 c2=2", "r3: c3=3 c4=4", "r3: c5=5"),
        SumTasksTest.describe(out));
    assertEquals(1, driver.getCounters().findCounter(OuterProductCounter.ZEROS_REMOVED).getValue());
    assertEquals(
        7, driver.getCounters().findCounter(OuterProductCounter.ENTRIES_WRITTEN).getValue());
  }

  @Test
  void reducerWritesSortedKeysForBulkOutput(@TempDir Path dir) throws Exception {
    ReduceDriver<Text, Stripe, Object, Object> driver =
        ReduceDriver.newReduceDriver(new StripeReducer());
    driver.getConfiguration().set(MultiplyConf.SEMIRING, "plus-times-long");
    driver
        .withInput(new Text("r1"), List.of(stripe("c2=-5"), stripe("c1=1", "c2=0"), stripe("c1=2")))
        .withInput(new Text("r2"), List.of(stripe("c1=4")));
    assertEquals(List.of("r1 c1 []=3", "r1 c2 []=-5", "r2 c1 []=4"), ReducerFiles.run(driver, dir));
    assertEquals(
        3, driver.getCounters().findCounter(OuterProductCounter.ENTRIES_WRITTEN).getValue());
  }

  /** The stripe combiner under MRUnit, with {@code semiring} as the job's. */
  private static ReduceDriver<Text, Stripe, Text, Stripe> combiner(String semiring) {
    ReduceDriver<Text, Stripe, Text, Stripe> driver =
        ReduceDriver.newReduceDriver(new StripeCombiner());
    driver.getConfiguration().set(MultiplyConf.SEMIRING, semiring);
    return driver;
  }

  /** A stripe of unlabelled "j=value" cells, given in order. */
  private static Stripe stripe(String... cells) {
    Stripe s = new Stripe();
    for (String cell : cells) {
      int eq = cell.indexOf('=');
      s.add(bytes(cell.substring(0, eq)), new byte[0], bytes(cell.substring(eq + 1)));
    }
    return s;
  }

  private static List<String> cells(Stripe s) {
    List<String> out = new ArrayList<>();
    Stripe.Cursor c = s.cursor();
    while (c.next()) {
      out.add(str(c.j()) + "=" + str(c.value()));
    }
    return out;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String str(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }
}
