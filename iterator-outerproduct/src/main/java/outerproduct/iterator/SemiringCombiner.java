package outerproduct.iterator;

import java.util.Iterator;
import java.util.Map;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.Combiner;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.kernel.accumulo.IteratorOptionChecks;
import outerproduct.kernel.semiring.FailedSum;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * ⊕ of a semiring as a Combiner: the lazy sum of partial products in C. TableMult attaches it to C
 * at scan, minc and majc, on every column; a scope without it would let the VersioningIterator or a
 * compaction keep one partial product and drop the rest.
 *
 * <p>It never throws. A sum ⊕ cannot form (an overflow) or a value the semiring does not read
 * becomes a {@link FailedSum} naming the values, stored for that cell alone: a throwing combiner
 * would fail every scan and compaction of the tablet, leaving all of C unreadable. The multiply
 * that wrote C looks for failed sums before calling C complete, so none passes silently; a later
 * write that poisons a cell shows as {@code !failed: …} there.
 *
 * <p>Options: {@value #SEMIRING_OPTION} (required) and the Combiner's column options.
 */
public class SemiringCombiner extends Combiner {
  public static final String SEMIRING_OPTION = "semiring";

  private static final Logger log = LoggerFactory.getLogger(SemiringCombiner.class);

  private Semiring<?> semiring;
  private Key lastFailed;

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
    byte[] sum =
        FailedSum.fold(
            semiring,
            new Iterator<>() {
              @Override
              public boolean hasNext() {
                return values.hasNext();
              }

              @Override
              public byte[] next() {
                return values.next().get();
              }
            });
    if (FailedSum.is(sum)) {
      failed(key, sum);
    }
    return new Value(sum);
  }

  /** Logged once per cell and iterator stack: the failure's evidence where operators look. */
  private void failed(Key key, byte[] sum) {
    if (!key.equals(lastFailed)) {
      lastFailed = new Key(key);
      log.warn(
          "C's ⊕ failed at row '{}', column '{}': {}",
          key.getRow(),
          key.getColumnQualifier(),
          FailedSum.reason(sum));
    }
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
