package outerproduct.iterator;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a multiply's time went on the client: each {@link #lap} ends the named phase that began at
 * the previous lap (or at construction). A phase lapped twice (one per result table) adds up.
 */
final class PhaseClock {
  private final Map<String, Double> seconds = new LinkedHashMap<>();
  private long last = System.nanoTime();

  void lap(String phase) {
    long now = System.nanoTime();
    seconds.merge(phase, (now - last) / 1e9, Double::sum);
    last = now;
  }

  /** The phases in the order they first ended, in seconds. */
  Map<String, Double> seconds() {
    return Collections.unmodifiableMap(new LinkedHashMap<>(seconds));
  }
}
