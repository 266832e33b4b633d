package outerproduct.mr;

import java.io.IOException;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;

/** Bulk output's last step: the RFiles a finished job's reducers wrote, imported into C once. */
final class ReducerFiles {
  private ReducerFiles() {}

  /**
   * Imports the reducers' RFiles into C. A reducer that received no cell writes no file, so a
   * request whose rows share nothing leaves none, and C stays empty: Accumulo refuses to import an
   * empty directory. Files missing although the reducers counted entries fail the multiply.
   */
  static void importInto(AccumuloClient client, String c, Job job, FileSystem fs, Path dir)
      throws IOException,
          InterruptedException,
          AccumuloException,
          AccumuloSecurityException,
          TableNotFoundException {
    int rfiles = 0;
    FileStatus[] files = fs.exists(dir) ? fs.listStatus(dir) : new FileStatus[0];
    for (FileStatus file : files) {
      if (file.getPath().getName().endsWith(".rf")) {
        rfiles++;
      } else {
        fs.delete(file.getPath(), true);
      }
    }
    long written = job.getCounters().findCounter(OuterProductCounter.ENTRIES_WRITTEN).getValue();
    if (rfiles == 0 && written > 0) {
      throw new IllegalStateException(
          "job "
              + job.getJobID()
              + " wrote "
              + written
              + " entries of C but "
              + dir
              + " holds none");
    }
    if (rfiles > 0) {
      client.tableOperations().importDirectory(dir.toString()).to(c).tableTime(true).load();
    }
  }
}
