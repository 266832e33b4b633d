package outerproduct.mr;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.TaskCounter;
import outerproduct.kernel.accumulo.ColumnFamilyException;
import outerproduct.kernel.product.Cancellation;
import outerproduct.kernel.product.MultiplyCancelledException;
import outerproduct.kernel.semiring.BadValueException;

/**
 * Waits for a submitted job, stopping it at the first task attempt that failed on the input itself:
 * a value the semiring cannot read, an entry with a column family, a sum that overflows. Those fail
 * every retry alike, and YARN would run the task three more times (a container each, seconds
 * apiece) before failing the job; any other failure (a lost node, a killed container) is left to
 * YARN's retries.
 */
final class JobWait {
  /** What a task's diagnostic names when the input, not the cluster, failed it. */
  static final List<String> INPUT_ERRORS =
      List.of(
          BadValueException.class.getName(),
          ColumnFamilyException.class.getName(),
          ArithmeticException.class.getName());

  private static final System.Logger log = System.getLogger(JobWait.class.getName());

  private JobWait() {}

  /**
   * @return whether the job succeeded (false: failed, or killed here after an input error)
   * @throws MultiplyCancelledException once the job is killed after {@code cancellation}'s cancel
   */
  static boolean until(Job job, Cancellation cancellation)
      throws IOException, InterruptedException {
    int seen = 0;
    StallWatch stall = new StallWatch();
    while (!job.isComplete()) {
      Thread.sleep(JobSetup.COMPLETION_POLL_MILLIS);
      if (cancellation.requested()) {
        kill(job);
        throw new MultiplyCancelledException("job " + job.getJobID() + " killed");
      }
      warnIfStalled(job, stall);
      TaskCompletionEvent[] events = job.getTaskCompletionEvents(seen, 100);
      seen += events.length;
      for (TaskCompletionEvent e : events) {
        if (e.getStatus() != TaskCompletionEvent.Status.SUCCEEDED && inputError(job, e)) {
          kill(job);
          return false;
        }
      }
    }
    return job.isSuccessful();
  }

  /** Logs {@link StallWatch}'s warning once the job has not moved for its quiet time. */
  private static void warnIfStalled(Job job, StallWatch stall)
      throws IOException, InterruptedException {
    long now = System.currentTimeMillis();
    if (!stall.due(now)) {
      return;
    }
    JobStatus status = job.getStatus();
    float progress =
        status.getSetupProgress()
            + status.getMapProgress()
            + status.getReduceProgress()
            + status.getCleanupProgress();
    Counters counters = job.getCounters();
    long cpu = counters == null ? 0 : counters.findCounter(TaskCounter.CPU_MILLISECONDS).getValue();
    if (stall.stalled(new StallWatch.Done(progress, cpu), now)) {
      log.log(
          System.Logger.Level.WARNING,
          StallWatch.message(
              job.getJobID().toString(),
              StallWatch.QUIET_MILLIS,
              StallWatch.nodes(job.getConfiguration())));
    }
  }

  /** Kills the job and waits until YARN says it is over: its containers are gone then. */
  static void kill(Job job) throws IOException, InterruptedException {
    job.killJob();
    while (!job.isComplete()) {
      Thread.sleep(JobSetup.COMPLETION_POLL_MILLIS);
    }
  }

  private static boolean inputError(Job job, TaskCompletionEvent event)
      throws IOException, InterruptedException {
    String[] diagnostics = job.getTaskDiagnostics(event.getTaskAttemptId());
    if (diagnostics == null) {
      return false;
    }
    for (String diagnostic : diagnostics) {
      for (String error : INPUT_ERRORS) {
        if (diagnostic.contains(error)) {
          return true;
        }
      }
    }
    return false;
  }
}
