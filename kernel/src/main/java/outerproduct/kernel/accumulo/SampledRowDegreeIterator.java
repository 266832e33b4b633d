package outerproduct.kernel.accumulo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.OptionDescriber;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.hadoop.io.Text;

/**
 * A degree table read off a matrix table, for a sample of its rows: one entry per sampled row,
 * {@code (row, "", "deg") = the row's entry count} as a decimal string, the layout of a {@linkplain
 * DegreeTables degree table}. A row is sampled when a hash of its bytes is 0 modulo {@value
 * #MODULUS_OPTION}, so two tables sample the same rows and their join over the sample is exact; the
 * rows not sampled are sought past, not returned. Modulus 1 counts every row.
 *
 * <p>It reads every entry of the sampled rows and counts each row whole: a row's entry is returned
 * when the sought range holds that entry's key, so a scan torn down and resumed after it goes on at
 * the next row, never counting a row twice.
 */
public class SampledRowDegreeIterator
    implements SortedKeyValueIterator<Key, Value>, OptionDescriber {
  public static final String MODULUS_OPTION = "modulus";

  /** Above {@link RowRangesIterator}, so that it counts only the rows a request asks for. */
  public static final int PRIORITY = RowRangesIterator.PRIORITY + 1;

  private static final String NAME = SampledRowDegreeIterator.class.getSimpleName();
  private static final Text COLUMN = new Text(DegreeTables.COLUMN);

  private SortedKeyValueIterator<Key, Value> source;
  private Map<String, String> options;
  private int modulus;
  private Range range;
  private Collection<ByteSequence> columnFamilies;
  private boolean inclusive;
  private boolean exhausted;
  private Key topKey;
  private Value topValue;

  /** A scan-time setting that samples one row in {@code modulus}. */
  public static IteratorSetting setting(int modulus) {
    IteratorSetting setting =
        new IteratorSetting(PRIORITY, "sampledDegrees", SampledRowDegreeIterator.class);
    setting.addOption(MODULUS_OPTION, Integer.toString(modulus));
    return setting;
  }

  /** Whether {@code row} is in the sample of {@code modulus}: the same on every server. */
  public static boolean sampled(byte[] row, int modulus) {
    int h = 0x9747b28c;
    for (byte x : row) {
      h = (h ^ (x & 0xff)) * 0x5bd1e995;
      h ^= h >>> 15;
    }
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return Integer.remainderUnsigned(h, modulus) == 0;
  }

  @Override
  public IteratorOptions describeOptions() {
    Map<String, String> named = new LinkedHashMap<>();
    named.put(MODULUS_OPTION, "count one row in this many, by a hash of the row (required, >= 1)");
    return new IteratorOptions(
        "sampledDegrees", "one entry per sampled row: the count of its entries", named, null);
  }

  @Override
  public boolean validateOptions(Map<String, String> options) {
    IteratorOptionChecks.check(NAME, describeOptions(), options, Set.of(MODULUS_OPTION));
    modulusOf(options);
    return true;
  }

  private static int modulusOf(Map<String, String> options) {
    String text = options.get(MODULUS_OPTION);
    try {
      int m = Integer.parseInt(text);
      if (m >= 1) {
        return m;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        NAME + ": option '" + MODULUS_OPTION + "' must be an integer >= 1, got '" + text + "'");
  }

  @Override
  public void init(
      SortedKeyValueIterator<Key, Value> source,
      Map<String, String> options,
      IteratorEnvironment env) {
    validateOptions(options);
    this.source = source;
    this.options = Map.copyOf(options);
    this.modulus = modulusOf(options);
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive)
      throws IOException {
    this.columnFamilies = columnFamilies;
    this.inclusive = inclusive;
    this.range = range;
    Key start = range.getStartKey();
    if (start == null) {
      seekFrom(null);
    } else {
      // A row's entry is returned only when the range holds it, and always with the whole row
      // counted: a range that starts inside a row (a scan resumed after that row's entry) either
      // still holds the entry, and the row is counted from its start, or does not, and the
      // next row is.
      Key rowStart = new Key(start.getRow());
      seekFrom(
          range.beforeStartKey(entryKey(rowStart))
              ? rowStart.followingKey(PartialKey.ROW)
              : rowStart);
    }
    findSampledRow();
  }

  private static Key entryKey(Key anyOfRow) {
    return new Key(anyOfRow.getRow(), new Text(), COLUMN);
  }

  /**
   * Seeks the source from {@code key} (null: the first) to the end of the range's last row, so that
   * the last row is counted whole too.
   */
  private void seekFrom(Key key) throws IOException {
    Key end = range.getEndKey() == null ? null : range.getEndKey().followingKey(PartialKey.ROW);
    exhausted = key != null && end != null && key.compareTo(end) >= 0;
    if (!exhausted) {
      source.seek(new Range(key, true, end, false), columnFamilies, inclusive);
    }
  }

  /** Skips unsampled rows, then counts the next sampled one into the top entry. */
  private void findSampledRow() throws IOException {
    topKey = null;
    while (!exhausted && source.hasTop()) {
      Key first = source.getTopKey();
      Key entry = entryKey(first);
      if (range.afterEndKey(entry)) {
        exhausted = true;
        return;
      }
      byte[] row = first.getRowData().toArray();
      if (!sampled(row, modulus)) {
        seekFrom(first.followingKey(PartialKey.ROW));
        continue;
      }
      // the source may reuse its top key, so the row is compared as a copy
      ByteSequence current = new ArrayByteSequence(row);
      long count = 0;
      while (source.hasTop() && source.getTopKey().getRowData().compareTo(current) == 0) {
        count++;
        source.next();
      }
      topKey = entry;
      topValue = new Value(Long.toString(count).getBytes(StandardCharsets.UTF_8));
      return;
    }
  }

  @Override
  public boolean hasTop() {
    return topKey != null;
  }

  @Override
  public void next() throws IOException {
    findSampledRow();
  }

  @Override
  public Key getTopKey() {
    return topKey;
  }

  @Override
  public Value getTopValue() {
    return topValue;
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    SampledRowDegreeIterator copy = new SampledRowDegreeIterator();
    copy.init(source.deepCopy(env), options, env);
    return copy;
  }
}
