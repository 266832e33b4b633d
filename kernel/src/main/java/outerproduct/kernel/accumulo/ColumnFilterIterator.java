package outerproduct.kernel.accumulo;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.Filter;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import outerproduct.kernel.d4m.ColumnFilter;

/**
 * Passes, on the tablet server, the entries whose column (qualifier) a D4M column list names, and
 * every entry with a column family, whatever its qualifier: the reader refuses those ({@link
 * ColumnFamilyException}), as it does without a filter. Fetching the columns instead ({@code
 * fetchColumn} with the empty family) would leave such entries unseen and a filtered multiply
 * silently different from an unfiltered one on the same table.
 *
 * <p>The engines put it on the scans they filter on the servers: TableMult's scans of AT, the
 * MapReduce job's input scan of B and its mappers' scans of AT.
 *
 * <p>Option: {@value #COLUMNS_OPTION} (required, D4M list; set with {@link #setting}).
 */
public class ColumnFilterIterator extends Filter {
  public static final String COLUMNS_OPTION = "columns";

  /** Above the table's own iterators, beside {@link RowRangesIterator} (at 1000). */
  public static final int PRIORITY = 1001;

  private static final String NAME = ColumnFilterIterator.class.getSimpleName();

  private ColumnFilter columns;

  /** A scan-time setting, at {@link #PRIORITY}, that passes {@code columns} only. */
  public static IteratorSetting setting(ColumnFilter columns) {
    IteratorSetting setting =
        new IteratorSetting(PRIORITY, "columnFilter", ColumnFilterIterator.class);
    setting.addOption(COLUMNS_OPTION, columns.toD4m());
    return setting;
  }

  @Override
  public IteratorOptions describeOptions() {
    Map<String, String> named = new LinkedHashMap<>();
    named.put(COLUMNS_OPTION, "D4M list of the columns (qualifiers) to pass, e.g. 'c1,c7,'");
    return new IteratorOptions(
        "columnFilter", "passes the named columns, and entries with a family", named, null);
  }

  @Override
  public boolean validateOptions(Map<String, String> options) {
    IteratorOptionChecks.check(NAME, describeOptions(), options, Set.of(COLUMNS_OPTION));
    ColumnFilter.parse(options.get(COLUMNS_OPTION));
    return true;
  }

  @Override
  public void init(
      SortedKeyValueIterator<Key, Value> source,
      Map<String, String> options,
      IteratorEnvironment env)
      throws IOException {
    validateOptions(options);
    super.init(source, options, env);
    columns = ColumnFilter.parse(options.get(COLUMNS_OPTION));
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    ColumnFilterIterator copy = (ColumnFilterIterator) super.deepCopy(env);
    copy.columns = columns;
    return copy;
  }

  @Override
  public boolean accept(Key key, Value value) {
    ByteSequence family = key.getColumnFamilyData();
    return family.length() != 0 || columns.contains(key.getColumnQualifierData().toArray());
  }
}
