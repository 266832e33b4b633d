package outerproduct.iterator;

import java.io.IOException;
import org.apache.accumulo.core.data.Range;

/**
 * Where one call of {@link RemoteWriteIterator} puts its partial products: C and/or CT through
 * BatchWriters ({@link ResultWriter}), sorted files staged for one bulk import ({@link
 * StretchFiles}), or back to the caller in the call's returned entry ({@link ReturnedCells}).
 */
interface ProductWriter<T> extends AutoCloseable {
  /**
   * One partial product for C(i,j) with its visibility and its value as the semiring's object; the
   * arrays may be kept, since callers never modify them ({@link ProductFeed}).
   */
  void add(byte[] i, byte[] j, byte[] visibility, T value) throws IOException;

  /** Entries written so far (into C, or CT when only CT is written). */
  long written();

  /** The bytes written so far ({@link Progress.Traffic}). */
  Progress.Traffic traffic();

  /**
   * Makes everything added durable as the products of the rows of B in {@code covered}: called
   * once, at a row boundary, before the call's monitoring entry is returned.
   */
  void commit(Range covered) throws IOException;

  /**
   * Whether the call should end at the next row boundary for this writer's sake (its returned cells
   * reached their bound, {@link ReturnedCells}).
   */
  default boolean full() {
    return false;
  }

  /** What the call returns to the caller beside its progress, once committed; null for none. */
  default byte[] returned() {
    return null;
  }

  /** Releases the writer; products added but not committed may be lost or written. */
  @Override
  void close() throws IOException;
}
