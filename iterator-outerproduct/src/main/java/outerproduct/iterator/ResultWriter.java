package outerproduct.iterator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.BatchWriterConfig;
import org.apache.accumulo.core.client.MutationsRejectedException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import outerproduct.kernel.product.MultiplyCancelledException;
import outerproduct.kernel.product.SortedWindow;
import outerproduct.kernel.semiring.Semiring;

/**
 * Writes partial products into C and/or CT for one call of {@link RemoteWriteIterator}: opened at
 * the start of the call, closed (everything flushed) before the call returns, since an iterator
 * gets no other chance to release a BatchWriter.
 *
 * <p>With pre-sum, up to {@code presumProducts} products are held ({@link SortedWindow}), then
 * sorted, ⊕-ed per cell and written in key order: C's and CT's in-memory maps are sorted maps, and
 * a run of ascending inserts finds its place in them through what the previous insert left in the
 * processor's caches, where a random one misses at most levels: with Java in-memory maps a window
 * sped a SCALE 14 multiply up 1.6× (docs/performance.md), more than a hash table of cells that
 * wrote fewer entries in arrival order.
 *
 * <p>Every entry is its own Mutation. Accumulo 2.1.4's write-ahead-log recovery replays each
 * mutation with room for one in-memory-map entry ({@code Tablet}'s recovery calls {@code
 * mutate(..., singletonList(m), 1)}), so the updates of consecutive multi-entry mutations share
 * counters, and an entry equal in key and timestamp to one of an earlier mutation replaces it
 * instead of joining it. Partial products of one C cell are exactly such entries: written as rows
 * of several products, a recovered C lost up to 90% of a cell's sum ({@code WalRecoveryCanary}).
 * Single-entry mutations get distinct counters.
 */
final class ResultWriter<T> implements ProductWriter<T> {
  private final BatchWriter c;
  private final BatchWriter ct;
  private final String cName;
  private final String ctName;
  private final Semiring<T> semiring;
  private final SortedWindow<T> presum;
  private final MultiplyLiveness liveness;
  private boolean abandoned;
  private long written;
  private long sentBytes;

  ResultWriter(
      Semiring<T> semiring,
      AccumuloClient client,
      String cTable,
      String ctTable,
      int presumProducts,
      BatchWriterConfig config,
      MultiplyLiveness liveness)
      throws IOException {
    this.semiring = semiring;
    this.liveness = liveness;
    this.cName = cTable;
    this.ctName = ctTable;
    this.presum = presumProducts == 0 ? null : new SortedWindow<>(presumProducts, semiring);
    try {
      this.c = cTable == null ? null : client.createBatchWriter(cTable, config);
      this.ct = ctTable == null ? null : client.createBatchWriter(ctTable, config);
    } catch (TableNotFoundException e) {
      throw new IOException("result table does not exist: " + e.getMessage(), e);
    }
  }

  static BatchWriterConfig config(long maxMemoryBytes, int threads) {
    return new BatchWriterConfig()
        .setMaxMemory(maxMemoryBytes)
        .setMaxWriteThreads(threads)
        .setMaxLatency(10, TimeUnit.MINUTES);
  }

  @Override
  public void add(byte[] i, byte[] j, byte[] visibility, T value) throws IOException {
    if (presum != null) {
      if (presum.isFull()) {
        drain();
      }
      presum.add(i, j, visibility, value);
      return;
    }
    write(i, j, visibility, semiring.encode(value));
  }

  /** Writes the window's cells, C's in C's key order, then CT's in CT's. */
  private void drain() throws IOException {
    presum.drainSorted(
        c == null
            ? null
            : (i, j, v, value) -> {
              addTo(c, cName, entry(i, j, v, value));
              written++;
            },
        ct == null
            ? null
            : (i, j, v, value) -> {
              addTo(ct, ctName, entry(j, i, v, value));
              if (c == null) {
                written++;
              }
            });
  }

  /** C(i,j) and CT(j,i), each a single-entry Mutation (see the class comment for why). */
  private void write(byte[] i, byte[] j, byte[] visibility, byte[] value) throws IOException {
    if (c != null) {
      addTo(c, cName, entry(i, j, visibility, value));
    }
    if (ct != null) {
      addTo(ct, ctName, entry(j, i, visibility, value));
    }
    written++;
  }

  private static Mutation entry(byte[] row, byte[] qualifier, byte[] visibility, byte[] value) {
    Mutation m = new Mutation(row);
    if (visibility.length == 0) {
      m.put(EMPTY, qualifier, value);
    } else {
      m.at().family(EMPTY).qualifier(qualifier).visibility(visibility).put(value);
    }
    return m;
  }

  private static final byte[] EMPTY = new byte[0];

  /**
   * @throws MultiplyCancelledException once the multiply is no longer wanted: a window of millions
   *     of cells would otherwise go on into C after a cancel, and again on {@link #close}
   */
  private void addTo(BatchWriter writer, String table, Mutation m) throws IOException {
    try {
      liveness.product();
    } catch (MultiplyCancelledException e) {
      abandoned = true;
      throw e;
    }
    sentBytes += m.numBytes();
    try {
      writer.addMutation(m);
    } catch (MutationsRejectedException e) {
      throw rejected(table, e);
    }
  }

  /**
   * The failure of a write into {@code table}, or a cancel: a cancel deletes a C the multiply
   * created, which fails the writes still under way for it.
   *
   * @throws MultiplyCancelledException if the multiply is no longer wanted
   */
  private IOException rejected(String table, MutationsRejectedException e) {
    IOException failure =
        new IOException("writing to '" + table + "' failed: " + e.getMessage(), e);
    try {
      liveness.requireWanted();
    } catch (UncheckedIOException unknown) {
      failure.addSuppressed(unknown);
    }
    return failure;
  }

  /** Entries put into C (or CT, when only CT is written) so far. */
  @Override
  public long written() {
    return written;
  }

  @Override
  public Progress.Traffic traffic() {
    return new Progress.Traffic(sentBytes, 0);
  }

  /** Closing flushes everything: the BatchWriters commit what they have, range or not. */
  @Override
  public void commit(Range covered) {}

  @Override
  public void close() throws IOException {
    if (presum != null && !abandoned) {
      drain();
    }
    IOException failure = null;
    for (BatchWriter w : new BatchWriter[] {c, ct}) {
      if (w == null) {
        continue;
      }
      try {
        w.close();
      } catch (MutationsRejectedException e) {
        failure = rejected(w == c ? cName : ctName, e);
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
