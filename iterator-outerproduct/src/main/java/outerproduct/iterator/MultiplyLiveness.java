package outerproduct.iterator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import outerproduct.kernel.accumulo.FileSystems;
import outerproduct.kernel.product.MultiplyCancelledException;

/**
 * Whether the multiply a tablet server works for is still wanted, asked inside a call: its
 * credentials file ({@link CredentialFile}) lives exactly while the multiply runs, and a client
 * that cancels deletes it first. So a tablet's call, which may be all of that tablet's share of a
 * whole-table multiply, stops within {@value #CHECK_MILLIS} ms of a cancel (plus one row part's
 * products) instead of running to its end.
 *
 * <p>Counted per product formed and per entry a BatchWriter output's window sends into C (a window
 * of millions of cells would otherwise go on being written after a cancel). Cost: one {@code
 * exists} on the file system every {@value #CHECK_MILLIS} ms of a call, asked only every {@value
 * #PRODUCTS_BETWEEN_CLOCKS} counts, so the loops read no clock per product.
 */
final class MultiplyLiveness {
  static final long CHECK_MILLIS = 250;
  static final int PRODUCTS_BETWEEN_CLOCKS = 256;

  /** Always wanted: a stack without a credentials file (a test harness, a replay). */
  static final MultiplyLiveness ALWAYS = new MultiplyLiveness(null, null);

  private final String location;
  private final Path file;
  private long nextCheck;
  private int products;

  private MultiplyLiveness(String location, Path file) {
    this.location = location;
    this.file = file;
    this.nextCheck = System.nanoTime() + CHECK_MILLIS * 1_000_000;
  }

  /** Wanted while the credentials file at {@code location} exists; null: always. */
  static MultiplyLiveness of(String location) {
    return location == null
        ? ALWAYS
        : new MultiplyLiveness(location, new Path(URI.create(location)));
  }

  /**
   * Counts one product (or entry written) and, now and then, asks whether the multiply is still
   * wanted.
   *
   * @throws MultiplyCancelledException once the credentials file is gone
   */
  void product() {
    if (file != null && ++products == PRODUCTS_BETWEEN_CLOCKS) {
      products = 0;
      long now = System.nanoTime();
      if (now >= nextCheck) {
        nextCheck = now + CHECK_MILLIS * 1_000_000;
        requireFile();
      }
    }
  }

  /**
   * Asks now, whatever the count.
   *
   * @throws MultiplyCancelledException if the credentials file is gone
   */
  void requireWanted() {
    if (file != null) {
      requireFile();
    }
  }

  private void requireFile() {
    boolean exists;
    try {
      FileSystem fs = FileSystems.of(file.toUri());
      exists = fs.exists(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot ask whether " + location + " exists", e);
    }
    if (!exists) {
      throw new MultiplyCancelledException(
          "its multiply ended or was cancelled: credentials file " + location + " is gone");
    }
  }
}
