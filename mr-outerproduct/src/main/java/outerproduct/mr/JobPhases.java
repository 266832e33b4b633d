package outerproduct.mr;

import java.util.Arrays;
import org.apache.hadoop.mapreduce.TaskReport;

/**
 * Where one job's time went, in seconds. The client's clock marks submission, completion and the
 * bulk import; the ApplicationMaster's (the tasks' reports and the job's finish time) marks the
 * rest. On one machine that is one clock; on a real cluster, synchronised nodes' clocks.
 *
 * <ul>
 *   <li>{@code submit}: the client's submission (staging the job's files, the call to the
 *       ResourceManager).
 *   <li>{@code startup}: submitted to the first task started: the ApplicationMaster's container and
 *       JVM, its services, job set-up, task scheduling (and, without uber mode, the task's
 *       container).
 *   <li>{@code maps}: first map started to last map finished.
 *   <li>{@code reduces}: last map finished to last reduce finished: the reduce's final merge and
 *       its writes to C (its shuffle overlaps the maps when the reduce starts early).
 *   <li>{@code commit}: last task finished to the job finished (the job's commit).
 *   <li>{@code notice}: job finished to the client seeing it done (the client's status poll, which
 *       goes to the history server once the ApplicationMaster has unregistered).
 *   <li>{@code bulkImport}: the bulk import of the reducers' files; 0 for BatchWriter output.
 * </ul>
 *
 * A phase whose times were not reported (a task that never started) is NaN.
 */
public record JobPhases(
    double submit,
    double startup,
    double maps,
    double reduces,
    double commit,
    double notice,
    double bulkImport) {

  /**
   * The client's wall clock (ms) before and after submission, when it saw the job done, and after
   * the bulk import ({@code done} without one).
   */
  public record ClientTimes(long submitBegin, long submitted, long done, long imported) {}

  /**
   * @param jobFinished the job's finish time as its ApplicationMaster reported it (ms), 0 if
   *     unknown
   */
  static JobPhases of(
      ClientTimes client, TaskReport[] maps, TaskReport[] reduces, long jobFinished) {
    long firstStart = Math.min(first(maps), first(reduces));
    long mapsDone = last(maps);
    long tasksDone = Math.max(mapsDone, last(reduces));
    return new JobPhases(
        seconds(client.submitBegin(), client.submitted()),
        seconds(client.submitted(), firstStart),
        seconds(first(maps), mapsDone),
        reduces.length == 0 ? 0 : seconds(mapsDone, last(reduces)),
        commitSeconds(tasksDone, jobFinished),
        seconds(jobFinished, client.done()),
        seconds(client.done(), client.imported()));
  }

  /**
   * The commit phase, never below zero. The ApplicationMaster stamps an attempt finished when the
   * task reports done and again when its container is released, which can come after the job has
   * committed (Hadoop 3.3's TaskAttemptImpl: DeallocateContainerTransition), so the last task's
   * reported finish may trail the job's finish by some milliseconds (seen: 47 ms).
   */
  private static double commitSeconds(long tasksDone, long jobFinished) {
    double s = seconds(tasksDone, jobFinished);
    return s < 0 ? 0 : s;
  }

  /** Earliest start among the tasks whose start is known; Long.MAX_VALUE if none is. */
  private static long first(TaskReport[] tasks) {
    return Arrays.stream(tasks)
        .mapToLong(t -> t.getStartTime() > 0 ? t.getStartTime() : Long.MAX_VALUE)
        .min()
        .orElse(Long.MAX_VALUE);
  }

  /** Latest finish; 0 if there are none or one is unknown. */
  private static long last(TaskReport[] tasks) {
    return Arrays.stream(tasks).allMatch(t -> t.getFinishTime() > 0)
        ? Arrays.stream(tasks).mapToLong(TaskReport::getFinishTime).max().orElse(0)
        : 0;
  }

  private static double seconds(long from, long to) {
    return from <= 0 || from == Long.MAX_VALUE || to <= 0 || to == Long.MAX_VALUE
        ? Double.NaN
        : (to - from) / 1e3;
  }
}
