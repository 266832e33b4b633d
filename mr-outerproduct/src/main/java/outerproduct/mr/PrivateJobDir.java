package outerproduct.mr;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;
import outerproduct.kernel.accumulo.DelegatedCredentials;
import outerproduct.kernel.accumulo.PrivateFiles;
import outerproduct.kernel.accumulo.ServerUser;
import outerproduct.kernel.accumulo.StagingSweep;

/**
 * A directory on the job's file system that only the submitting user can read (700; the tablet
 * servers' user, {@link ServerUser}, may pass through it), holding the client properties the tasks
 * act with (600; under Kerberos a delegation token of the caller's, {@link DelegatedCredentials})
 * and, for bulk output, the reducers' RFiles, which the tablet servers may move into C. Only its
 * path enters the job configuration; {@link #close()} deletes it with everything in it.
 */
final class PrivateJobDir implements AutoCloseable {
  private final FileSystem fs;
  private final Path dir;

  /** The tablet servers' user where it is not the caller's ({@link ServerUser}), or null. */
  private final String server;

  private PrivateJobDir(FileSystem fs, Path dir, String server) {
    this.fs = fs;
    this.dir = dir;
    this.server = server;
  }

  /**
   * Creates the directory under the user's home, for the job writing {@code resultTable}, and
   * writes {@code clientProperties}, or their delegated form, into it; first removes those of jobs
   * whose client stopped ({@link StagingSweep}).
   */
  static PrivateJobDir create(
      AccumuloClient client, Configuration conf, Properties clientProperties, String resultTable)
      throws IOException {
    FileSystem fs = FileSystem.get(conf);
    String server = ServerUser.of(client).orElse(null);
    Path parent = StagingSweep.userDirectory(fs);
    PrivateFiles.directory(fs, parent, server);
    StagingSweep.sweep(client, fs, parent, StagingSweep.JOB_PREFIX);
    Path dir = new Path(parent, StagingSweep.JOB_PREFIX + UUID.randomUUID());
    PrivateFiles.directory(fs, dir, server);
    PrivateJobDir jobDir = new PrivateJobDir(fs, fs.makeQualified(dir), server);
    try {
      StagingSweep.name(client, fs, dir, resultTable);
      jobDir.writePrivately(DelegatedCredentials.forRemoteUse(client, clientProperties));
    } catch (IOException | RuntimeException e) {
      jobDir.close();
      throw e;
    }
    return jobDir;
  }

  FileSystem fileSystem() {
    return fs;
  }

  /** The tasks' copy of the client properties. */
  Path clientProperties() {
    return new Path(dir, "client.properties");
  }

  /** Where bulk output's reducers write their RFiles. */
  Path rfiles() {
    return new Path(dir, "rfiles");
  }

  /**
   * Lets the tablet servers' user, where it is not the caller's, move the reducers' RFiles into C:
   * the import renames them out of {@link #rfiles()}, which the job made (it may not exist before).
   */
  void shareRFilesWithServers() throws IOException {
    if (fs.exists(rfiles())) {
      PrivateFiles.shareWith(fs, rfiles(), server);
    }
  }

  /**
   * Accumulo ships a client properties path through the distributed cache, and a NodeManager keeps
   * localized files after the job ends (until its cache is trimmed): the password would stay on
   * every node's disk. Without the cache entry, tasks read the private copy straight from the job's
   * file system (Accumulo's fallback), and it is deleted with this directory.
   */
  void keepOutOfDistributedCache(Configuration conf) {
    String[] cached = conf.getStrings(MRJobConfig.CACHE_FILES);
    if (cached == null) {
      return;
    }
    String copy = clientProperties().toUri().getPath();
    List<String> kept = new ArrayList<>();
    for (String uri : cached) {
      if (!URI.create(uri).getPath().equals(copy)) {
        kept.add(uri);
      }
    }
    if (kept.isEmpty()) {
      conf.unset(MRJobConfig.CACHE_FILES);
    } else {
      conf.setStrings(MRJobConfig.CACHE_FILES, kept.toArray(String[]::new));
    }
  }

  private void writePrivately(Properties forTasks) throws IOException {
    StringWriter text = new StringWriter();
    forTasks.store(text, null);
    PrivateFiles.write(
        fs, clientProperties(), text.toString().getBytes(StandardCharsets.UTF_8), null);
  }

  @Override
  public void close() throws IOException {
    fs.delete(dir, true);
  }
}
