package outerproduct.kernel.accumulo;

import java.io.IOException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.OptionDescriber;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import outerproduct.kernel.d4m.RowRanges;

/**
 * Passes the entries whose rows lie in a D4M row-range set, seeking its source from one range to
 * the next instead of reading the rows between them.
 *
 * <p>Both engines put it on their scans for a row subset: TableMult on its scans of AT, the
 * MapReduce job on its input scan of B and its mappers' scans of AT. Without it, a subset of n rows
 * costs n scan RPCs (one per range) per tablet; with it, one scan of the span of the subset, which
 * the tablet server serves by seeking. Sought to any range, it reads that range's intersection with
 * the set, so a scan torn down and resumed after its last key goes on where it stopped.
 *
 * <p>Option: {@value #ROWS_OPTION} (required, D4M syntax; set with {@link #setRows}).
 */
public class RowRangesIterator implements SortedKeyValueIterator<Key, Value>, OptionDescriber {
  public static final String ROWS_OPTION = "rows";

  /** Above the table's own iterators (versioning is at 20), so it sees what a reader sees. */
  public static final int PRIORITY = 1000;

  private static final String NAME = RowRangesIterator.class.getSimpleName();

  private SortedKeyValueIterator<Key, Value> source;
  private Map<String, String> options;
  private List<Range> rows;
  private List<Range> pending = List.of();
  private int current;
  private Collection<ByteSequence> columnFamilies;
  private boolean inclusive;

  public static void setRows(IteratorSetting setting, RowRanges rows) {
    setting.addOption(ROWS_OPTION, rows.toD4m());
  }

  /** A scan-time setting, at {@link #PRIORITY}, that passes {@code rows} only. */
  public static IteratorSetting setting(RowRanges rows) {
    IteratorSetting setting = new IteratorSetting(PRIORITY, "rowRanges", RowRangesIterator.class);
    setRows(setting, rows);
    return setting;
  }

  @Override
  public IteratorOptions describeOptions() {
    Map<String, String> named = new LinkedHashMap<>();
    named.put(ROWS_OPTION, "D4M row ranges to pass, e.g. '1,5,:,9,' (required)");
    return new IteratorOptions(
        "rowRanges",
        "passes the rows of a D4M row-range set, seeking past the others",
        named,
        null);
  }

  @Override
  public boolean validateOptions(Map<String, String> options) {
    IteratorOptionChecks.check(NAME, describeOptions(), options, Set.of(ROWS_OPTION));
    RowRanges.parse(options.get(ROWS_OPTION));
    return true;
  }

  @Override
  public void init(
      SortedKeyValueIterator<Key, Value> source,
      Map<String, String> options,
      IteratorEnvironment env) {
    validateOptions(options);
    this.source = source;
    this.options = Map.copyOf(options);
    this.rows = Ranges.toAccumulo(RowRanges.parse(options.get(ROWS_OPTION)));
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive)
      throws IOException {
    this.columnFamilies = columnFamilies;
    this.inclusive = inclusive;
    pending = Ranges.clip(rows, range);
    current = -1;
    seekNextRange();
  }

  /** Seeks the source to the next range that holds an entry, or past the last. */
  private void seekNextRange() throws IOException {
    while (++current < pending.size()) {
      source.seek(pending.get(current), columnFamilies, inclusive);
      if (source.hasTop()) {
        return;
      }
    }
  }

  @Override
  public boolean hasTop() {
    return current < pending.size() && source.hasTop();
  }

  @Override
  public void next() throws IOException {
    source.next();
    if (!source.hasTop()) {
      seekNextRange();
    }
  }

  @Override
  public Key getTopKey() {
    return source.getTopKey();
  }

  @Override
  public Value getTopValue() {
    return source.getTopValue();
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    RowRangesIterator copy = new RowRangesIterator();
    copy.init(source.deepCopy(env), options, env);
    return copy;
  }
}
