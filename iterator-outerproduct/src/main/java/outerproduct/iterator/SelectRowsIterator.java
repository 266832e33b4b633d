package outerproduct.iterator;

import java.io.IOException;
import java.util.Map;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.iterators.WrappingIterator;
import outerproduct.kernel.accumulo.ColumnFamilyException;

/**
 * The outer product of B with its own selection matrix: each entry {@code B(k,j)} becomes the
 * partial product {@code C(k,j)} keyed as {@link TwoTableIterator} keys its products (row k, family
 * i = k, qualifier j), so that {@link RemoteWriteIterator} writes the rows of B that the scan
 * reaches into C. It stands for a multiply whose AT holds one entry {@code (r, r, 1)} per selected
 * row r without that table existing: the value is B's unchanged, which is {@code 1 ⊗ B(k,j)} in the
 * plus-times semirings. An entry of B with a column family stops it ({@link
 * ColumnFamilyException}), as on every path. It takes no options.
 */
public class SelectRowsIterator extends WrappingIterator {
  @Override
  public void init(
      SortedKeyValueIterator<Key, Value> source,
      Map<String, String> options,
      IteratorEnvironment env)
      throws IOException {
    if (!options.isEmpty()) {
      throw new IllegalArgumentException(
          SelectRowsIterator.class.getSimpleName() + " takes no options, got " + options.keySet());
    }
    super.init(source, options, env);
  }

  @Override
  public Key getTopKey() {
    Key b = super.getTopKey();
    ColumnFamilyException.requireEmpty("B", b);
    return new Key(
        b.getRowData().toArray(),
        b.getRowData().toArray(),
        b.getColumnQualifierData().toArray(),
        b.getColumnVisibilityData().toArray(),
        b.getTimestamp());
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    throw new UnsupportedOperationException(
        SelectRowsIterator.class.getSimpleName() + " is not deep-copied");
  }
}
