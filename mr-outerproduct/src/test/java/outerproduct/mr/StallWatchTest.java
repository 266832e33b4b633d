package outerproduct.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.Resource;
import org.junit.jupiter.api.Test;

class StallWatchTest {
  private static final long QUIET = StallWatch.QUIET_MILLIS;

  @Test
  void warnsOnceAfterTheQuietTimeAndAgainOnlyAfterProgress() {
    StallWatch watch = new StallWatch();
    assertFalse(watch.stalled(done(0.5f, 10), 0));
    assertFalse(watch.stalled(done(0.5f, 10), QUIET - 1));
    assertTrue(watch.stalled(done(0.5f, 10), QUIET));
    assertFalse(watch.stalled(done(0.5f, 10), 2 * QUIET), "said once");
    assertFalse(watch.stalled(done(0.6f, 10), 2 * QUIET + 1), "moved");
    assertFalse(watch.stalled(done(0.6f, 10), 3 * QUIET));
    assertTrue(watch.stalled(done(0.6f, 10), 3 * QUIET + 1));
  }

  /**
   * Maps over a range open at one end report no progress until they end; their work still shows.
   */
  @Test
  void tasksThatUseTheProcessorAreNotStalledWhateverTheirProgressSays() {
    StallWatch watch = new StallWatch();
    assertFalse(watch.stalled(done(0.05f, 1_000), 0));
    assertFalse(watch.stalled(done(0.05f, 90_000), QUIET / 2));
    assertFalse(watch.stalled(done(0.05f, 180_000), QUIET + 1), "processor time moved");
    assertFalse(watch.stalled(done(0.05f, 180_000), QUIET + QUIET / 2));
    assertTrue(watch.stalled(done(0.05f, 180_000), 2 * QUIET + 1), "nothing moved since");
  }

  private static StallWatch.Done done(float progress, long cpuMillis) {
    return new StallWatch.Done(progress, cpuMillis);
  }

  @Test
  void asksForProgressEveryCheckInterval() {
    StallWatch watch = new StallWatch();
    assertTrue(watch.due(1_000));
    assertFalse(watch.due(1_000 + StallWatch.CHECK_MILLIS - 1));
    assertTrue(watch.due(1_000 + StallWatch.CHECK_MILLIS));
  }

  @Test
  void namesEachNodeManagerThatRunsNothingWithItsHealthReport() {
    NodeReport unhealthy =
        NodeReport.newInstance(
            NodeId.newInstance("worker1", 8041),
            NodeState.UNHEALTHY,
            "worker1:8042",
            "/default-rack",
            Resource.newInstance(0, 0),
            Resource.newInstance(8192, 8),
            0,
            "1/1 local-dirs usable space is below configured utilization percentage\n",
            0L);
    assertEquals(
        "job job_1_0001: no progress for 120 s; YARN reports 1 NodeManager(s) not running"
            + " containers: worker1:8041 UNHEALTHY (1/1 local-dirs usable space is below configured"
            + " utilization percentage)",
        StallWatch.message("job_1_0001", QUIET, StallWatch.describe(List.of(unhealthy))));
    assertTrue(StallWatch.describe(List.of()).startsWith("YARN reports every NodeManager running"));
  }
}
