package outerproduct.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalDouble;

/**
 * The processor time the whole machine has spent busy (user, nice, system, interrupts, steal) since
 * boot, from the first line of Linux's {@code /proc/stat}. Read before and after a multiply, the
 * difference is what every process of the run used: tablet servers, YARN containers, this client
 * (the harness's own waiting is near nothing), and anything else running, which a benchmark keeps
 * to nothing. It is how the reports compare engines whose work runs in different processes.
 */
final class MachineCpu {
  private static final Path STAT = Path.of("/proc/stat");

  /**
   * Linux reports {@code /proc/stat} in USER_HZ ticks, 100 a second on every supported platform.
   */
  private static final double TICKS_PER_SECOND = 100;

  private MachineCpu() {}

  /** Busy processor seconds since boot; empty where {@code /proc/stat} cannot be read. */
  static OptionalDouble busySeconds() {
    try {
      return parse(Files.readAllLines(STAT).get(0));
    } catch (IOException | RuntimeException e) {
      return OptionalDouble.empty();
    }
  }

  /** Busy processor seconds since {@code before} was read; empty if either cannot be read. */
  static OptionalDouble since(OptionalDouble before) {
    OptionalDouble now = busySeconds();
    return before.isPresent() && now.isPresent()
        ? OptionalDouble.of(now.getAsDouble() - before.getAsDouble())
        : OptionalDouble.empty();
  }

  /** {@code cpu user nice system idle iowait irq softirq steal ...}: all but idle and iowait. */
  static OptionalDouble parse(String line) {
    String[] f = line.trim().split("\\s+");
    if (f.length < 9 || !f[0].equals("cpu")) {
      return OptionalDouble.empty();
    }
    long busy = 0;
    for (int n : new int[] {1, 2, 3, 6, 7, 8}) {
      busy += Long.parseLong(f[n]);
    }
    return OptionalDouble.of(busy / TICKS_PER_SECOND);
  }
}
