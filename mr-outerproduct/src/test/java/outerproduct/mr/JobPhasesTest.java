package outerproduct.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.mapred.TIPStatus;
import org.apache.hadoop.mapred.TaskID;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;
import org.junit.jupiter.api.Test;

class JobPhasesTest {
  private static final double EPS = 1e-9;

  private static TaskReport task(TaskType type, int id, long start, long finish) {
    return new TaskReport(
        new TaskID("1", 1, type, id),
        1f,
        "done",
        new String[0],
        TIPStatus.COMPLETE,
        start,
        finish,
        new Counters());
  }

  @Test
  void phasesSplitTheJobAtItsTasksTimes() {
    TaskReport[] maps = {
      task(TaskType.MAP, 0, 13_000, 15_500), task(TaskType.MAP, 1, 12_000, 16_000)
    };
    TaskReport[] reduces = {task(TaskType.REDUCE, 0, 15_000, 19_000)};

    JobPhases p =
        JobPhases.of(
            new JobPhases.ClientTimes(10_000, 10_800, 19_600, 19_600), maps, reduces, 19_100);

    assertEquals(0.8, p.submit(), EPS);
    assertEquals(1.2, p.startup(), EPS, "submitted to the first map's start");
    assertEquals(4.0, p.maps(), EPS, "first map start to last map finish");
    assertEquals(3.0, p.reduces(), EPS, "last map finish to last reduce finish");
    assertEquals(0.1, p.commit(), EPS, "last task finish to job finish");
    assertEquals(0.5, p.notice(), EPS, "job finish to the client's done");
    assertEquals(0.0, p.bulkImport(), EPS);
    assertEquals(
        9.6,
        p.submit() + p.startup() + p.maps() + p.reduces() + p.commit() + p.notice(),
        EPS,
        "the phases add up to submit-to-done");
  }

  @Test
  void bulkImportIsTimedAfterTheJob() {
    TaskReport[] maps = {task(TaskType.MAP, 0, 2_000, 3_000)};
    TaskReport[] reduces = {task(TaskType.REDUCE, 0, 3_000, 4_000)};

    JobPhases p =
        JobPhases.of(new JobPhases.ClientTimes(1_000, 1_500, 4_500, 6_000), maps, reduces, 4_200);

    assertEquals(1.5, p.bulkImport(), EPS);
    assertEquals(0.3, p.notice(), EPS);
  }

  @Test
  void aTaskWithoutReportedTimesLeavesItsPhasesUnknown() {
    TaskReport[] maps = {task(TaskType.MAP, 0, 2_000, 3_000), task(TaskType.MAP, 1, 0, 0)};
    TaskReport[] reduces = {task(TaskType.REDUCE, 0, 3_000, 4_000)};

    JobPhases p =
        JobPhases.of(new JobPhases.ClientTimes(1_000, 1_500, 4_500, 4_500), maps, reduces, 0);

    assertEquals(0.5, p.startup(), EPS, "the first start is still known");
    assertTrue(Double.isNaN(p.maps()), "maps: " + p.maps());
    assertTrue(Double.isNaN(p.reduces()), "reduces: " + p.reduces());
    assertTrue(Double.isNaN(p.commit()), "commit without the job's finish time: " + p.commit());
    assertTrue(Double.isNaN(p.notice()), "notice without the job's finish time: " + p.notice());
  }

  /** The AM re-stamps a reduce finished when its container goes, which can be after the commit. */
  @Test
  void aTaskStampedFinishedAfterTheJobLeavesNoNegativeCommit() {
    TaskReport[] maps = {task(TaskType.MAP, 0, 2_000, 3_000)};
    TaskReport[] reduces = {task(TaskType.REDUCE, 0, 3_000, 4_047)};

    JobPhases p =
        JobPhases.of(new JobPhases.ClientTimes(1_000, 1_500, 4_500, 4_500), maps, reduces, 4_000);

    assertEquals(0.0, p.commit(), EPS);
    assertEquals(1.047, p.reduces(), EPS, "the reduces keep the reported finish");
  }
}
