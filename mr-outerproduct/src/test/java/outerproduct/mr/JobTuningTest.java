package outerproduct.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.Test;

/** The engine's tuning replaces Hadoop's defaults only, never a value someone configured. */
class JobTuningTest {

  @Test
  void hadoopsDefaultIsReplaced() {
    JobConf conf = new JobConf();
    assertEquals("0.0", conf.get(MRJobConfig.REDUCE_INPUT_BUFFER_PERCENT), "mapred-default.xml");
    assertEquals("10", conf.get(MRJobConfig.IO_SORT_FACTOR), "mapred-default.xml");
    JobSetup.tuning(conf);
    assertEquals(
        JobSetup.REDUCE_INPUT_BUFFER_PERCENT, conf.get(MRJobConfig.REDUCE_INPUT_BUFFER_PERCENT));
    assertEquals(JobSetup.IO_SORT_FACTOR, conf.get(MRJobConfig.IO_SORT_FACTOR));
  }

  @Test
  void aConfiguredValueWins() {
    JobConf conf = new JobConf();
    conf.set(MRJobConfig.REDUCE_INPUT_BUFFER_PERCENT, "0.2");
    conf.set(MRJobConfig.IO_SORT_FACTOR, "10");
    JobSetup.tuning(conf);
    assertEquals("0.2", conf.get(MRJobConfig.REDUCE_INPUT_BUFFER_PERCENT));
    assertEquals("10", conf.get(MRJobConfig.IO_SORT_FACTOR), "set by the caller, though Hadoop's");
  }
}
