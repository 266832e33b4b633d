package outerproduct.iterator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.client.rfile.RFileWriter;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import outerproduct.kernel.product.SortedWindow;
import outerproduct.kernel.semiring.Semiring;

/**
 * Sorted runs of one stretch of bulk output, as a map task spills them: each full window written as
 * one sorted run per result table ({@link SpillRun}), and at the end all runs merged into one RFile
 * per table with equal keys ⊕-ed ({@link #merge}), at most {@value #FAN_IN} runs open at once, so
 * C's tablets receive one file per stretch instead of one per window.
 */
final class SortedSpills<T> {
  /** Runs merged at once: each open run holds a read buffer. */
  static final int FAN_IN = 32;

  private static final byte[] EMPTY = new byte[0];

  private final Semiring<T> semiring;
  private final FileSystem fs;
  private final Path dir;
  private long bytesWritten;
  private final List<Path> cRuns = new ArrayList<>();
  private final List<Path> ctRuns = new ArrayList<>();
  private int files;

  /** Runs go into {@code dir}, which the caller removes with everything in it. */
  SortedSpills(Semiring<T> semiring, FileSystem fs, Path dir) {
    this.semiring = semiring;
    this.fs = fs;
    this.dir = dir;
  }

  /** Bytes of every run written so far, merged runs included, as the file system lists them. */
  long bytesWritten() {
    return bytesWritten;
  }

  private void count(Path run) throws IOException {
    bytesWritten += fs.getFileStatus(run).getLen();
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
      count(c);
      cRuns.add(c);
    }
    if (ct != null) {
      count(ct);
      ctRuns.add(ct);
    }
  }

  /** Merges every C run ({@code transpose} false) or CT run into {@code out}; entries written. */
  long merge(boolean transpose, RFileWriter out) throws IOException {
    List<Path> runs = new ArrayList<>(transpose ? ctRuns : cRuns);
    while (runs.size() > FAN_IN) {
      List<Path> some = new ArrayList<>(runs.subList(0, FAN_IN));
      runs.subList(0, FAN_IN).clear();
      Path merged = next(transpose ? "ct" : "c");
      try (SpillRun.Writer w = new SpillRun.Writer(fs, merged)) {
        mergeRuns(some, w);
      }
      count(merged);
      for (Path run : some) {
        fs.delete(run, false);
      }
      runs.add(merged);
    }
    return mergeRuns(
        runs, (row, qualifier, label, value) -> append(out, row, qualifier, label, value));
  }

  /** Merges runs into {@code out}, ⊕-ing a cell's values only when more than one run has it. */
  private long mergeRuns(List<Path> runs, SpillRun.Sink out) throws IOException {
    List<SpillRun.Reader> open = new ArrayList<>();
    try {
      for (Path run : runs) {
        open.add(new SpillRun.Reader(fs, run));
      }
      LoserTree tree = new LoserTree(open);
      MergedCell cell = new MergedCell();
      long written = 0;
      for (SpillRun.Reader reader = tree.top(); reader != null; reader = tree.top()) {
        if (!cell.add(reader)) {
          written += cell.emit(out);
          cell.start(reader);
        }
        tree.advance();
      }
      return written + cell.emit(out);
    } finally {
      for (SpillRun.Reader reader : open) {
        reader.close();
      }
    }
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
          || SpillRun.compareIds(
                  qualifierPrefix, qualifier, reader.qualifierPrefix, reader.qualifier)
              != 0
          || SpillRun.compareIds(rowPrefix, row, reader.rowPrefix, reader.row) != 0
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

  static RFileWriter open(FileSystem fs, Path file, Map<String, String> properties)
      throws IOException {
    RFileWriter writer =
        RFile.newWriter()
            .to(file.toString())
            .withFileSystem(fs)
            .withTableProperties(properties)
            .build();
    writer.startDefaultLocalityGroup();
    return writer;
  }

  /**
   * Empties {@code window} into C's writer (i-major) and CT's (j-major); either may be null.
   *
   * @return the cells each writer received
   */
  static long drainInto(SortedWindow<?> window, RFileWriter c, RFileWriter ct) throws IOException {
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
      RFileWriter writer, byte[] row, byte[] qualifier, byte[] visibility, byte[] value)
      throws IOException {
    writer.append(new Key(row, EMPTY, qualifier, visibility, 0L, false, false), new Value(value));
  }
}
