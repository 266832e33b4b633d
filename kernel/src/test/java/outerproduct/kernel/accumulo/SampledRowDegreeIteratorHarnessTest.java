package outerproduct.kernel.accumulo;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.iteratortest.IteratorTestBase;
import org.apache.accumulo.iteratortest.IteratorTestInput;
import org.apache.accumulo.iteratortest.IteratorTestOutput;
import org.apache.accumulo.iteratortest.IteratorTestParameters;
import org.junit.jupiter.api.Test;

/**
 * Accumulo's iterator test harness (re-seek after any returned key, deep copies, repeated hasTop,
 * …) on {@link SampledRowDegreeIterator}: for moduli 1 to 3, over the whole table, a row range and
 * ranges starting and ending inside rows, the output is exactly one entry per sampled row whose
 * entry the range holds, with the whole row's count, as a naive loop makes it.
 */
class SampledRowDegreeIteratorHarnessTest extends IteratorTestBase {
  private static final List<Integer> MODULI = List.of(1, 2, 3);
  private static final List<Range> SOUGHT =
      List.of(
          new Range(),
          new Range("05", true, "20", false),
          new Range(new Key("12"), true, new Key("19", "", "c03"), true),
          new Range(new Key("07", "", "c02"), false, new Key("19", "", "e"), true));

  @Override
  protected Stream<IteratorTestParameters> parameters() {
    SortedMap<Key, Value> data = table();
    return MODULI.stream()
        .flatMap(
            modulus ->
                SOUGHT.stream()
                    .flatMap(
                        range -> {
                          IteratorTestInput in =
                              new IteratorTestInput(
                                  SampledRowDegreeIterator.class,
                                  SampledRowDegreeIterator.setting(modulus).getOptions(),
                                  range,
                                  data);
                          IteratorTestOutput expected =
                              new IteratorTestOutput(naive(data, modulus, range));
                          return builtinTestCases()
                              .map(testCase -> testCase.toParameters(in, expected));
                        }));
  }

  @Test
  void moduliSampleDifferentRowsAndOneSamplesEvery() {
    int sampledOf3 = 0;
    for (int row = 0; row < 1000; row++) {
      byte[] id = Integer.toString(row).getBytes(StandardCharsets.UTF_8);
      assertTrue(SampledRowDegreeIterator.sampled(id, 1));
      sampledOf3 += SampledRowDegreeIterator.sampled(id, 3) ? 1 : 0;
    }
    assertTrue(sampledOf3 > 280 && sampledOf3 < 390, "about a third sampled: " + sampledOf3);
  }

  @Test
  void badModulusIsNamed() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new SampledRowDegreeIterator().validateOptions(Map.of("modulus", "0")));
    assertTrue(
        e.getMessage().contains("option 'modulus' must be an integer >= 1, got '0'"),
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new SampledRowDegreeIterator()
                    .validateOptions(Map.of("modulus", "2", "fraction", "0.5")));
    assertTrue(e.getMessage().contains("unknown option 'fraction'"), e.getMessage());
  }

  /** Rows 00..29, each with 1 to 6 columns. */
  private static SortedMap<Key, Value> table() {
    Random rnd = new Random(11);
    SortedMap<Key, Value> data = new TreeMap<>();
    for (int row = 0; row < 30; row++) {
      int columns = 1 + rnd.nextInt(6);
      for (int col = 0; col < columns; col++) {
        data.put(
            new Key(String.format("%02d", row), "", String.format("c%02d", col)),
            new Value(Integer.toString(rnd.nextInt(100))));
      }
    }
    return data;
  }

  /** Whole rows counted, for the sampled rows whose entry key the range holds. */
  private static SortedMap<Key, Value> naive(SortedMap<Key, Value> data, int modulus, Range range) {
    SortedMap<String, Long> counts = new TreeMap<>();
    data.keySet().stream()
        .filter(key -> SampledRowDegreeIterator.sampled(key.getRowData().toArray(), modulus))
        .forEach(key -> counts.merge(key.getRow().toString(), 1L, Long::sum));
    SortedMap<Key, Value> out = new TreeMap<>();
    counts.forEach(
        (row, count) -> {
          Key entry = new Key(row, "", DegreeTables.COLUMN);
          if (range.contains(entry)) {
            out.put(entry, new Value(count.toString()));
          }
        });
    return out;
  }
}
