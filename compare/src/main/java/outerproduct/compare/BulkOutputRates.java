package outerproduct.compare;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import outerproduct.internals.SortedFileWriter;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.product.InMemoryEntrySource;
import outerproduct.kernel.product.OuterProduct;
import outerproduct.kernel.product.SortedWindow;
import outerproduct.kernel.semiring.Semiring;

/**
 * Bulk output's two stages on a SCALE's inputs without Accumulo's servers, each on one thread: the
 * kernel's products through its sorted window (formed, added, sorted, ⊕-ed per cell and encoded, as
 * the engines hand cells to their writers) in products per second, and the RFile writer the engines
 * write C's files with ({@link SortedFileWriter}) alone on those cells (a {@code Key} and {@code
 * Value} per cell over shared arrays, as the engines write) in cells per second, into an RFile on
 * the local disk without checksums (the embedded cluster's volume) with the compression bulk output
 * gives C's files. Both run on the first {@value #SAMPLE_PRODUCTS} partial products (all of them
 * when there are fewer), the window at that size, near the 6.3M products a 3 GB tablet server's
 * window holds. An engine whose every product went through one such window and every cell of C
 * through the writer once, with no reading, runs, merge or import, could go no faster than these
 * two stages allow.
 *
 * <p>Memory: the window (16 bytes a product, {@link SortedWindow}) and the sample's cells, four
 * references each over arrays the window shares.
 */
final class BulkOutputRates {
  /** Partial products of the sample: 128 MB of window, some seconds of writing at most. */
  static final int SAMPLE_PRODUCTS = 1 << 23;

  /**
   * Each stage's passes go on until at least this long has been measured, at least three, at most
   * ten; the fastest counts. Best of several for the window as for the writer: a pass over a SCALE
   * 18 sample takes about two seconds, and the faster of only two such passes differed by 1.7 times
   * between runs over the same sample.
   */
  private static final double MIN_SECONDS = 5;

  private static final int MIN_PASSES = 3;
  private static final int MAX_PASSES = 10;

  /** One timed pass of a stage. */
  @FunctionalInterface
  private interface Pass {
    /** Runs the stage once; the number of products or cells it handled. */
    long run() throws IOException;
  }

  /**
   * The sample's products and cells; the fastest pass's products per second through the window and
   * cells per second through the writer.
   */
  record Result(long products, double windowPpPerSecond, long cells, double cellsPerSecond) {}

  /** The sample's cells in C's key order. */
  record Cells(
      long products,
      List<byte[]> rows,
      List<byte[]> columns,
      List<byte[]> labels,
      List<byte[]> values) {
    int size() {
      return rows.size();
    }
  }

  private BulkOutputRates() {}

  /**
   * @param compression the files' compression (as {@code table.file.compress.type}); null for
   *     Accumulo's default
   */
  static <T> Result measure(
      Semiring<T> semiring, SparseMatrix at, SparseMatrix b, String compression)
      throws IOException {
    double window = fastest(() -> windowPass(semiring, at, b));
    Cells cells = sample(semiring, at, b);
    Path dir = new Path(Files.createTempDirectory("outerproduct-file-write").toUri());
    try (FileSystem fs = new RawLocalFileSystem()) {
      fs.initialize(URI.create("file:///"), new Configuration());
      try {
        double files = passes(cells, fs, new Path(dir, "c.rf"), compression);
        return new Result(cells.products(), window, cells.size(), files);
      } finally {
        fs.delete(dir, true);
      }
    }
  }

  /** Writes the cells again until enough has been measured; the fastest pass's cells per second. */
  private static double passes(Cells cells, FileSystem fs, Path file, String compression)
      throws IOException {
    Map<String, String> properties = FileCompression.fileProperties(compression);
    return fastest(
        () -> {
          fs.delete(file, false);
          write(cells, fs, file, properties);
          return cells.size();
        });
  }

  /** Runs {@code pass} as often as {@link #MIN_SECONDS} asks; the fastest pass's units a second. */
  private static double fastest(Pass pass) throws IOException {
    double best = 0;
    double measured = 0;
    for (int n = 0; n < MAX_PASSES && (n < MIN_PASSES || measured < MIN_SECONDS); n++) {
      long begin = System.nanoTime();
      long units = pass.run();
      double seconds = (System.nanoTime() - begin) / 1e9;
      measured += seconds;
      best = Math.max(best, units / seconds);
    }
    return best;
  }

  /**
   * One pass of the window over the sample, its cells handed to a sink that only adds up their
   * values' lengths (so that the JIT cannot drop the encoding): what the window costs an engine
   * before its writer's own work.
   */
  private static <T> long windowPass(Semiring<T> semiring, SparseMatrix at, SparseMatrix b)
      throws IOException {
    SortedWindow<T> window = filled(semiring, at, b);
    int products = window.size();
    long[] bytes = new long[1];
    window.drainSorted((i, j, label, value) -> bytes[0] += value.length, null);
    return bytes[0] >= 0 ? products : 0;
  }

  /** The cells of the sample, as the window drains them. */
  static <T> Cells sample(Semiring<T> semiring, SparseMatrix at, SparseMatrix b)
      throws IOException {
    SortedWindow<T> window = filled(semiring, at, b);
    Cells cells =
        new Cells(
            window.size(),
            new ArrayList<>(window.size()),
            new ArrayList<>(window.size()),
            new ArrayList<>(window.size()),
            new ArrayList<>(window.size()));
    window.drainSorted(
        (i, j, label, value) -> {
          cells.rows().add(i);
          cells.columns().add(j);
          cells.labels().add(label);
          cells.values().add(value);
        },
        null);
    return cells;
  }

  /** The window of the sample's products: the first {@link #SAMPLE_PRODUCTS}, or all. */
  private static <T> SortedWindow<T> filled(Semiring<T> semiring, SparseMatrix at, SparseMatrix b)
      throws IOException {
    OuterProduct<T> product =
        new OuterProduct<>(
            semiring, new InMemoryEntrySource("AT", at), new InMemoryEntrySource("B", b));
    SortedWindow<T> window = new SortedWindow<>(SAMPLE_PRODUCTS, semiring);
    while (!window.isFull() && product.advance()) {
      window.add(product.i(), product.j(), product.visibility(), product.value());
    }
    return window;
  }

  static void write(Cells cells, FileSystem fs, Path file, Map<String, String> properties)
      throws IOException {
    try (SortedFileWriter writer = SortedFileWriter.open(fs, file, properties)) {
      for (int x = 0; x < cells.size(); x++) {
        writer.append(
            cells.rows().get(x),
            cells.columns().get(x),
            cells.labels().get(x),
            cells.values().get(x));
      }
    }
  }
}
