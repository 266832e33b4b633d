package outerproduct.iterator;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.iteratortest.IteratorTestBase;
import org.apache.accumulo.iteratortest.IteratorTestInput;
import org.apache.accumulo.iteratortest.IteratorTestOutput;
import org.apache.accumulo.iteratortest.IteratorTestParameters;
import org.apache.accumulo.iteratortest.environments.SimpleIteratorEnvironment;
import outerproduct.kernel.semiring.FailedSum;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * Accumulo's iterator test harness (re-seek, deep copies, yielding, repeated hasTop, …) on {@link
 * SemiringCombiner} for each built-in semiring: partial products written as many versions of a cell
 * must come out as one entry holding their ⊕, as a naive fold computes it.
 */
class SemiringCombinerHarnessTest extends IteratorTestBase {

  @Override
  protected Stream<IteratorTestParameters> parameters() {
    Stream<IteratorTestParameters> builtIns =
        Semirings.builtInNames().stream().flatMap(name -> cases(name, partialProducts(name)));
    return Stream.concat(builtIns, cases("plus-times-long", withFailingSums()));
  }

  private Stream<IteratorTestParameters> cases(String name, SortedMap<Key, Value> input) {
    IteratorTestInput in =
        new IteratorTestInput(
            SemiringCombiner.class, options(name), new Range(), input, new ScanScope());
    IteratorTestOutput expected = new IteratorTestOutput(naiveSums(Semirings.forName(name), input));
    return builtinTestCases().map(testCase -> testCase.toParameters(in, expected));
  }

  /**
   * Cells whose sum overflows or holds a value that is no number, among good ones: each such cell
   * alone becomes a failed sum, and nothing throws.
   */
  private static SortedMap<Key, Value> withFailingSums() {
    SortedMap<Key, Value> data = partialProducts("plus-times-long");
    String big = Long.toString(1L << 62);
    data.put(new Key("3", "", "overflow", "", 1L), new Value(big));
    data.put(new Key("3", "", "overflow", "", 2L), new Value(big));
    data.put(new Key("3", "", "overflow", "", 3L), new Value("1"));
    data.put(new Key("4", "", "bad", "", 1L), new Value("x1"));
    data.put(new Key("4", "", "bad", "", 2L), new Value("2"));
    return data;
  }

  /** The harness's environment leaves the scope unimplemented; a Combiner asks for it. */
  private static final class ScanScope extends SimpleIteratorEnvironment {
    @Override
    public IteratorScope getIteratorScope() {
      return IteratorScope.scan;
    }

    @Override
    public boolean isSamplingEnabled() {
      return false;
    }
  }

  private static Map<String, String> options(String semiring) {
    IteratorSetting setting = ResultTables.combiner(semiring);
    return setting.getOptions();
  }

  /** 40 cells of C, each written 1 to 5 times with distinct timestamps. */
  private static SortedMap<Key, Value> partialProducts(String semiring) {
    Random rnd = new Random(semiring.hashCode());
    SortedMap<Key, Value> data = new TreeMap<>();
    for (int cell = 0; cell < 40; cell++) {
      String row = Integer.toString(rnd.nextInt(12));
      String col = Integer.toString(rnd.nextInt(12));
      int versions = 1 + rnd.nextInt(5);
      for (int v = 0; v < versions; v++) {
        String value =
            semiring.equals("or-and")
                ? (rnd.nextBoolean() ? "1" : "0")
                : Integer.toString(rnd.nextInt(19) - 9);
        data.put(new Key(row, "", col, "", 1000L + cell * 10 + v), new Value(value));
      }
    }
    return data;
  }

  /** The newest version's key with the ⊕ of all versions, folded in a plain loop. */
  private static <T> SortedMap<Key, Value> naiveSums(Semiring<T> s, SortedMap<Key, Value> input) {
    Map<Key, T> sums = new HashMap<>();
    Map<Key, String> failed = new HashMap<>();
    Map<Key, Key> newest = new HashMap<>();
    for (Map.Entry<Key, Value> e : input.entrySet()) {
      Key cell = e.getKey().followingKey(PartialKey.ROW_COLFAM_COLQUAL_COLVIS);
      newest.merge(cell, e.getKey(), (a, b) -> a.getTimestamp() >= b.getTimestamp() ? a : b);
      if (failed.containsKey(cell)) {
        continue;
      }
      try {
        T v = s.decode(e.getValue().get());
        sums.merge(cell, v, s::plus);
      } catch (ArithmeticException ex) {
        failed.put(cell, ex.getMessage());
      } catch (IllegalArgumentException ex) {
        failed.put(
            cell,
            "value '"
                + e.getValue()
                + "' is not a "
                + s.name()
                + " value ("
                + ex.getMessage()
                + ")");
      }
    }
    SortedMap<Key, Value> out = new TreeMap<>();
    sums.forEach(
        (cell, v) ->
            out.put(newest.get(cell), new Value(new String(s.encode(v), StandardCharsets.UTF_8))));
    failed.forEach((cell, why) -> out.put(newest.get(cell), new Value(FailedSum.of(why))));
    return out;
  }
}
