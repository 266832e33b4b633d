package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.PrivilegedExceptionAction;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import outerproduct.internals.SortedFileWriter;
import outerproduct.kernel.accumulo.PrivateFiles;
import outerproduct.kernel.accumulo.StagingSweep;
import outerproduct.kernel.product.SortedWindow;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * What the engines hand the tablet servers on HDFS with permissions on and three users: the caller
 * ({@code alice}), the tablet servers ({@code accumulo}, owner of the instance's volume) and anyone
 * else ({@code mallory}). A real NameNode (MiniDFSCluster) checks every call, made as each user.
 * The servers read the caller's credential file, write staged files into bulk output's staging
 * directory and move them (and a job's reducer files) into a table's directory, as Accumulo's bulk
 * import does; the caller moves the servers' files and removes everything after; mallory can do
 * none of it.
 */
class ServerFileAccessIT {
  private static final String SERVERS = "accumulo";
  private static MiniDFSCluster dfs;

  @BeforeAll
  static void startHdfs() throws Exception {
    Configuration conf = new Configuration();
    conf.set(
        MiniDFSCluster.HDFS_MINIDFS_BASEDIR,
        Files.createTempDirectory(java.nio.file.Path.of("target"), "minidfs-").toString());
    dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    FileSystem admin = dfs.getFileSystem(); // this JVM's user: HDFS's superuser
    for (String user : new String[] {"alice", "mallory"}) {
      Path home = new Path("/user/" + user);
      admin.mkdirs(home, new FsPermission((short) 0755));
      admin.setOwner(home, user, null);
    }
    admin.mkdirs(new Path("/accumulo/tables/1"));
    admin.setOwner(new Path("/accumulo"), SERVERS, null);
    admin.setOwner(new Path("/accumulo/tables"), SERVERS, null);
    admin.setOwner(new Path("/accumulo/tables/1"), SERVERS, null);
  }

  @AfterAll
  static void stopHdfs() {
    if (dfs != null) {
      dfs.shutdown(true);
    }
  }

  @Test
  void tabletServersWriteAndMoveStagedFilesAndNobodyElseGetsIn() throws Exception {
    Path staging =
        as("alice", fs -> PrivateFiles.importDirectory(fs, StagingSweep.BULK_PREFIX, SERVERS));
    Path committed = new Path(staging, "committed");
    as("alice", fs -> fs.mkdirs(committed));
    // a tablet server commits a stretch: its own directory and file in the caller's staging
    Path stretch = new Path(committed, "stretch-1");
    as("accumulo", fs -> write(fs, new Path(stretch, "c.rf"), "cells"));
    // the client gathers the stretches' files into the directory it imports
    Path imported = new Path(staging, "import-c");
    as("alice", fs -> fs.mkdirs(imported) && fs.rename(new Path(stretch, "c.rf"), imported));
    // Accumulo's manager moves them into the table, and a tablet server reads them there
    Path inTable = new Path("/accumulo/tables/1/I0001.rf");
    assertTrue(yes("accumulo", fs -> fs.rename(new Path(imported, "c.rf"), inTable)));
    assertArrayEquals(bytes("cells"), as("accumulo", fs -> read(fs, inTable)));
    // nobody else may look in, write in or remove anything
    refused("mallory", fs -> fs.listStatus(staging.getParent()));
    refused("mallory", fs -> fs.listStatus(staging));
    refused("mallory", fs -> write(fs, new Path(committed, "forged.rf"), "forged"));
    refused("mallory", fs -> fs.delete(staging, true));
    // the caller removes the staging directory, the servers' stretch directory with it
    assertTrue(yes("alice", fs -> fs.delete(staging, true)));
    assertFalse(yes("alice", fs -> fs.exists(staging)));
  }

  @Test
  void tabletServersReadTheCredentialFileAndNobodyElseDoes() throws Exception {
    Path file =
        as(
            "alice",
            fs -> {
              Path dir = new Path(StagingSweep.userDirectory(fs), "credentials");
              PrivateFiles.directory(fs, dir.getParent(), SERVERS);
              PrivateFiles.directory(fs, dir, SERVERS);
              Path f = new Path(dir, "one.properties");
              PrivateFiles.write(fs, f, bytes("auth.token=secret"), SERVERS);
              return fs.makeQualified(f);
            });
    assertArrayEquals(bytes("auth.token=secret"), as("accumulo", fs -> read(fs, file)));
    refused("mallory", fs -> read(fs, file));
    refused("accumulo", fs -> fs.listStatus(file.getParent())); // pass through, not list
  }

  @Test
  void tabletServersMoveReducerFilesOnceShared() throws Exception {
    Path rfiles =
        as(
            "alice",
            fs -> {
              Path job = new Path(StagingSweep.userDirectory(fs), StagingSweep.JOB_PREFIX + "1");
              PrivateFiles.directory(fs, job.getParent(), SERVERS);
              PrivateFiles.directory(fs, job, SERVERS);
              Path dir = new Path(job, "rfiles");
              write(fs, new Path(dir, "part-r-00000.rf"), "reduced");
              return dir;
            });
    Path inTable = new Path("/accumulo/tables/1/I0002.rf");
    refused("accumulo", fs -> fs.rename(new Path(rfiles, "part-r-00000.rf"), inTable));
    as("alice", fs -> share(fs, rfiles));
    assertTrue(yes("accumulo", fs -> fs.rename(new Path(rfiles, "part-r-00000.rf"), inTable)));
    refused("mallory", fs -> fs.listStatus(rfiles));
  }

  /**
   * A stretch's spilled runs are scratch for the call that wrote them: one replica, where the
   * client's default (three here, as on most clusters) would write every spilled byte over the
   * network twice more. C's file, which Accumulo then serves, keeps the default.
   */
  @Test
  void spilledRunsKeepOneReplicaAndCsFileTheDefault() throws Exception {
    @SuppressWarnings("unchecked")
    Semiring<Long> semiring = (Semiring<Long>) Semirings.forName(Semirings.DEFAULT);
    Configuration conf = new Configuration(dfs.getConfiguration(0));
    conf.setInt("dfs.replication", 3);
    try (FileSystem fs = FileSystem.newInstance(dfs.getURI(), conf)) {
      Path runs = new Path("/spills/runs");
      SortedSpills<Long> spills = new SortedSpills<>(semiring, fs, runs);
      SortedWindow<Long> window = new SortedWindow<>(2, semiring);
      for (String j : new String[] {"j1", "j2", "j3"}) {
        if (window.isFull()) {
          spills.spill(window, true, false);
        }
        window.add(bytes("i"), bytes(j), new byte[0], 1L);
      }
      spills.spill(window, true, false);
      FileStatus[] written = fs.listStatus(runs);
      assertEquals(2, written.length);
      for (FileStatus run : written) {
        assertEquals(1, run.getReplication(), run.getPath().toString());
      }
      Path c = new Path("/spills/c.rf");
      try (SortedFileWriter out = SortedFileWriter.open(fs, c, Map.of())) {
        assertEquals(3, spills.merge(false, out));
      }
      assertEquals(3, fs.getFileStatus(c).getReplication());
    }
  }

  private interface AsUser<T> {
    T run(FileSystem fs) throws Exception;
  }

  /** Runs {@code action} with {@code user}'s own HDFS client. */
  private static <T> T as(String user, AsUser<T> action) throws Exception {
    UserGroupInformation ugi = UserGroupInformation.createRemoteUser(user);
    return ugi.doAs(
        (PrivilegedExceptionAction<T>)
            () -> {
              try (FileSystem fs = FileSystem.newInstance(dfs.getURI(), dfs.getConfiguration(0))) {
                return action.run(fs);
              }
            });
  }

  private static boolean yes(String user, AsUser<Boolean> action) throws Exception {
    return as(user, action);
  }

  private static void refused(String user, AsUser<?> action) {
    assertThrows(AccessControlException.class, () -> as(user, action), user + " got in");
  }

  private static boolean share(FileSystem fs, Path dir) throws IOException {
    PrivateFiles.shareWith(fs, dir, SERVERS);
    return true;
  }

  private static boolean write(FileSystem fs, Path file, String content) throws IOException {
    try (OutputStream out = fs.create(file, false)) {
      out.write(bytes(content));
    }
    return true;
  }

  private static byte[] read(FileSystem fs, Path file) throws IOException {
    try (InputStream in = fs.open(file)) {
      return in.readAllBytes();
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
