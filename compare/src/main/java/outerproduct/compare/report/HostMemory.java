package outerproduct.compare.report;

import java.lang.management.ManagementFactory;

/**
 * The machine's physical memory, recorded beside its cores in every report (the record's host
 * field).
 */
public final class HostMemory {
  private HostMemory() {}

  public static double totalGb() {
    var os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    return Math.round(os.getTotalMemorySize() / (1024.0 * 1024 * 1024) * 10) / 10.0;
  }
}
