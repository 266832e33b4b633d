package outerproduct.mr;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;

/**
 * Says once, in one line, that a job has not moved for {@link #QUIET_MILLIS} (neither its progress
 * nor its tasks' processor time, {@link Done}), and what YARN reports of its NodeManagers then. A
 * job that gets no containers waits as long as YARN lets it (as {@code waitForCompletion} does),
 * and on a small cluster the usual cause is a NodeManager whose disk health check took its local
 * directories out: past {@code
 * yarn.nodemanager.disk-health-checker.max-disk-utilization-per-disk-percentage} (90% by default) a
 * NodeManager turns unhealthy and runs nothing, which a whole-table job's own map output can cause
 * (docs/mr-engine.md, local disk on large jobs). The multiply keeps waiting: a stall can end
 * (another job frees containers, a disk is cleaned), and a cancel still stops it.
 */
final class StallWatch {
  /** No progress for this long, and the job is said to be stalled. */
  static final long QUIET_MILLIS = 120_000;

  /** How often the job's progress is asked for (one call to its ApplicationMaster). */
  static final long CHECK_MILLIS = 10_000;

  /**
   * How far a job is, as its ApplicationMaster reports it: the phases' progress (setup, maps,
   * reduces, cleanup summed) and its tasks' processor time so far. Progress alone does not say: a
   * map reading a range open at one end (the first and last of a table's) reports 0 until it ends
   * (Accumulo's input splits measure progress between a range's two keys), so a whole-table job on
   * a cluster of one or two tablet servers can report none for minutes while its maps work.
   */
  record Done(float progress, long taskCpuMillis) {}

  private Done done;
  private long since;
  private long lastCheck = Long.MIN_VALUE;
  private boolean warned;

  /** Whether it is time to ask for the job's progress again. */
  boolean due(long nowMillis) {
    if (lastCheck != Long.MIN_VALUE && nowMillis - lastCheck < CHECK_MILLIS) {
      return false;
    }
    lastCheck = nowMillis;
    return true;
  }

  /**
   * Records how far the job is at {@code nowMillis}.
   *
   * @return true once, when neither its progress nor its tasks' processor time has moved for {@link
   *     #QUIET_MILLIS}; again only after one moved
   */
  boolean stalled(Done doneNow, long nowMillis) {
    if (!doneNow.equals(done)) {
      done = doneNow;
      since = nowMillis;
      warned = false;
      return false;
    }
    if (!warned && nowMillis - since >= QUIET_MILLIS) {
      warned = true;
      return true;
    }
    return false;
  }

  /** The warning's line: the job, how long it has not moved, and {@code nodes}. */
  static String message(String jobId, long quietMillis, String nodes) {
    return String.format(
        Locale.ROOT, "job %s: no progress for %d s; %s", jobId, quietMillis / 1000, nodes);
  }

  /** What {@code notRunning}, YARN's NodeManagers that run no containers, says of them. */
  static String describe(List<NodeReport> notRunning) {
    if (notRunning.isEmpty()) {
      return "YARN reports every NodeManager running: the job may be waiting for containers that"
          + " other applications hold";
    }
    return "YARN reports "
        + notRunning.size()
        + " NodeManager(s) not running containers: "
        + notRunning.stream()
            .map(
                n ->
                    n.getNodeId()
                        + " "
                        + n.getNodeState()
                        + (n.getHealthReport() == null || n.getHealthReport().isBlank()
                            ? ""
                            : " (" + n.getHealthReport().strip().replace('\n', ' ') + ")"))
            .collect(Collectors.joining("; "));
  }

  /**
   * {@link #describe} of the NodeManagers that are unhealthy, lost or leaving, as the
   * ResourceManager of {@code conf} reports them, or why they could not be listed.
   */
  static String nodes(Configuration conf) {
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(conf);
      yarn.start();
      return describe(
          yarn.getNodeReports(
              NodeState.UNHEALTHY, NodeState.LOST, NodeState.DECOMMISSIONING, NodeState.SHUTDOWN));
    } catch (Exception e) {
      return "YARN's NodeManagers could not be listed: " + e;
    }
  }
}
