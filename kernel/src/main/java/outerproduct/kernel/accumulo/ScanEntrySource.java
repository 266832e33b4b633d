package outerproduct.kernel.accumulo;

import java.util.Iterator;
import java.util.Map;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

/** An entry source over a client-side scan (a Scanner's iterator, an input split's records). */
public final class ScanEntrySource extends KeyValueEntrySource {
  private final Iterator<Map.Entry<Key, Value>> entries;

  public ScanEntrySource(String table, Iterator<Map.Entry<Key, Value>> entries) {
    super(table);
    this.entries = entries;
    next();
  }

  @Override
  public void next() {
    if (entries.hasNext()) {
      Map.Entry<Key, Value> e = entries.next();
      load(e.getKey(), e.getValue());
    } else {
      exhausted();
    }
  }
}
