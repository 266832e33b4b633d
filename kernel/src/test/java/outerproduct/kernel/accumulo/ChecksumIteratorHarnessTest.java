package outerproduct.kernel.accumulo;

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
import org.apache.accumulo.iteratortest.testcases.IsolatedDeepCopiesTestCase;
import outerproduct.kernel.oracle.ResultChecksum;

/**
 * Accumulo's iterator test harness (re-seek after each entry, deep copies, repeated hasTop, …; not
 * the isolated deep copies, see {@link #cases}) on {@link ChecksumIterator}: over the whole table,
 * a sought sub-range and an empty one, the output is the one entry a naive sum of the range's lines
 * gives, at the range's last key, or nothing; and a value the semiring cannot read comes back as
 * that entry, tagged.
 */
class ChecksumIteratorHarnessTest extends IteratorTestBase {
  private static final String SEMIRING = "plus-times-long";
  private static final List<Range> SOUGHT =
      List.of(
          new Range(),
          // its end between two entries: the re-seek case's range after an entry at the end key
          // itself would be empty, which Range refuses
          new Range(new Key("05", "", "c02"), false, new Key("19", "", "c035"), true),
          new Range("zz", "zzz"));

  @Override
  protected Stream<IteratorTestParameters> parameters() {
    SortedMap<Key, Value> data = table(false);
    Stream<IteratorTestParameters> sums =
        SOUGHT.stream().flatMap(range -> cases(data, range, naive(data, range)));
    SortedMap<Key, Value> bad = table(true);
    Key badKey = new Key("07", "", "c01");
    // the bad value, then what follows it summed, as a scan resumed after it would
    SortedMap<Key, Value> refused = naive(bad, new Range(badKey, false, null, true));
    refused.put(badKey, tagged(ChecksumIterator.BAD_VALUE, "x9".getBytes()));
    return Stream.concat(sums, cases(bad, new Range(), refused));
  }

  private Stream<IteratorTestParameters> cases(
      SortedMap<Key, Value> data, Range range, SortedMap<Key, Value> output) {
    IteratorTestInput in =
        new IteratorTestInput(
            ChecksumIterator.class, ChecksumIterator.setting(SEMIRING).getOptions(), range, data);
    IteratorTestOutput expected = new IteratorTestOutput(output);
    // Not the isolated deep copies case: it seeks a copy from the current top key, inclusive, and
    // expects the same entry back, which no sum of a range returned at its last key can give (the
    // copy sums that one entry). Accumulo resumes a scan after the last key returned, exclusive:
    // the re-seek case covers that.
    return builtinTestCases()
        .filter(testCase -> !(testCase instanceof IsolatedDeepCopiesTestCase))
        .map(testCase -> testCase.toParameters(in, expected));
  }

  /** Rows 00..29 with columns c00..c05 (some missing); with {@code bad}, one value no long. */
  private static SortedMap<Key, Value> table(boolean bad) {
    Random rnd = new Random(5);
    SortedMap<Key, Value> data = new TreeMap<>();
    for (int row = 0; row < 30; row++) {
      for (int col = 0; col < 6; col++) {
        if (rnd.nextInt(3) > 0) {
          data.put(
              new Key(String.format("%02d", row), "", String.format("c%02d", col)),
              new Value(Integer.toString(rnd.nextInt(200) - 100)));
        }
      }
    }
    if (bad) {
      data.put(new Key("07", "", "c01"), new Value("x9"));
    }
    return data;
  }

  /** The range's entries summed one by one, as one entry at its last key. */
  private static SortedMap<Key, Value> naive(SortedMap<Key, Value> data, Range range) {
    ResultChecksum sum = new ResultChecksum();
    Key last = null;
    for (Map.Entry<Key, Value> e : data.entrySet()) {
      if (range.contains(e.getKey())) {
        sum.add(
            e.getKey().getRow().toString(),
            e.getKey().getColumnQualifier().toString(),
            e.getValue().toString());
        last = e.getKey();
      }
    }
    SortedMap<Key, Value> out = new TreeMap<>();
    if (last != null) {
      out.put(last, tagged(ChecksumIterator.SUM, sum.state()));
    }
    return out;
  }

  private static Value tagged(byte tag, byte[] payload) {
    byte[] v = new byte[payload.length + 1];
    v[0] = tag;
    System.arraycopy(payload, 0, v, 1, payload.length);
    return new Value(v);
  }
}
