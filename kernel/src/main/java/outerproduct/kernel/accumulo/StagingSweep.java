package outerproduct.kernel.accumulo;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.AccessControlException;

/**
 * Staging directories a multiply left behind when its client was killed (bulk output's sorted
 * files, the MapReduce engine's private job directory): each names the instance and the result
 * table it writes, in a file written right after C was claimed, and is removed once no multiply
 * holds a live lease on that table ({@link ResultLease}): the one that made it ended, or stopped.
 * Directories of another Accumulo instance (a user's home shared by clients of several instances)
 * are left to that instance's clients. A directory without the name (its client stopped between
 * creating and naming it) is removed after {@value #UNNAMED_DAYS} days. Directories this user may
 * not delete are left to their owner.
 */
public final class StagingSweep {
  /**
   * Bulk output's staging directories: {@code <home>/.outerproduct/bulk-<id>} on the instance's
   * first volume's file system, or {@code bulk-<id>} in the directory a multiply names.
   */
  public static final String BULK_PREFIX = "bulk-";

  /** The MapReduce engine's job directories: {@code <home>/.outerproduct/job-<id>}. */
  public static final String JOB_PREFIX = "job-";

  static final String OWNER = "result-table";
  static final int UNNAMED_DAYS = 7;

  private StagingSweep() {}

  /** Where a user's private directories live on {@code fs}: {@code <home>/.outerproduct}. */
  public static Path userDirectory(FileSystem fs) {
    return new Path(fs.getHomeDirectory(), ".outerproduct");
  }

  /** Records in {@code dir} that it belongs to the multiply writing {@code table}. */
  public static void name(AccumuloClient client, FileSystem fs, Path dir, String table)
      throws IOException {
    String owner = client.instanceOperations().getInstanceId().canonical() + "\n" + table;
    try (FSDataOutputStream out = fs.create(new Path(dir, OWNER), true)) {
      out.write(owner.getBytes(StandardCharsets.UTF_8));
    }
  }

  /**
   * Removes the directories under {@code root} whose names start with {@code prefix} and whose
   * multiply no longer runs.
   *
   * @return the directories removed
   */
  public static List<Path> sweep(AccumuloClient client, FileSystem fs, Path root, String prefix)
      throws IOException {
    List<Path> removed = new ArrayList<>();
    FileStatus[] children;
    try {
      children = fs.listStatus(root);
    } catch (FileNotFoundException | AccessControlException e) {
      return removed;
    }
    for (FileStatus child : children) {
      if (child.isDirectory()
          && child.getPath().getName().startsWith(prefix)
          && stopped(client, fs, child)) {
        try {
          if (fs.delete(child.getPath(), true)) {
            removed.add(child.getPath());
          }
        } catch (IOException e) {
          // another user's (AccessControlException), or gone meanwhile: not this sweep's to fail on
        }
      }
    }
    return removed;
  }

  private static boolean stopped(AccumuloClient client, FileSystem fs, FileStatus dir)
      throws IOException {
    String[] owner;
    try (FSDataInputStream in = fs.open(new Path(dir.getPath(), OWNER))) {
      owner = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n", 2);
    } catch (FileNotFoundException | AccessControlException e) {
      long age = System.currentTimeMillis() - dir.getModificationTime();
      return age > Duration.ofDays(UNNAMED_DAYS).toMillis();
    }
    if (owner.length != 2
        || !owner[0].equals(client.instanceOperations().getInstanceId().canonical())) {
      return false; // another instance's: only its clients can tell whether it still runs
    }
    String table = owner[1].trim();
    try {
      return !client.tableOperations().exists(table)
          || !ResultLease.live(ResultState.state(client, table));
    } catch (TableNotFoundException e) {
      return true;
    } catch (AccumuloException | RuntimeException e) {
      return false; // unknown: kept until a sweep can tell
    }
  }
}
