package outerproduct.compare.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The machine's processor as Linux names it (model and clock), recorded beside its cores in every
 * report: machines of one kind differ by more than runs on one machine (the same SCALE 17 kernel
 * formed 1.50e8 products a second on one and 4.65e7 on another), so a reader needs to tell them
 * apart before setting two reports side by side.
 */
public final class HostCpu {
  private static final Path CPUINFO = Path.of("/proc/cpuinfo");

  private HostCpu() {}

  /** "model, MHz" of the first processor, empty where {@code /proc/cpuinfo} cannot be read. */
  public static Optional<String> describe() {
    try {
      return describe(Files.readAllLines(CPUINFO));
    } catch (IOException | SecurityException e) {
      return Optional.empty();
    }
  }

  /** As {@link #describe()}, from the lines of a {@code /proc/cpuinfo}. */
  static Optional<String> describe(List<String> cpuinfo) {
    String model = field(cpuinfo, "model name");
    if (model == null) {
      return Optional.empty();
    }
    String mhz = field(cpuinfo, "cpu MHz");
    try {
      return Optional.of(
          mhz == null ? model : model + ", " + Math.round(Double.parseDouble(mhz)) + " MHz");
    } catch (NumberFormatException notAClock) {
      return Optional.of(model);
    }
  }

  /** The first value of {@code name} in lines of {@code name : value}, or null. */
  private static String field(List<String> lines, String name) {
    for (String line : lines) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).trim().equals(name)) {
        return line.substring(colon + 1).trim();
      }
    }
    return null;
  }
}
