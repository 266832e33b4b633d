package outerproduct.kernel.accumulo;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.iteratortest.IteratorTestBase;
import org.apache.accumulo.iteratortest.IteratorTestInput;
import org.apache.accumulo.iteratortest.IteratorTestOutput;
import org.apache.accumulo.iteratortest.IteratorTestParameters;
import outerproduct.kernel.d4m.RowRanges;

/**
 * Accumulo's iterator test harness (re-seek from any returned key, deep copies, repeated hasTop, …)
 * on {@link RowRangesIterator}: for single rows, ranges, open ends and a set with no row present,
 * over the whole table and over a sought sub-range, the output is exactly the entries a naive
 * filter keeps.
 */
class RowRangesIteratorHarnessTest extends IteratorTestBase {
  private static final List<String> ROW_SETS =
      List.of("03,07,12,", "03,:,07,12,15,:,19,25,", ":,02,14,:,", "04a,13b,", "29,");
  private static final List<Range> SOUGHT =
      List.of(
          new Range(),
          new Range("05", true, "20", false),
          new Range(new Key("12", "", "c05"), false, new Key("19", "", "c03"), true));

  @Override
  protected Stream<IteratorTestParameters> parameters() {
    SortedMap<Key, Value> data = table();
    return ROW_SETS.stream()
        .flatMap(
            set ->
                SOUGHT.stream()
                    .flatMap(
                        range -> {
                          IteratorTestInput in =
                              new IteratorTestInput(
                                  RowRangesIterator.class, options(set), range, data);
                          IteratorTestOutput expected =
                              new IteratorTestOutput(naive(data, RowRanges.parse(set), range));
                          return builtinTestCases()
                              .map(testCase -> testCase.toParameters(in, expected));
                        }));
  }

  private static Map<String, String> options(String rows) {
    IteratorSetting setting = new IteratorSetting(10, RowRangesIterator.class);
    RowRangesIterator.setRows(setting, RowRanges.parse(rows));
    return setting.getOptions();
  }

  /** Rows 00..29, each with 1 to 6 columns. */
  private static SortedMap<Key, Value> table() {
    Random rnd = new Random(7);
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

  private static SortedMap<Key, Value> naive(
      SortedMap<Key, Value> data, RowRanges rows, Range range) {
    SortedMap<Key, Value> out = new TreeMap<>();
    data.forEach(
        (key, value) -> {
          if (range.contains(key) && rows.contains(key.getRowData().toArray())) {
            out.put(key, value);
          }
        });
    return out;
  }
}
