package outerproduct.kernel.accumulo;

import java.util.Iterator;
import java.util.Map;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import outerproduct.kernel.product.EntrySource;

/**
 * An {@link EntrySource} over a client-side scan (a Scanner's iterator, an input split's
 * records). The row array is reused while the row does not change, so a long row costs one
 * array, not one per entry.
 */
public final class ScanEntrySource implements EntrySource {
  private final String table;
  private final Iterator<Map.Entry<Key, Value>> entries;
  private Key key;
  private Value value;
  private byte[] row;
  private byte[] column;

  public ScanEntrySource(String table, Iterator<Map.Entry<Key, Value>> entries) {
    this.table = table;
    this.entries = entries;
    advance();
  }

  private void advance() {
    if (!entries.hasNext()) {
      key = null;
      value = null;
      row = null;
      column = null;
      return;
    }
    Map.Entry<Key, Value> e = entries.next();
    ByteSequence rowData = e.getKey().getRowData();
    if (row == null || key == null || !key.getRowData().equals(rowData)) {
      row = rowData.toArray();
    }
    key = e.getKey();
    value = e.getValue();
    column = key.getColumnQualifierData().toArray();
  }

  @Override
  public String table() {
    return table;
  }

  @Override
  public boolean hasTop() {
    return key != null;
  }

  @Override
  public byte[] row() {
    return row;
  }

  @Override
  public byte[] column() {
    return column;
  }

  @Override
  public byte[] value() {
    return value.get();
  }

  @Override
  public void next() {
    advance();
  }
}
