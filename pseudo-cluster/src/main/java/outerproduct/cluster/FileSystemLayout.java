package outerproduct.cluster;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Lays out the pseudo-distributed cluster's HDFS as an operator does before Accumulo's first start,
 * as HDFS's superuser: {@code /accumulo} owned by the servers' user (Accumulo's init cannot create
 * it there itself), a home for the clients' user, and {@code /tmp} writable by all (the MapReduce
 * client's staging, the job history's files). Every start runs it; what is in place stays. A
 * cluster whose {@code /accumulo} another user owns (made before its servers had a user of their
 * own) is handed to the servers' user, file by file.
 */
public final class FileSystemLayout {
  private FileSystemLayout() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: FileSystemLayout <servers' user> <clients' user>");
      System.exit(2);
    }
    String servers = args[0];
    String clients = args[1];
    FileSystem fs = FileSystem.get(new Configuration());
    Path tmp = new Path("/tmp");
    fs.mkdirs(tmp);
    fs.setPermission(tmp, new FsPermission((short) 01777));
    Path home = new Path("/user/" + clients);
    if (!fs.exists(home)) {
      fs.mkdirs(home, new FsPermission((short) 0755));
      fs.setOwner(home, clients, null);
    }
    Path accumulo = new Path("/accumulo");
    if (!fs.exists(accumulo)) {
      fs.mkdirs(accumulo, new FsPermission((short) 0755));
      fs.setOwner(accumulo, servers, null);
    } else if (!fs.getFileStatus(accumulo).getOwner().equals(servers)) {
      System.out.println("handing " + accumulo + " to user " + servers);
      handOver(fs, accumulo, servers);
    }
    fs.close();
  }

  private static void handOver(FileSystem fs, Path path, String user) throws IOException {
    fs.setOwner(path, user, null);
    if (fs.getFileStatus(path).isDirectory()) {
      for (FileStatus child : fs.listStatus(path)) {
        handOver(fs, child.getPath(), user);
      }
    }
  }
}
