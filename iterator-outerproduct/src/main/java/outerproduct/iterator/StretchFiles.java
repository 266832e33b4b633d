package outerproduct.iterator;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import outerproduct.internals.SortedFileWriter;
import outerproduct.kernel.product.HeldInputs;
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
 * <p>A stretch may instead hold its inputs ({@link #heldInputs}, filled by {@link HeldStretch}):
 * then {@link #commit} forms their products range by range in the file's key order, each range
 * sorted in a window half the size and appended to the file, and nothing spills unless one id's
 * products alone outgrow that window (that range then spills and merges on its own).
 *
 * <p>Memory: at most {@code windowProducts} products (16 bytes each, plus values the semiring does
 * not share and the distinct ids, {@link SortedWindow}), and while runs merge one read buffer per
 * run, for at most {@value SortedSpills#FAN_IN} runs ({@link SortedSpills}: 16 MB). Held inputs
 * take the window's budget in halves ({@link HeldInputs#boundBeside}): inputs of at most half its
 * bytes, and a window of half its products.
 */
final class StretchFiles<T> implements ProductWriter<T> {
  static final String TEMPORARY = "_tmp";
  static final String COMMITTED = "stretches";

  /** A committed stretch's files: C's and CT's. */
  static final String C_FILE = "c.rf";

  static final String CT_FILE = "ct.rf";

  private final Semiring<T> semiring;
  private final int windowProducts;
  private HeldInputs<T> held;
  private Consumer<T> eachHeldProduct;

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
  private long heldRunBytes;
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
    this.semiring = semiring;
    this.windowProducts = windowProducts;
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

  /**
   * This stretch's inputs, to be held instead of products being added: {@link #commit} forms their
   * products, handing each to {@code eachProduct} as it is formed.
   */
  HeldInputs<T> heldInputs(Consumer<T> eachProduct) {
    if (held == null) {
      held = new HeldInputs<>(semiring, HeldInputs.boundBeside(windowProducts));
      eachHeldProduct = eachProduct;
    }
    return held;
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
    if (held != null && held.rows() > 0) {
      writeHeld(files);
    } else {
      writeWindows(files);
    }
    // the runs, when there were any, are deleted by now: they were counted as they were written
    fileBytes = spills.bytesWritten() + heldRunBytes + fs.getContentSummary(dir).getLength();
    new StretchManifest(covered, written, files).write(fs, dir);
    Path target = new Path(new Path(staging, COMMITTED), dir.getName());
    if (!fs.rename(dir, target)) {
      throw new IOException("cannot move staged files from " + dir + " to " + target);
    }
    committed = true;
  }

  /** The products added: the window's cells, or its spilled runs merged. */
  private void writeWindows(List<String> files) throws IOException {
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
      writeEach(files, spills::merge);
      fs.delete(new Path(dir, "runs"), true);
    }
  }

  /** The held inputs' products; nothing was added. */
  private void writeHeld(List<String> files) throws IOException {
    writeEach(files, new HeldRanges()::write);
  }

  /** Fills one result table's file: C's ({@code transposed} false) or CT's; entries written. */
  private interface FileFill {
    long into(boolean transposed, SortedFileWriter out) throws IOException;
  }

  /** CT's file, then C's, each as {@code fill} fills it; written: C's entries (CT's alone). */
  private void writeEach(List<String> files, FileFill fill) throws IOException {
    if (writeCt) {
      try (SortedFileWriter ct = open(CT_FILE, files)) {
        written = fill.into(true, ct);
      }
    }
    if (writeC) {
      try (SortedFileWriter c = open(C_FILE, files)) {
        written = fill.into(false, c);
      }
    }
  }

  /**
   * Writes held inputs' ranges into one file: each range's products sorted in the window and
   * appended, or, when they outgrow it, spilled and merged into the file on their own.
   */
  private final class HeldRanges implements HeldInputs.RangeSink<T> {
    private final SortedWindow<T> rangeWindow =
        SortedWindow.ranked(
            HeldInputs.rangeProductsBeside(windowProducts), semiring, held.idsByRank());
    private SortedFileWriter out;
    private boolean transposed;
    private SortedSpills<T> rangeSpills;
    private long cells;

    long write(boolean transposed, SortedFileWriter out) throws IOException {
      this.out = out;
      this.transposed = transposed;
      cells = 0;
      held.formInRanges(transposed, HeldInputs.rangeProductsBeside(windowProducts), this);
      return cells;
    }

    @Override
    public void add(int iRank, int jRank, byte[] visibility, T value) throws IOException {
      if (rangeWindow.isFull()) {
        if (rangeSpills == null) {
          rangeSpills = new SortedSpills<>(semiring, fs, new Path(dir, "runs"));
        }
        rangeSpills.spill(rangeWindow, !transposed, transposed);
      }
      rangeWindow.addRanked(iRank, jRank, visibility, value);
      eachHeldProduct.accept(value);
    }

    @Override
    public void endRange() throws IOException {
      if (rangeSpills == null) {
        cells +=
            SortedSpills.drainInto(rangeWindow, transposed ? null : out, transposed ? out : null);
        return;
      }
      if (rangeWindow.size() > 0) {
        rangeSpills.spill(rangeWindow, !transposed, transposed);
      }
      cells += rangeSpills.merge(transposed, out);
      heldRunBytes += rangeSpills.bytesWritten();
      fs.delete(new Path(dir, "runs"), true);
      rangeSpills = null;
    }
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
