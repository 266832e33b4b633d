package outerproduct.kernel.accumulo;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.Set;
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
import outerproduct.kernel.d4m.ColumnFilter;

/**
 * Accumulo's iterator test harness on {@link ColumnFilterIterator}: over the whole table and a
 * sought sub-range, the output is exactly what a naive filter keeps: the named columns of the empty
 * family, and every entry with a family (which the reader then refuses).
 */
class ColumnFilterIteratorHarnessTest extends IteratorTestBase {
  private static final List<String> COLUMN_LISTS =
      List.of("c01,c03,", "c00,", "c05;c9\uD83D\uDE00;", "zz,");
  private static final List<Range> SOUGHT =
      List.of(
          new Range(), new Range(new Key("05", "", "c02"), false, new Key("19", "", "c03"), true));

  @Override
  protected Stream<IteratorTestParameters> parameters() {
    SortedMap<Key, Value> data = table();
    return COLUMN_LISTS.stream()
        .flatMap(
            list ->
                SOUGHT.stream()
                    .flatMap(
                        range -> {
                          ColumnFilter columns = ColumnFilter.parse(list);
                          IteratorTestInput in =
                              new IteratorTestInput(
                                  ColumnFilterIterator.class,
                                  ColumnFilterIterator.setting(columns).getOptions(),
                                  range,
                                  data);
                          IteratorTestOutput expected =
                              new IteratorTestOutput(
                                  naive(data, Set.copyOf(columns.columns()), range));
                          return builtinTestCases()
                              .map(testCase -> testCase.toParameters(in, expected));
                        }));
  }

  /** Rows 00..29 with columns c00..c05 (some missing), every seventh entry with family 'f'. */
  private static SortedMap<Key, Value> table() {
    Random rnd = new Random(11);
    SortedMap<Key, Value> data = new TreeMap<>();
    int n = 0;
    for (int row = 0; row < 30; row++) {
      for (int col = 0; col < 6; col++) {
        if (rnd.nextInt(3) > 0) {
          String family = n++ % 7 == 0 ? "f" : "";
          data.put(
              new Key(String.format("%02d", row), family, String.format("c%02d", col)),
              new Value(Integer.toString(rnd.nextInt(100))));
        }
      }
    }
    return data;
  }

  private static SortedMap<Key, Value> naive(
      SortedMap<Key, Value> data, Set<String> columns, Range range) {
    SortedMap<Key, Value> out = new TreeMap<>();
    data.forEach(
        (key, value) -> {
          String column =
              new String(key.getColumnQualifierData().toArray(), StandardCharsets.UTF_8);
          boolean family = key.getColumnFamilyData().length() != 0;
          if (range.contains(key) && (family || columns.contains(column))) {
            out.put(key, value);
          }
        });
    return out;
  }
}
