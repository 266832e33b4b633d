package outerproduct.iterator;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collection;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import outerproduct.kernel.accumulo.KeyValueEntrySource;

/**
 * An entry source over an SKVI sought to {@code range}. {@link #seekRow} re-seeks the SKVI within
 * that range, after trying a few {@code next()} calls: a seek rebuilds the source's merge heap,
 * which costs more than stepping over a short gap.
 */
final class SkviEntrySource extends KeyValueEntrySource {
  private static final int STEPS_BEFORE_SEEK = 8;

  private final SortedKeyValueIterator<Key, Value> source;
  private final Range range;
  private final Collection<ByteSequence> columnFamilies;
  private final boolean inclusive;
  private long entries;

  SkviEntrySource(
      String table,
      SortedKeyValueIterator<Key, Value> source,
      Range range,
      Collection<ByteSequence> columnFamilies,
      boolean inclusive) {
    super(table);
    this.source = source;
    this.range = range;
    this.columnFamilies = columnFamilies;
    this.inclusive = inclusive;
  }

  /** Seeks the SKVI to the whole range. */
  SkviEntrySource start() throws IOException {
    source.seek(range, columnFamilies, inclusive);
    load();
    return this;
  }

  /** Entries this source has stood on, each time it stood on one. */
  long entries() {
    return entries;
  }

  private void load() {
    if (source.hasTop()) {
      entries++;
      load(source.getTopKey(), source.getTopValue());
    } else {
      exhausted();
    }
  }

  @Override
  public void next() throws IOException {
    source.next();
    load();
  }

  /** Seeks the SKVI back to {@code row}'s first entry within the range. */
  @Override
  public void rewindToRow(byte[] row) throws IOException {
    Range again =
        range.clip(
            new Range(new Key(row), true, range.getEndKey(), range.isEndKeyInclusive()), true);
    if (again == null) {
      exhausted();
      return;
    }
    source.seek(again, columnFamilies, inclusive);
    load();
  }

  @Override
  public void seekRow(byte[] target) throws IOException {
    for (int i = 0; i < STEPS_BEFORE_SEEK && hasTop(); i++) {
      if (Arrays.compareUnsigned(row(), target) >= 0) {
        return;
      }
      next();
    }
    if (!hasTop() || Arrays.compareUnsigned(row(), target) >= 0) {
      return;
    }
    Key start = new Key(target);
    if (range.afterEndKey(start)) {
      exhausted();
      return;
    }
    source.seek(
        new Range(start, true, range.getEndKey(), range.isEndKeyInclusive()),
        columnFamilies,
        inclusive);
    load();
  }
}
