package outerproduct.compare;

import java.io.IOException;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.product.InMemoryEntrySource;
import outerproduct.kernel.product.OuterProduct;
import outerproduct.kernel.semiring.Semiring;

/**
 * The kernel alone on a SCALE's inputs: {@link OuterProduct} over matrices held in this JVM, every
 * partial product formed and encoded as the engines encode it before writing, on one thread. No
 * Accumulo, Hadoop, network or disk: what this machine's core does for this algorithm, the
 * yardstick the report divides each engine's rate by.
 */
final class KernelRate {
  /** Passes over the inputs go on until at least this long has been measured... */
  private static final double MIN_SECONDS = 3;

  /** ...and at least this many passes, the first warming the JIT, and at most so many. */
  private static final int MIN_PASSES = 2;

  private static final int MAX_PASSES = 20;

  /** Partial products per second of the fastest pass, and the products of one pass. */
  record Result(long partialProducts, double ppPerSecond) {}

  private KernelRate() {}

  static <T> Result measure(Semiring<T> semiring, SparseMatrix at, SparseMatrix b)
      throws IOException {
    InMemoryEntrySource atSource = new InMemoryEntrySource("AT", at);
    InMemoryEntrySource bSource = new InMemoryEntrySource("B", b);
    double best = 0;
    double measured = 0;
    long products = 0;
    for (int pass = 0; pass < MAX_PASSES && (pass < MIN_PASSES || measured < MIN_SECONDS); pass++) {
      long begin = System.nanoTime();
      OuterProduct<T> product = new OuterProduct<>(semiring, atSource.rewind(), bSource.rewind());
      long n = 0;
      long bytes = 0;
      while (product.advance()) {
        bytes += semiring.encode(product.value()).length;
        n++;
      }
      double seconds = (System.nanoTime() - begin) / 1e9;
      measured += seconds;
      products = n;
      // The encoded lengths are summed so the JIT cannot drop the encoding as unused.
      if (bytes > 0 && n / seconds > best) {
        best = n / seconds;
      }
    }
    return new Result(products, best);
  }
}
