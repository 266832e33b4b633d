package outerproduct.kernel.accumulo;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
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
 * where one is named, one other user (an HDFS ACL entry: traverse on the directory, read on the
 * file), for the caller's credentials on their way to tasks or tablet servers. Permissions are set
 * outright after creating, as creating applies the umask and leaves an existing directory as it
 * was.
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

  private static AclEntry entry(String user, FsAction action) {
    return new AclEntry.Builder()
        .setScope(AclEntryScope.ACCESS)
        .setType(AclEntryType.USER)
        .setName(user)
        .setPermission(action)
        .build();
  }
}
