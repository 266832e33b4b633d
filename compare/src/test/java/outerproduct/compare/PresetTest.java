package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What each preset fills in, and that the command line wins over it. */
class PresetTest {

  @Test
  void calibrateReachesScale14ForWholeTablesAndQueuesAtScale13() {
    SweepOptions sweep = new SweepOptions();
    Preset.CALIBRATE.fillIn(sweep);
    assertEquals(List.of(10, 12, 13, 14), sweep.scales);
    assertEquals(13, sweep.queuedAt());
    assertEquals(List.of(1, 64, 1024), sweep.queuedRows);
    assertEquals(5, sweep.warmup, "its first SCALE's points are measured on warm servers");
  }

  @Test
  void aWarmupGivenOnTheCommandLineWinsOverThePresets() {
    SweepOptions sweep = new SweepOptions();
    sweep.warmup = 0;
    Preset.CALIBRATE.fillIn(sweep);
    assertEquals(0, sweep.warmup);
  }

  @Test
  void scalesGivenOnTheCommandLineQueueAtTheirLargest() {
    SweepOptions sweep = new SweepOptions();
    sweep.scales = List.of(10, 12);
    Preset.CALIBRATE.fillIn(sweep);
    assertEquals(12, sweep.queuedAt());
  }

  @Test
  void theQuickPresetQueuesAtItsOneScale() {
    SweepOptions sweep = new SweepOptions();
    Preset.QUICK.fillIn(sweep);
    assertEquals(List.of(11), sweep.scales);
    assertEquals(11, sweep.queuedAt());
    assertEquals(1, sweep.warmup);
  }
}
