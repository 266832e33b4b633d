package outerproduct.iterator;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.BatchWriterConfig;
import org.apache.accumulo.core.client.MutationsRejectedException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Mutation;
import outerproduct.kernel.semiring.Semiring;

/**
 * Writes partial products into C and/or CT for one call of {@link RemoteWriteIterator}: opened at
 * the start of the call, closed (everything flushed) before the call returns, since an iterator
 * gets no other chance to release a BatchWriter.
 *
 * <p>Without pre-sum, consecutive products of one C row (one AT entry times B's row) share one
 * Mutation. With pre-sum, up to {@code presumCells} distinct (i,j,visibility) are ⊕-ed in memory
 * and written when the buffer is full and at the end of the call. Each entry keeps its product's
 * visibility, so C's Combiner only ever ⊕-s products with equal labels.
 */
final class ResultWriter<T> implements AutoCloseable {
  private final Semiring<T> semiring;
  private final BatchWriter c;
  private final BatchWriter ct;
  private final String cName;
  private final String ctName;
  private final long presumCells;
  private final Map<ByteSequence, Map<Cell, T>> presum = new HashMap<>();
  private long buffered;
  private long written;

  private Mutation pending;
  private ByteSequence pendingRow;

  ResultWriter(Semiring<T> semiring, AccumuloClient client, String cTable, String ctTable,
      long presumCells, BatchWriterConfig config) throws IOException {
    this.semiring = semiring;
    this.cName = cTable;
    this.ctName = ctTable;
    this.presumCells = presumCells;
    try {
      this.c = cTable == null ? null : client.createBatchWriter(cTable, config);
      this.ct = ctTable == null ? null : client.createBatchWriter(ctTable, config);
    } catch (TableNotFoundException e) {
      throw new IOException("result table does not exist: " + e.getMessage(), e);
    }
  }

  static BatchWriterConfig config(long maxMemoryBytes, int threads) {
    return new BatchWriterConfig().setMaxMemory(maxMemoryBytes).setMaxWriteThreads(threads)
        .setMaxLatency(10, TimeUnit.MINUTES);
  }

  /** One partial product for C(i,j) with its visibility; the arrays are copied if kept. */
  void add(ByteSequence i, ByteSequence j, ByteSequence visibility, byte[] value) throws IOException {
    if (presumCells > 0) {
      T v = semiring.decode(value);
      Map<Cell, T> row = presum.computeIfAbsent(copy(i), r -> new HashMap<>());
      Cell cell = new Cell(j, visibility);
      T old = row.get(cell);
      if (old == null) {
        row.put(new Cell(copy(j), copy(visibility)), v);
        if (++buffered >= presumCells) {
          flushPresum();
        }
      } else {
        row.put(cell, semiring.plus(old, v));
      }
      return;
    }
    if (c != null) {
      if (pending == null || !pendingRow.equals(i)) {
        flushPending();
        pendingRow = copy(i);
        pending = new Mutation(pendingRow.toArray());
      }
      put(pending, j.toArray(), visibility, value);
    }
    if (ct != null) {
      Mutation m = new Mutation(j.toArray());
      put(m, i.toArray(), visibility, value);
      addTo(ct, ctName, m);
    }
    written++;
  }

  private static void put(Mutation m, byte[] qualifier, ByteSequence visibility, byte[] value) {
    if (visibility.length() == 0) {
      m.put(EMPTY, qualifier, value);
    } else {
      m.at().family(EMPTY).qualifier(qualifier).visibility(visibility.toArray()).put(value);
    }
  }

  /** A pre-summed cell within one row of C: products with different labels stay apart. */
  private record Cell(ByteSequence column, ByteSequence visibility) {}

  private static final byte[] EMPTY = new byte[0];

  private static ByteSequence copy(ByteSequence b) {
    return new ArrayByteSequence(b.toArray());
  }

  private void flushPending() throws IOException {
    if (pending != null) {
      addTo(c, cName, pending);
      pending = null;
      pendingRow = null;
    }
  }

  private void flushPresum() throws IOException {
    Map<ByteSequence, Mutation> transposed = ct == null ? null : new HashMap<>();
    for (Map.Entry<ByteSequence, Map<Cell, T>> row : presum.entrySet()) {
      Mutation m = c == null ? null : new Mutation(row.getKey().toArray());
      for (Map.Entry<Cell, T> entry : row.getValue().entrySet()) {
        Cell cell = entry.getKey();
        byte[] value = semiring.encode(entry.getValue());
        if (m != null) {
          put(m, cell.column().toArray(), cell.visibility(), value);
        }
        if (transposed != null) {
          put(transposed.computeIfAbsent(cell.column(), j -> new Mutation(j.toArray())),
              row.getKey().toArray(), cell.visibility(), value);
        }
        written++;
      }
      if (m != null) {
        addTo(c, cName, m);
      }
    }
    if (transposed != null) {
      for (Mutation m : transposed.values()) {
        addTo(ct, ctName, m);
      }
    }
    presum.clear();
    buffered = 0;
  }

  private static void addTo(BatchWriter writer, String table, Mutation m) throws IOException {
    try {
      writer.addMutation(m);
    } catch (MutationsRejectedException e) {
      throw new IOException("writing to '" + table + "' failed: " + e.getMessage(), e);
    }
  }

  /** Entries put into C (or CT, when only CT is written) so far. */
  long written() {
    return written;
  }

  @Override
  public void close() throws IOException {
    flushPending();
    flushPresum();
    IOException failure = null;
    for (BatchWriter w : new BatchWriter[] {c, ct}) {
      if (w == null) {
        continue;
      }
      try {
        w.close();
      } catch (MutationsRejectedException e) {
        failure = new IOException("writing to '" + (w == c ? cName : ctName) + "' failed: " + e.getMessage(), e);
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
