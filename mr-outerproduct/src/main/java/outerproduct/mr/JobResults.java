package outerproduct.mr;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.FileSystemCounter;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;

/**
 * What a finished job reports, read from its ApplicationMaster or the history server: counters,
 * task reports and failed attempts.
 */
final class JobResults {
  private JobResults() {}

  /** The job's counters and phases as a {@link MapReduceMultiply.Result}. */
  static MapReduceMultiply.Result read(Job job, JobPhases.ClientTimes clientTimes, double seconds)
      throws IOException, InterruptedException {
    TaskReport[] maps = job.getTaskReports(TaskType.MAP);
    TaskReport[] reduces = job.getTaskReports(TaskType.REDUCE);
    JobPhases phases = JobPhases.of(clientTimes, maps, reduces, job.getStatus().getFinishTime());
    Counters counters = job.getCounters();
    return new MapReduceMultiply.Result(
        job.getJobID().toString(),
        counters.findCounter(OuterProductCounter.ROWS_ALIGNED).getValue(),
        counters.findCounter(OuterProductCounter.PARTIAL_PRODUCTS).getValue(),
        counters.findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue(),
        counters.findCounter(OuterProductCounter.COMBINER_IN).getValue(),
        counters.findCounter(OuterProductCounter.COMBINER_OUT).getValue(),
        counters.findCounter(OuterProductCounter.ENTRIES_WRITTEN).getValue(),
        maps.length,
        reduces.length,
        sum(counters, JobCounter.TOTAL_LAUNCHED_MAPS, JobCounter.TOTAL_LAUNCHED_REDUCES),
        sum(counters, JobCounter.NUM_FAILED_MAPS, JobCounter.NUM_FAILED_REDUCES),
        job.isUber(),
        new MapReduceMultiply.TaskMemory(
            counters.findCounter(TaskCounter.MAP_PHYSICAL_MEMORY_BYTES_MAX).getValue(),
            counters.findCounter(TaskCounter.REDUCE_PHYSICAL_MEMORY_BYTES_MAX).getValue()),
        traffic(counters),
        phases,
        seconds);
  }

  private static JobTraffic traffic(Counters counters) {
    return new JobTraffic(
        counters.findCounter(TaskCounter.MAP_OUTPUT_BYTES).getValue(),
        counters.findCounter(TaskCounter.MAP_OUTPUT_MATERIALIZED_BYTES).getValue(),
        counters.findCounter(TaskCounter.REDUCE_SHUFFLE_BYTES).getValue(),
        counters.findCounter(TaskCounter.SPILLED_RECORDS).getValue(),
        counters.findCounter("file", FileSystemCounter.BYTES_WRITTEN).getValue(),
        counters.findCounter("file", FileSystemCounter.BYTES_READ).getValue(),
        counters.findCounter("hdfs", FileSystemCounter.BYTES_WRITTEN).getValue(),
        counters.findCounter("hdfs", FileSystemCounter.BYTES_READ).getValue());
  }

  private static long sum(Counters counters, JobCounter first, JobCounter second) {
    return counters.findCounter(first).getValue() + counters.findCounter(second).getValue();
  }

  /** Every failed task attempt, the last allowed attempt of a task included. */
  static TaskCompletionEvent[] failedEvents(Job job) throws IOException, InterruptedException {
    List<TaskCompletionEvent> failed = new ArrayList<>();
    int from = 0;
    TaskCompletionEvent[] events;
    do {
      events = job.getTaskCompletionEvents(from, 100);
      for (TaskCompletionEvent e : events) {
        // The last allowed attempt of a task is reported as TIPFAILED, not FAILED.
        if (e.getStatus() == TaskCompletionEvent.Status.FAILED
            || e.getStatus() == TaskCompletionEvent.Status.TIPFAILED) {
          failed.add(e);
        }
      }
      from += events.length;
    } while (events.length > 0);
    return failed.toArray(TaskCompletionEvent[]::new);
  }
}
