package outerproduct.iterator;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import outerproduct.kernel.accumulo.BulkImportCheck;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.accumulo.FileSystems;
import outerproduct.kernel.accumulo.PrivateFiles;
import outerproduct.kernel.accumulo.ServerUser;
import outerproduct.kernel.accumulo.StagingSweep;

/**
 * The client's side of bulk output: one multiply's staging directory, which the tablet servers fill
 * with committed stretches ({@link StretchFiles}); once the scan is done, the stretches to import
 * ({@link RangeCover}), and one bulk import per result table. {@link #close()} removes the
 * directory with whatever is left in it; one a killed client left is removed by the next bulk
 * multiply under the same parent ({@link StagingSweep}).
 */
final class BulkStaging implements AutoCloseable {
  private record Stretch(Path dir, StretchManifest manifest) {}

  private final FileSystem fs;
  private final Path dir;
  private final List<Stretch> chosen = new ArrayList<>();

  private BulkStaging(FileSystem fs, Path dir) {
    this.fs = fs;
    this.dir = dir;
  }

  /**
   * Checks that the user may bulk import into {@code results}, then creates a staging directory
   * under {@code parent}, or under the caller's {@code ~/.outerproduct} on the instance's first
   * volume's file system when it is null: private to the caller and the tablet servers ({@link
   * ServerUser}), who write the staged files into it and move them into C.
   *
   * @throws IllegalArgumentException naming the permission or the directory at fault
   */
  static BulkStaging create(AccumuloClient client, String parent, List<String> results)
      throws AccumuloException, AccumuloSecurityException, IOException {
    BulkImportCheck.check(client, results);
    FileSystem fs;
    Path dir;
    try {
      if (parent != null) {
        Path root = new Path(checkQualified(parent));
        fs = FileSystems.of(root.toUri());
        StagingSweep.sweep(client, fs, root, StagingSweep.BULK_PREFIX);
        dir = new Path(root, StagingSweep.BULK_PREFIX + UUID.randomUUID());
        PrivateFiles.sharedDirectory(fs, dir, ServerUser.of(client).orElse(null));
      } else {
        fs = FileSystems.of(new Path(BulkImportCheck.firstVolume(client)).toUri());
        StagingSweep.sweep(client, fs, StagingSweep.userDirectory(fs), StagingSweep.BULK_PREFIX);
        dir =
            PrivateFiles.importDirectory(
                fs, StagingSweep.BULK_PREFIX, ServerUser.of(client).orElse(null));
      }
      for (String sub : new String[] {StretchFiles.TEMPORARY, StretchFiles.COMMITTED}) {
        if (!fs.mkdirs(new Path(dir, sub))) {
          throw new IOException("cannot create " + new Path(dir, sub));
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot create a staging directory for bulk output: " + e.getMessage(), e);
    }
    StagingSweep.name(client, fs, dir, results.get(0));
    return new BulkStaging(fs, dir);
  }

  /**
   * The bulk-output iterator of {@code stack} (its last) compresses its files as {@code table}'s
   * compactions do (as a C the engine creates does, while it is {@code beingCreated}), unless the
   * caller chose a compression.
   */
  static List<IteratorSetting> compressLike(
      AccumuloClient client, String table, boolean beingCreated, List<IteratorSetting> stack)
      throws AccumuloException, TableNotFoundException {
    IteratorSetting write = stack.get(stack.size() - 1);
    if (!write.getOptions().containsKey(RemoteWriteIterator.FILE_COMPRESSION_OPTION)) {
      String compression =
          beingCreated ? FileCompression.NEW_TABLE : FileCompression.of(client, table, null);
      if (compression != null) {
        write.addOption(RemoteWriteIterator.FILE_COMPRESSION_OPTION, compression);
      }
    }
    return stack;
  }

  /**
   * @return {@code uri}
   * @throws IllegalArgumentException if it names no file system
   */
  static String checkQualified(String uri) {
    if (new Path(uri).toUri().getScheme() == null) {
      throw new IllegalArgumentException(
          "staging '" + uri + "' must be a qualified URI (hdfs://..., file:/...)");
    }
    return uri;
  }

  /** The directory's URI, for the write iterators. */
  String uri() {
    return fs.makeQualified(dir).toString();
  }

  /**
   * Reads the committed stretches, chooses a disjoint set of them to import and returns the parts
   * of {@code requested} (ranges of B) that the chosen ones do not cover.
   */
  List<Range> gaps(List<Range> requested) throws IOException {
    List<Stretch> committed = new ArrayList<>();
    for (FileStatus status : fs.listStatus(new Path(dir, StretchFiles.COMMITTED))) {
      committed.add(new Stretch(status.getPath(), StretchManifest.read(fs, status.getPath())));
    }
    List<Range> covered = new ArrayList<>();
    committed.forEach(s -> covered.add(s.manifest().covered()));
    chosen.clear();
    RangeCover.disjoint(covered).forEach(n -> chosen.add(committed.get(n)));
    List<Range> chosenRanges = new ArrayList<>();
    chosen.forEach(s -> chosenRanges.add(s.manifest().covered()));
    return RangeCover.gaps(requested, chosenRanges);
  }

  /**
   * Imports the chosen stretches' files into C and CT (either may be null), one bulk import each.
   *
   * @return the entries imported into C (or CT when there is no C)
   */
  long importInto(AccumuloClient client, String c, String ct)
      throws IOException, AccumuloException, AccumuloSecurityException, TableNotFoundException {
    long entries = 0;
    for (Stretch s : chosen) {
      entries += s.manifest().written();
    }
    importFiles(client, c, StretchFiles.C_FILE);
    importFiles(client, ct, StretchFiles.CT_FILE);
    return entries;
  }

  private void importFiles(AccumuloClient client, String table, String name)
      throws IOException, AccumuloException, AccumuloSecurityException, TableNotFoundException {
    if (table == null) {
      return;
    }
    Path files = new Path(dir, "import-" + name.substring(0, name.indexOf('.')));
    fs.mkdirs(files);
    int moved = 0;
    for (Stretch s : chosen) {
      if (s.manifest().files().contains(name)) {
        Path target = new Path(files, s.dir().getName() + "-" + name);
        if (!fs.rename(new Path(s.dir(), name), target)) {
          throw new IOException("cannot move staged file " + name + " of " + s.dir());
        }
        moved++;
      }
    }
    if (moved > 0) {
      client.tableOperations().importDirectory(files.toString()).to(table).tableTime(true).load();
    }
  }

  @Override
  public void close() throws IOException {
    fs.delete(dir, true);
  }
}
