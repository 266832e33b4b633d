package outerproduct.kernel.accumulo;

import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import outerproduct.kernel.product.EntrySource;

/**
 * An {@link EntrySource} over Accumulo keys and values (docs/format.md: row = row id, qualifier =
 * column id, an empty family; an entry with a family stops the read, {@link
 * ColumnFamilyException}). The row and visibility arrays are reused while they do not change, so a
 * long row costs one array, not one per entry. Subclasses move their source and call {@link
 * #load(Key, Value)} or {@link #exhausted()}.
 */
public abstract class KeyValueEntrySource implements EntrySource {
  private final String table;
  private byte[] row;
  private ByteSequence rowData;
  private byte[] column;
  private byte[] visibility;
  private ByteSequence visibilityData;
  private Value value;

  protected KeyValueEntrySource(String table) {
    this.table = table;
  }

  /**
   * @throws ColumnFamilyException for an entry with a column family (the D4M layout has none)
   */
  protected final void load(Key key, Value current) {
    ColumnFamilyException.requireEmpty(table, key);
    ByteSequence data = key.getRowData();
    if (rowData == null || !rowData.equals(data)) {
      row = data.toArray();
      rowData = new ArrayByteSequence(row);
    }
    column = key.getColumnQualifierData().toArray();
    ByteSequence label = key.getColumnVisibilityData();
    if (visibilityData == null || !visibilityData.equals(label)) {
      visibility = label.toArray();
      visibilityData = new ArrayByteSequence(visibility);
    }
    value = current;
  }

  protected final void exhausted() {
    row = null;
    rowData = null;
    column = null;
    visibility = null;
    visibilityData = null;
    value = null;
  }

  @Override
  public final String table() {
    return table;
  }

  @Override
  public final boolean hasTop() {
    return row != null;
  }

  @Override
  public final byte[] row() {
    return row;
  }

  @Override
  public final byte[] column() {
    return column;
  }

  @Override
  public final byte[] visibility() {
    return visibility;
  }

  @Override
  public final byte[] value() {
    return value.get();
  }
}
