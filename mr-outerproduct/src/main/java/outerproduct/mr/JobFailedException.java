package outerproduct.mr;

import java.io.IOException;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;

/**
 * The multiply's job failed; the message carries the job id, the first task's diagnostic and the
 * state C was left in.
 */
public final class JobFailedException extends IOException {
  private static final long serialVersionUID = 1L;

  private JobFailedException(String message) {
    super(message);
  }

  /**
   * @param resultState what became of C, appended to the message
   */
  static JobFailedException of(Job job, String resultState)
      throws IOException, InterruptedException {
    return new JobFailedException(describe(job) + "; " + resultState);
  }

  private static String describe(Job job) throws IOException, InterruptedException {
    // A job stopped at an input error (JobWait) is KILLED by the client; to the user it failed.
    StringBuilder message = new StringBuilder("job ").append(job.getJobID()).append(" FAILED");
    for (TaskCompletionEvent failed : JobResults.failedEvents(job)) {
      String[] diagnostics = job.getTaskDiagnostics(failed.getTaskAttemptId());
      if (diagnostics != null && diagnostics.length > 0) {
        message
            .append(": ")
            .append(failed.getTaskAttemptId())
            .append(": ")
            .append(firstLine(diagnostics[0]));
        return message.toString();
      }
    }
    String failureInfo = job.getStatus().getFailureInfo();
    if (failureInfo != null && !failureInfo.isBlank()) {
      message.append(": ").append(firstLine(failureInfo));
    }
    return message.toString();
  }

  private static String firstLine(String text) {
    int end = text.indexOf('\n');
    return end < 0 ? text : text.substring(0, end);
  }
}
