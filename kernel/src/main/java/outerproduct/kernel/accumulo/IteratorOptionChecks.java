package outerproduct.kernel.accumulo;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.accumulo.core.iterators.OptionDescriber.IteratorOptions;

/**
 * Option checks shared by the project's iterators (both engines' tablet-server code): unknown and
 * missing options are errors, and every message names the iterator, the option and the value.
 */
public final class IteratorOptionChecks {
  private IteratorOptionChecks() {}

  /**
   * @throws IllegalArgumentException naming an unknown option of {@code iterator}, or a missing
   *     required one
   */
  public static void check(
      String iterator,
      IteratorOptions described,
      Map<String, String> options,
      Set<String> required) {
    rejectUnknown(iterator, described, options);
    for (String name : required) {
      String value = options.get(name);
      if (value == null || value.isEmpty()) {
        throw new IllegalArgumentException(iterator + ": option '" + name + "' is required");
      }
    }
  }

  /**
   * @throws IllegalArgumentException naming the first option {@code described} does not list
   */
  public static void rejectUnknown(
      String iterator, IteratorOptions described, Map<String, String> options) {
    Set<String> known = described.getNamedOptions().keySet();
    for (String name : options.keySet()) {
      if (!known.contains(name)) {
        throw new IllegalArgumentException(
            iterator + ": unknown option '" + name + "'; known: " + new TreeSet<>(known));
      }
    }
  }

  public static long positiveLong(
      String iterator, Map<String, String> options, String name, long dflt) {
    String value = options.get(name);
    if (value == null) {
      return dflt;
    }
    try {
      long v = Long.parseLong(value);
      if (v >= 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        iterator + ": option '" + name + "' must be a non-negative integer, got '" + value + "'");
  }
}
