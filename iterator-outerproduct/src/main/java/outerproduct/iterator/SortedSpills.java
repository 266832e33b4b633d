package outerproduct.iterator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import outerproduct.internals.SortedFileWriter;
import outerproduct.kernel.product.BytePrefix;
import outerproduct.kernel.product.LoserTree;
import outerproduct.kernel.product.SortedWindow;
import outerproduct.kernel.semiring.Semiring;

/**
 * Sorted runs of one stretch of bulk output, as a map task spills them: each full window written as
 * one sorted run per result table ({@link SpillRun}), and at the end all runs merged into one RFile
 * per table with equal keys ⊕-ed ({@link #merge}), at most {@value #FAN_IN} runs open at once, so
 * C's tablets receive one file per stretch instead of one per window.
 *
 * <p>A stretch with more runs than that is first brought down to {@value #FAN_IN} by merging its
 * smallest runs, as few as it takes (Hadoop's merger plans its passes the same way): every byte
 * written into an intermediate run is written and read once more. With windows sized from a 768 MB
 * tablet server (about 1.5M products) a whole-table SCALE 16 multiply spills about 130 runs per
 * tablet of B, SCALE 17 about 350. Merging 32 at a time, as this class once did, rewrote nearly
 * every run: for one stretch of 133 runs of 1M random products, 918 of its 1,199 MB, where 256 at
 * once rewrite none (the merge on one thread, runs in the page cache: 82-83 s against 76-77 s).
 *
 * <p>Memory while merging: one {@value SpillRun#BUFFER_BYTES}-byte read buffer per open run, at
 * most {@value #FAN_IN} of them (16 MB), plus the file system's own stream buffers; and as many
 * open files (on HDFS, as many block readers of the data nodes').
 */
final class SortedSpills<T> {
  /** Runs merged at once: each open run holds a read buffer. */
  static final int FAN_IN = 256;

  /** A run on disk and its length, which orders the runs an intermediate merge takes. */
  private record Run(Path file, long bytes) {}

  private final Semiring<T> semiring;
  private final FileSystem fs;
  private final Path dir;
  private final int fanIn;
  private long bytesWritten;
  private final List<Run> cRuns = new ArrayList<>();
  private final List<Run> ctRuns = new ArrayList<>();
  private int files;

  /** Runs go into {@code dir}, which the caller removes with everything in it. */
  SortedSpills(Semiring<T> semiring, FileSystem fs, Path dir) {
    this(semiring, fs, dir, FAN_IN);
  }

  /** As above, merging at most {@code fanIn} runs at once (at least 2). */
  SortedSpills(Semiring<T> semiring, FileSystem fs, Path dir, int fanIn) {
    if (fanIn < 2) {
      throw new IllegalArgumentException("a merge takes at least 2 runs, got " + fanIn);
    }
    this.semiring = semiring;
    this.fs = fs;
    this.dir = dir;
    this.fanIn = fanIn;
  }

  /** Bytes of every run written so far, merged runs included, as the file system lists them. */
  long bytesWritten() {
    return bytesWritten;
  }

  /** The length of each C run ({@code transpose} false) or CT run not yet merged, in bytes. */
  List<Long> runBytes(boolean transpose) {
    return (transpose ? ctRuns : cRuns).stream().map(Run::bytes).toList();
  }

  private Run written(Path file) throws IOException {
    long bytes = fs.getFileStatus(file).getLen();
    bytesWritten += bytes;
    return new Run(file, bytes);
  }

  boolean isEmpty() {
    return cRuns.isEmpty() && ctRuns.isEmpty();
  }

  /** Writes the window's cells as one run per result table and empties the window. */
  void spill(SortedWindow<T> window, boolean writeC, boolean writeCt) throws IOException {
    Path c = writeC ? next("c") : null;
    Path ct = writeCt ? next("ct") : null;
    try (SpillRun.Writer cOut = c == null ? null : new SpillRun.Writer(fs, c);
        SpillRun.Writer ctOut = ct == null ? null : new SpillRun.Writer(fs, ct)) {
      window.drainSorted(
          cOut == null ? null : (i, j, label, value) -> cOut.accept(i, j, label, value),
          ctOut == null ? null : (i, j, label, value) -> ctOut.accept(j, i, label, value));
    }
    if (c != null) {
      cRuns.add(written(c));
    }
    if (ct != null) {
      ctRuns.add(written(ct));
    }
  }

