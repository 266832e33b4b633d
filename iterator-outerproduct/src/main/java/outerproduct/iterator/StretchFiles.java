package outerproduct.iterator;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import outerproduct.internals.SortedFileWriter;
import outerproduct.kernel.product.SortedWindow;
import outerproduct.kernel.semiring.Semiring;

/**
 * Bulk output of one call of {@link RemoteWriteIterator}: its partial products gathered in a
 * bounded window ({@link SortedWindow}); a full window is sorted, its equal cells ⊕-ed, and spilled
 * as a sorted run ({@link SortedSpills}), and {@link #commit} writes one sorted RFile for C (and
 * one for CT) from the window or the merged runs, then a {@link StretchManifest} (the rows of B
 * covered, the files), into a directory of its own under the staging directory's {@code _tmp}, and
 * renames that directory into {@code stretches}. A stretch appears there whole or not at all: a
 * call that dies or is torn down before its monitoring entry leaves only a temporary directory,
 * which no import reads and the client removes.
 *
 * <p>Memory: at most {@code windowProducts} products (16 bytes each, plus values the semiring does
 * not share and the distinct ids, {@link SortedWindow}), and while runs merge one read buffer per
 * run, for at most {@value SortedSpills#FAN_IN} runs ({@link SortedSpills}: 16 MB).
 */
final class StretchFiles<T> implements ProductWriter<T> {
  static final String TEMPORARY = "_tmp";
  static final String COMMITTED = "stretches";

  /** A committed stretch's files: C's and CT's. */
  static final String C_FILE = "c.rf";

  static final String CT_FILE = "ct.rf";

  private final FileSystem fs;
  private final Path staging;
  private final Path dir;
  private final boolean writeC;
  private final boolean writeCt;
  private final Map<String, String> fileProperties;
  private final SortedWindow<T> window;
  private final SortedSpills<T> spills;
  private long written;
  private long fileBytes;
  private boolean committed;

  StretchFiles(
      Semiring<T> semiring,
      FileSystem fs,
      Path staging,
      boolean writeC,
      boolean writeCt,
      int windowProducts,
      Map<String, String> fileProperties)
      throws IOException {
    this.fs = fs;
    this.staging = staging;
    this.dir = new Path(new Path(staging, TEMPORARY), UUID.randomUUID().toString());
    this.writeC = writeC;
    this.writeCt = writeCt;
    this.fileProperties = fileProperties;
    this.window = new SortedWindow<>(windowProducts, semiring);
    this.spills = new SortedSpills<>(semiring, fs, new Path(dir, "runs"));
    if (!fs.mkdirs(dir)) {
      throw new IOException("cannot create staging directory " + dir);
    }
  }

  @Override
  public void add(byte[] i, byte[] j, byte[] visibility, T value) throws IOException {
    if (window.isFull()) {
      spills.spill(window, writeC, writeCt);
    }
    window.add(i, j, visibility, value);
  }

  /** Entries in the committed C file (CT's when only CT is written); 0 before the commit. */
  @Override
  public long written() {
    return written;
  }

  @Override
  public Progress.Traffic traffic() {
    return new Progress.Traffic(0, fileBytes);
  }

  @Override
  public void commit(Range covered) throws IOException {
    List<String> files = new ArrayList<>();
    if (spills.isEmpty()) {
      written = 0;
      if (window.size() > 0) {
        try (SortedFileWriter c = writeC ? open(C_FILE, files) : null;
            SortedFileWriter ct = writeCt ? open(CT_FILE, files) : null) {
          written = SortedSpills.drainInto(window, c, ct);
        }
      }
    } else {
      if (window.size() > 0) {
        spills.spill(window, writeC, writeCt);
      }
      if (writeCt) {
        try (SortedFileWriter ct = open(CT_FILE, files)) {
          written = spills.merge(true, ct);
        }
      }
      if (writeC) {
        try (SortedFileWriter c = open(C_FILE, files)) {
          written = spills.merge(false, c);
        }
      }
      fs.delete(new Path(dir, "runs"), true);
    }
    // the runs, when there were any, are deleted by now: they were counted as they were written
    fileBytes = spills.bytesWritten() + fs.getContentSummary(dir).getLength();
    new StretchManifest(covered, written, files).write(fs, dir);
    Path target = new Path(new Path(staging, COMMITTED), dir.getName());
    if (!fs.rename(dir, target)) {
      throw new IOException("cannot move staged files from " + dir + " to " + target);
    }
    committed = true;
  }

  private SortedFileWriter open(String name, List<String> files) throws IOException {
    files.add(name);
    return SortedFileWriter.open(fs, new Path(dir, name), fileProperties);
  }

  /** Without a commit, removes what this call staged. */
  @Override
  public void close() throws IOException {
    if (!committed) {
      fs.delete(dir, true);
    }
  }
}
