package outerproduct.iterator;

import java.util.Iterator;
import java.util.Map;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.Combiner;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import outerproduct.kernel.accumulo.IteratorOptionChecks;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * ⊕ of a semiring as a Combiner: the lazy sum of partial products in C. TableMult attaches it to C
 * at scan, minc and majc, on every column; a scope without it would let the VersioningIterator or a
 * compaction keep one partial product and drop the rest.
 *
 * <p>Values that do not decode under the semiring fail the scan or compaction with a {@link
 * BadValueException} naming the key and value, rather than being dropped.
 *
 * <p>Options: {@value #SEMIRING_OPTION} (required) and the Combiner's column options.
 */
public class SemiringCombiner extends Combiner {
  public static final String SEMIRING_OPTION = "semiring";

  private Semiring<?> semiring;

  public static void setSemiring(IteratorSetting setting, String semiring) {
    setting.addOption(SEMIRING_OPTION, semiring);
  }

  @Override
  public void init(
      SortedKeyValueIterator<Key, Value> source,
      Map<String, String> options,
      IteratorEnvironment env)
      throws java.io.IOException {
    super.init(source, options, env);
    semiring = semiring(options);
  }

  private static Semiring<?> semiring(Map<String, String> options) {
    String name = options.get(SEMIRING_OPTION);
    if (name == null) {
      throw new IllegalArgumentException(
          SemiringCombiner.class.getSimpleName()
              + ": option '"
              + SEMIRING_OPTION
              + "' is required");
    }
    return Semirings.forName(name);
  }

  @Override
  public Value reduce(Key key, Iterator<Value> values) {
    return new Value(fold(semiring, key, values));
  }

  private static <T> byte[] fold(Semiring<T> semiring, Key key, Iterator<Value> values) {
    T sum = null;
    while (values.hasNext()) {
      byte[] bytes = values.next().get();
      T v;
      try {
        v = semiring.decode(bytes);
      } catch (IllegalArgumentException e) {
        throw new BadValueException(
            "(combined table)",
            key.getRowData().toArray(),
            key.getColumnQualifierData().toArray(),
            bytes,
            semiring.name(),
            e);
      }
      sum = sum == null ? v : semiring.plus(sum, v);
    }
    return semiring.encode(sum);
  }

  @Override
  public IteratorOptions describeOptions() {
    IteratorOptions io = super.describeOptions();
    io.setName("semiringCombiner");
    io.setDescription(
        "combines values with a semiring's plus ("
            + Semirings.builtInNames()
            + " or a class name)");
    io.addNamedOption(SEMIRING_OPTION, "semiring name");
    return io;
  }

  @Override
  public boolean validateOptions(Map<String, String> options) {
    if (!super.validateOptions(options)) {
      return false;
    }
    semiring(options);
    IteratorOptionChecks.rejectUnknown(
        SemiringCombiner.class.getSimpleName(), describeOptions(), options);
    return true;
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    SemiringCombiner copy = (SemiringCombiner) super.deepCopy(env);
    copy.semiring = semiring;
    return copy;
  }
}
