package outerproduct.iterator;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.client.rfile.RFileWriter;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import outerproduct.kernel.product.PresumBuffer;
import outerproduct.kernel.semiring.Semiring;

/**
 * Sorted runs of one stretch of bulk output, as a map task spills them: each full window written
 * uncompressed as one sorted file per result table, and at the end all runs merged into one file
 * per table with equal keys ⊕-ed ({@link #merge}), at most {@value #FAN_IN} runs open at once, so
 * C's tablets receive one file per stretch instead of one per window.
 */
final class SortedSpills<T> {
  /** Runs merged at once: each open run holds an index and a data block in memory. */
  static final int FAN_IN = 32;

  private static final Map<String, String> UNCOMPRESSED =
      Map.of("table.file.compress.type", "none");
  private static final byte[] EMPTY = new byte[0];

  private final Semiring<T> semiring;
  private final FileSystem fs;
  private final Path dir;
  private final List<Path> cRuns = new ArrayList<>();
  private final List<Path> ctRuns = new ArrayList<>();
  private int files;

  /** Runs go into {@code dir}, which the caller removes with everything in it. */
  SortedSpills(Semiring<T> semiring, FileSystem fs, Path dir) {
    this.semiring = semiring;
    this.fs = fs;
    this.dir = dir;
  }

  boolean isEmpty() {
    return cRuns.isEmpty() && ctRuns.isEmpty();
  }

  /** Writes the window's cells as one run per result table and empties the window. */
  void spill(PresumBuffer<T> window, boolean writeC, boolean writeCt) throws IOException {
    Path c = writeC ? next("c") : null;
    Path ct = writeCt ? next("ct") : null;
    try (RFileWriter cOut = c == null ? null : open(fs, c, UNCOMPRESSED);
        RFileWriter ctOut = ct == null ? null : open(fs, ct, UNCOMPRESSED)) {
      drainInto(semiring, window, cOut, ctOut);
    }
    if (c != null) {
      cRuns.add(c);
    }
    if (ct != null) {
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
      try (RFileWriter w = open(fs, merged, UNCOMPRESSED)) {
        mergeRuns(some, w);
      }
      for (Path run : some) {
        fs.delete(run, false);
      }
      runs.add(merged);
    }
    return mergeRuns(runs, out);
  }

  private long mergeRuns(List<Path> runs, RFileWriter out) throws IOException {
    String[] names = runs.stream().map(Path::toString).toArray(String[]::new);
    long written = 0;
    try (Scanner merged =
        RFile.newScanner().from(names).withFileSystem(fs).withoutSystemIterators().build()) {
      Key cell = null;
      T sum = null;
      for (Map.Entry<Key, Value> e : merged) {
        T value = semiring.decode(e.getValue().get());
        if (cell != null && cell.equals(e.getKey(), PartialKey.ROW_COLFAM_COLQUAL_COLVIS)) {
          sum = semiring.plus(sum, value);
          continue;
        }
        if (cell != null) {
          out.append(cell, new Value(semiring.encode(sum)));
          written++;
        }
        cell = new Key(e.getKey());
        sum = value;
      }
      if (cell != null) {
        out.append(cell, new Value(semiring.encode(sum)));
        written++;
      }
    }
    return written;
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

  /** Empties {@code window} into C's writer (i-major) and CT's (j-major); either may be null. */
  static <T> void drainInto(
      Semiring<T> semiring, PresumBuffer<T> window, RFileWriter c, RFileWriter ct)
      throws IOException {
    window.drainSorted(
        c == null ? null : (i, j, visibility, sum) -> append(semiring, c, i, j, visibility, sum),
        ct == null ? null : (i, j, visibility, sum) -> append(semiring, ct, j, i, visibility, sum));
  }

  private static <T> void append(
      Semiring<T> semiring,
      RFileWriter writer,
      byte[] row,
      byte[] qualifier,
      byte[] visibility,
      T sum)
      throws IOException {
    writer.append(new Key(row, EMPTY, qualifier, visibility, 0L), new Value(semiring.encode(sum)));
  }
}
