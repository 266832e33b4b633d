package outerproduct.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The processor a report names: the first processor's model and clock. */
class HostCpuTest {
  @Test
  void modelAndClockOfTheFirstProcessor() {
    List<String> cpuinfo =
        List.of(
            "processor\t: 0",
            "model name\t: AMD EPYC",
            "cpu MHz\t\t: 1996.249",
            "",
            "processor\t: 1",
            "model name\t: AMD EPYC",
            "cpu MHz\t\t: 2100.000");
    assertEquals(Optional.of("AMD EPYC, 1996 MHz"), HostCpu.describe(cpuinfo));
  }

  @Test
  void aModelWithoutClockOrNoModelAtAll() {
    assertEquals(Optional.of("Some CPU"), HostCpu.describe(List.of("model name : Some CPU")));
    assertEquals(
        Optional.of("Some CPU"),
        HostCpu.describe(List.of("model name : Some CPU", "cpu MHz : unknown")));
    assertEquals(Optional.empty(), HostCpu.describe(List.of("processor : 0")));
  }
}
