package outerproduct.iterator;

import java.io.IOException;
import java.util.Map;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.Filter;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import outerproduct.kernel.accumulo.IteratorOptionChecks;
import outerproduct.kernel.semiring.FailedSum;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * Drops entries whose value is the semiring's zero, after {@link SemiringCombiner} has summed them.
 * Safe at every scope, partial sums included: zero is the identity of ⊕, so removing a zero never
 * changes what the remaining entries sum to.
 *
 * <p>Options: {@value #SEMIRING_OPTION} (required) and the Filter's {@code negate}.
 */
public class ZeroFilter extends Filter {
  public static final String SEMIRING_OPTION = "semiring";

  private Semiring<?> semiring;

  public static IteratorSetting setting(int priority, String name, String semiring) {
    IteratorSetting setting = new IteratorSetting(priority, name, ZeroFilter.class);
    setting.addOption(SEMIRING_OPTION, semiring);
    return setting;
  }

  @Override
  public void init(
      SortedKeyValueIterator<Key, Value> source,
      Map<String, String> options,
      IteratorEnvironment env)
      throws IOException {
    super.init(source, options, env);
    semiring = Semirings.forName(required(options));
  }

  private static String required(Map<String, String> options) {
    String name = options.get(SEMIRING_OPTION);
    if (name == null) {
      throw new IllegalArgumentException(
          ZeroFilter.class.getSimpleName() + ": option '" + SEMIRING_OPTION + "' is required");
    }
    return name;
  }

  @Override
  public boolean accept(Key key, Value value) {
    return !isZero(semiring, value.get());
  }

  /** A failed sum is kept: it is the only trace of the failure. */
  private static <T> boolean isZero(Semiring<T> semiring, byte[] value) {
    return !FailedSum.is(value) && semiring.isZero(semiring.decode(value));
  }

  @Override
  public IteratorOptions describeOptions() {
    IteratorOptions io = super.describeOptions();
    io.setName("zeroFilter");
    io.setDescription("drops entries equal to the semiring's zero");
    io.addNamedOption(SEMIRING_OPTION, "semiring name");
    return io;
  }

  @Override
  public boolean validateOptions(Map<String, String> options) {
    super.validateOptions(options);
    Semirings.forName(required(options));
    IteratorOptionChecks.rejectUnknown(
        ZeroFilter.class.getSimpleName(), describeOptions(), options);
    return true;
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    ZeroFilter copy = (ZeroFilter) super.deepCopy(env);
    copy.semiring = semiring;
    return copy;
  }
}
