package outerproduct.kernel.accumulo;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
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
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * checksum(C) (docs/format.md) of the range it is sought to, summed inside the tablet server: it
 * reads the whole range in its seek and returns one entry, the range's last key, whose value is
 * {@link #SUM} followed by the range's {@link ResultChecksum#state()} (sum and entry count), so a
 * batch scan of a whole table returns one small entry per tablet instead of every entry. The last
 * key, not the first: a scan resumed after the returned entry starts past everything it counted,
 * and a scan torn down before it was returned counts its range again from the start.
 *
 * <p>A value the semiring cannot read comes back as an entry of its key whose value is {@link
 * #BAD_VALUE} followed by the stored bytes, for the caller to name ({@link TableChecksum}); the
 * entries after it are summed as a scan resumed after it would sum them. Memory: one key and one
 * digest.
 */
public class ChecksumIterator implements SortedKeyValueIterator<Key, Value>, OptionDescriber {
  public static final String SEMIRING_OPTION = "semiring";

  /**
   * Above every iterator a table of this project carries (C's Combiner and filters) and the
   * scan-time filters ({@link RowRangesIterator}, {@link ColumnFilterIterator}): it sees what a
   * scan would.
   */
  public static final int PRIORITY = 2_000;

  /** The first byte of a range's checksum entry. */
  public static final byte SUM = 'S';

  /** The first byte of a value the semiring cannot read. */
  public static final byte BAD_VALUE = 'B';

  private static final String NAME = ChecksumIterator.class.getSimpleName();

  private SortedKeyValueIterator<Key, Value> source;
  private Map<String, String> options;
  private Semiring<?> semiring;
  private Key topKey;
  private Value topValue;

  /** A scan-time setting for a table of {@code semiring}'s values. */
  public static IteratorSetting setting(String semiring) {
    IteratorSetting setting = new IteratorSetting(PRIORITY, "checksum", ChecksumIterator.class);
    setting.addOption(SEMIRING_OPTION, semiring);
    return setting;
  }

  @Override
  public IteratorOptions describeOptions() {
    Map<String, String> named = new LinkedHashMap<>();
    named.put(SEMIRING_OPTION, "the semiring whose canonical text the values are summed in");
    return new IteratorOptions(
        "checksum", "checksum(C) of the sought range, as one entry", named, null);
  }

  @Override
  public boolean validateOptions(Map<String, String> options) {
    IteratorOptionChecks.check(NAME, describeOptions(), options, Set.of(SEMIRING_OPTION));
    Semirings.forName(options.get(SEMIRING_OPTION));
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
    this.semiring = Semirings.forName(options.get(SEMIRING_OPTION));
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive)
      throws IOException {
    source.seek(range, columnFamilies, inclusive);
    sumToTheNextStop();
  }

  /**
   * Sums from the source's position to the range's end, or to a value the semiring cannot read,
   * which becomes the top entry with the source left after it: what follows is then summed as a
   * scan resumed after that entry would sum it.
   */
  private void sumToTheNextStop() throws IOException {
    ResultChecksum sum = new ResultChecksum();
    Key last = null;
    topKey = null;
    while (source.hasTop()) {
      Key key = source.getTopKey();
      byte[] value = source.getTopValue().get();
      byte[] canonical;
      try {
        canonical = Semirings.canonicalText(semiring, value);
      } catch (IllegalArgumentException bad) {
        topKey = new Key(key);
        topValue = new Value(tagged(BAD_VALUE, value));
        source.next();
        return;
      }
      sum.add(key.getRowData().toArray(), key.getColumnQualifierData().toArray(), canonical);
      // a new Key over the same fields: the source may move its top key object on next()
      last = new Key(key);
      source.next();
    }
    if (last != null) {
      topKey = last;
      topValue = new Value(tagged(SUM, sum.state()));
    }
  }

  private static byte[] tagged(byte tag, byte[] payload) {
    byte[] out = new byte[payload.length + 1];
    out[0] = tag;
    System.arraycopy(payload, 0, out, 1, payload.length);
    return out;
  }

  /** The payload of a value this iterator returned, its tag removed. */
  public static byte[] payload(Value value) {
    byte[] v = value.get();
    return Arrays.copyOfRange(v, 1, v.length);
  }

  @Override
  public boolean hasTop() {
    return topKey != null;
  }

  @Override
  public void next() throws IOException {
    if (topValue.get()[0] == BAD_VALUE) {
      sumToTheNextStop();
    } else {
      topKey = null;
    }
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
    ChecksumIterator copy = new ChecksumIterator();
    copy.init(source.deepCopy(env), options, env);
    return copy;
  }
}
