package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Busy processor time from /proc/stat's first line: idle and iowait left out. */
class MachineCpuTest {

  @Test
  void busyTimeSumsAllButIdleAndIowait() {
    // user nice system idle iowait irq softirq steal guest guest_nice
    assertEquals(
        (100 + 2 + 30 + 4 + 5 + 6) / 100.0,
        MachineCpu.parse("cpu  100 2 30 9999 777 4 5 6 0 0").getAsDouble(),
        1e-9);
  }

  @Test
  void aLineOfAnotherKindGivesNothing() {
    assertTrue(MachineCpu.parse("cpu0 1 2 3 4 5 6 7 8").isEmpty());
    assertTrue(MachineCpu.parse("intr 1 2").isEmpty());
  }
}