  /** Merges every C run ({@code transpose} false) or CT run into {@code out}; entries written. */
  long merge(boolean transpose, SortedFileWriter out) throws IOException {
    List<Run> runs = new ArrayList<>(transpose ? ctRuns : cRuns);
    while (runs.size() > fanIn) {
      // As few of the smallest runs as leave fanIn for the last merge: each merge of k runs
      // leaves k - 1 fewer, and the bytes it rewrites are the fewest it can.
      runs.sort(Comparator.comparingLong(Run::bytes));
      List<Run> smallest = runs.subList(0, Math.min(fanIn, runs.size() - fanIn + 1));
      Path merged = next(transpose ? "ct" : "c");
      try (SpillRun.Writer w = new SpillRun.Writer(fs, merged)) {
        mergeRuns(smallest, w);
      }
      for (Run run : smallest) {
        fs.delete(run.file(), false);
      }
      smallest.clear();
      runs.add(written(merged));
    }
    return mergeRuns(
        runs, (row, qualifier, label, value) -> append(out, row, qualifier, label, value));
  }

  /** Merges runs into {@code out}, ⊕-ing a cell's values only when more than one run has it. */
  private long mergeRuns(List<Run> runs, SpillRun.Sink out) throws IOException {
    List<SpillRun.Reader> open = new ArrayList<>();
    try {
      for (Run run : runs) {
        open.add(new SpillRun.Reader(fs, run.file()));
      }
      SpillRun.Reader[] readers = open.toArray(new SpillRun.Reader[0]);
      for (SpillRun.Reader reader : readers) {
        reader.next();
      }
      LoserTree tree = new LoserTree(readers.length, (a, b) -> before(readers[a], readers[b]));
      MergedCell cell = new MergedCell();
      long written = 0;
      for (int top = tree.top(); top >= 0 && readers[top].row != null; top = tree.top()) {
        SpillRun.Reader reader = readers[top];
        if (!cell.add(reader)) {
          written += cell.emit(out);
          cell.start(reader);
        }
        reader.next();
        tree.replay();
      }
      return written + cell.emit(out);
    } finally {
      for (SpillRun.Reader reader : open) {
        reader.close();
      }
    }
  }

  /** True when a's cell comes first; an ended run comes after every other. */
  private static boolean before(SpillRun.Reader a, SpillRun.Reader b) {
    if (a.row == null) {
      return false;
    }
    return b.row == null || SpillRun.Reader.compare(a, b) < 0;
  }

  /** The cell being merged: its key, and its value as read or, once a second came, the ⊕. */
  private final class MergedCell {
    private byte[] row;
    private long rowPrefix;
    private byte[] qualifier;
    private long qualifierPrefix;
    private byte[] label;
    private byte[] value;
    private T sum;

    void start(SpillRun.Reader reader) {
      row = reader.row;
      rowPrefix = reader.rowPrefix;
      qualifier = reader.qualifier;
      qualifierPrefix = reader.qualifierPrefix;
      label = reader.visibility;
      value = reader.value;
      sum = null;
    }

    /** ⊕-s the reader's value in if it holds this cell; false if it holds another. */
    boolean add(SpillRun.Reader reader) {
      if (row == null
          || BytePrefix.compare(
                  qualifierPrefix, qualifier, reader.qualifierPrefix, reader.qualifier)
              != 0
          || BytePrefix.compare(rowPrefix, row, reader.rowPrefix, reader.row) != 0
          || !Arrays.equals(label, reader.visibility)) {
        return false;
      }
      try {
        sum =
            semiring.plus(
                sum != null ? sum : semiring.decode(value), semiring.decode(reader.value));
      } catch (ArithmeticException e) {
        throw new ArithmeticException(
            e.getMessage()
                + " summing the cell at row '"
                + new String(row, StandardCharsets.UTF_8)
                + "', column '"
                + new String(qualifier, StandardCharsets.UTF_8)
                + "'");
      }
      return true;
    }

    /** Hands the cell to {@code out}; the cells written (0 before the first). */
    int emit(SpillRun.Sink out) throws IOException {
      if (row == null) {
        return 0;
      }
      out.accept(row, qualifier, label, sum != null ? semiring.encode(sum) : value);
      return 1;
    }
  }

  private Path next(String table) {
    return new Path(dir, String.format("%s-run-%05d.rf", table, files++));
  }

  /**
   * Empties {@code window} into C's writer (i-major) and CT's (j-major); either may be null.
   *
   * @return the cells each writer received
   */
  static long drainInto(SortedWindow<?> window, SortedFileWriter c, SortedFileWriter ct)
      throws IOException {
    long[] cells = new long[1];
    window.drainSorted(
        c == null
            ? null
            : (i, j, visibility, value) -> {
              append(c, i, j, visibility, value);
              cells[0]++;
            },
        ct == null
            ? null
            : (i, j, visibility, value) -> {
              append(ct, j, i, visibility, value);
              if (c == null) {
                cells[0]++;
              }
            });
    return cells[0];
  }

  private static void append(
      SortedFileWriter writer, byte[] row, byte[] qualifier, byte[] visibility, byte[] value)
      throws IOException {
    writer.append(row, qualifier, visibility, value);
  }
}
