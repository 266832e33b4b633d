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
    assertEquals(List.of(Workload.WHOLE, Workload.QUEUED, Workload.CUED), sweep.workloads);
    assertEquals(
        Preset.CUED_SCALE, sweep.cuedScale, "a row's cost measured on the table auto is asked of");
  }

  @Test
  void workloadsAndACuedScaleGivenOnTheCommandLineWinOverThePresets() {
    SweepOptions sweep = new SweepOptions();
    sweep.workloads = List.of(Workload.WHOLE);
    sweep.cuedScale = 16;
    Preset.CALIBRATE.fillIn(sweep);
    assertEquals(List.of(Workload.WHOLE), sweep.workloads);
    assertEquals(16, sweep.cuedScale);
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
    assertEquals(List.of(Workload.WHOLE, Workload.QUEUED), sweep.workloads);
    assertEquals(Preset.CUED_SCALE, sweep.cuedScale);
  }
}
