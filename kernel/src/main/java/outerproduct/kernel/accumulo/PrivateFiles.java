package outerproduct.kernel.accumulo;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.permission.AclEntry;
import org.apache.hadoop.fs.permission.AclEntryScope;
import org.apache.hadoop.fs.permission.AclEntryType;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Directories (700) and files (600) on a shared file system that only their owner may read, and,
 * where one is named, one other user, the tablet servers' ({@link ServerUser}), through HDFS ACL
 * entries: traverse on a private directory, read on a private file, and create, move and delete in
 * a shared directory ({@link #sharedDirectory}), for the caller's credentials and bulk files on
 * their way to the tablet servers. Permissions are set outright after creating, as creating applies
 * the umask and leaves an existing directory as it was.
 */
public final class PrivateFiles {
  private static final FsPermission DIRECTORY = new FsPermission((short) 0700);
  private static final FsPermission FILE = new FsPermission((short) 0600);

  private PrivateFiles() {}

  /**
   * Creates {@code dir} (and its parents) or takes it as it is, private to its owner and {@code
   * reader} (null: nobody else).
   */
  public static void directory(FileSystem fs, Path dir, String reader) throws IOException {
    if (!fs.mkdirs(dir, DIRECTORY)) {
      throw new IOException("cannot create directory " + dir);
    }
    fs.setPermission(dir, DIRECTORY);
    if (reader != null) {
      fs.modifyAclEntries(dir, List.of(entry(reader, FsAction.EXECUTE)));
    }
  }

  /**
   * Writes a new file {@code path} holding {@code content}, private to its owner and {@code
   * reader}.
   */
  public static void write(FileSystem fs, Path path, byte[] content, String reader)
      throws IOException {
    writeOpen(fs, path, content, reader, false).close();
  }

  /**
   * As {@link #write}, but where the file system can make the content visible to readers without
   * closing the file (HDFS's {@code hflush}), leaves it open and returns the stream: closing a
   * small HDFS file waits for the datanode's block report, 25 to 425 ms, where the flush takes
   * about 10. The caller deletes the file, then closes the stream. Elsewhere the file is closed and
   * the returned stream is a closed one.
   */
  public static OutputStream writeOpen(
      FileSystem fs, Path path, byte[] content, String reader, boolean keepOpen)
      throws IOException {
    FSDataOutputStream out =
        fs.create(
            path,
            FILE,
            false,
            4096,
            fs.getDefaultReplication(path),
            fs.getDefaultBlockSize(path),
            null);
    boolean open = keepOpen && out.hasCapability(StreamCapabilities.HFLUSH);
    try {
      out.write(content);
      if (open) {
        out.hflush();
      } else {
        out.close();
      }
    } catch (IOException | RuntimeException e) {
      out.close();
      fs.delete(path, false);
      throw e;
    }
    fs.setPermission(path, FILE);
    if (reader != null) {
      fs.modifyAclEntries(path, List.of(entry(reader, FsAction.READ)));
    }
    return out;
  }

  /**
   * Creates {@code dir} (its parent must exist), private to its owner and {@code server} (null:
   * nobody else), who may create, move and delete entries in it and in every directory made in it
   * later: bulk files the tablet servers write or the manager moves into a table. The inherited
   * (default) entries name the owner too, so that it keeps those rights in directories the servers
   * make.
   */
  public static void sharedDirectory(FileSystem fs, Path dir, String server) throws IOException {
    if (!fs.mkdirs(dir, DIRECTORY)) {
      throw new IOException("cannot create directory " + dir);
    }
    fs.setPermission(dir, DIRECTORY);
    if (server != null) {
      String owner = fs.getFileStatus(dir).getOwner();
      fs.modifyAclEntries(
          dir,
          List.of(
              entry(server, FsAction.ALL),
              entry(AclEntryScope.DEFAULT, server, FsAction.ALL),
              entry(AclEntryScope.DEFAULT, owner, FsAction.ALL)));
    }
  }

  /**
   * Creates {@code <home>/.outerproduct/<prefix><random id>} on {@code fs}, a {@link
   * #sharedDirectory} for files to bulk import, whose tablet servers' user {@code server} (null:
   * the caller's own) may pass through {@code .outerproduct} to it.
   *
   * @return the new directory, qualified
   */
  public static Path importDirectory(FileSystem fs, String prefix, String server)
      throws IOException {
    Path parent = StagingSweep.userDirectory(fs);
    directory(fs, parent, server);
    Path dir = fs.makeQualified(new Path(parent, prefix + UUID.randomUUID()));
    sharedDirectory(fs, dir, server);
    return dir;
  }

  /** Lets {@code server} (null: nobody) move and delete what {@code dir} holds. */
  public static void shareWith(FileSystem fs, Path dir, String server) throws IOException {
    if (server != null) {
      fs.modifyAclEntries(dir, List.of(entry(server, FsAction.ALL)));
    }
  }

  private static AclEntry entry(String user, FsAction action) {
    return entry(AclEntryScope.ACCESS, user, action);
  }

  private static AclEntry entry(AclEntryScope scope, String user, FsAction action) {
    return new AclEntry.Builder()
        .setScope(scope)
        .setType(AclEntryType.USER)
        .setName(user)
        .setPermission(action)
        .build();
  }
}
