package outerproduct.iterator;

import java.io.IOException;
import java.util.Arrays;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import outerproduct.kernel.product.OuterProduct;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.kernel.semiring.Semiring;

/**
 * The partial products of {@link RemoteWriteIterator}'s source, entry (k, i, j) by entry, as its
 * writers take them: ids as arrays that are never modified, values as the semiring's objects.
 *
 * <p>From a {@link TwoTableIterator} of the same semiring directly under the write iterator, the
 * kernel's own arrays and values: no Key, Value or text encoding per product, which the writer
 * would only take apart again. From any other source (the selection of B's rows, or a stack with
 * other iterators in between), each entry's Key taken apart and its Value decoded.
 */
abstract class ProductFeed<T> {
  final SortedKeyValueIterator<Key, Value> source;
  final Semiring<T> semiring;

  private ProductFeed(SortedKeyValueIterator<Key, Value> source, Semiring<T> semiring) {
    this.source = source;
    this.semiring = semiring;
  }

  /** Reads {@code source}, which was just sought. */
  static <T> ProductFeed<T> of(SortedKeyValueIterator<Key, Value> source, Semiring<T> semiring) {
    TwoTableIterator two = kernelSource(source, semiring);
    if (two != null) {
      @SuppressWarnings("unchecked") // the same semiring: its products' values are Ts
      OuterProduct<T> product = (OuterProduct<T>) two.product();
      return new Kernel<>(two, product, semiring);
    }
    return new Entries<>(source, semiring);
  }

  /**
   * {@code source} when it is a {@link TwoTableIterator} of {@code semiring}, whose kernel the
   * writer may read directly; else null.
   */
  static TwoTableIterator kernelSource(
      SortedKeyValueIterator<Key, Value> source, Semiring<?> semiring) {
    if (source instanceof TwoTableIterator two
        && two.semiring().getClass() == semiring.getClass()
        && two.semiring().name().equals(semiring.name())) {
      return two;
    }
    return null;
  }

  final boolean hasTop() {
    return source.hasTop();
  }

  /** The top product's row k of B: one array for all the products of a row. */
  abstract byte[] k();

  /**
   * Hands the top product to {@code writer}.
   *
   * @return its {@link Semiring#plusExposure}
   */
  abstract double addTo(ProductWriter<T> writer) throws IOException;

  final void next() throws IOException {
    source.next();
  }

  private static final class Kernel<T> extends ProductFeed<T> {
    private final OuterProduct<T> product;

    Kernel(TwoTableIterator source, OuterProduct<T> product, Semiring<T> semiring) {
      super(source, semiring);
      this.product = product;
    }

    @Override
    byte[] k() {
      return product.k();
    }

    @Override
    double addTo(ProductWriter<T> writer) throws IOException {
      T value = product.value();
      writer.add(product.i(), product.j(), product.visibility(), value);
      return semiring.plusExposure(value);
    }
  }

  private static final class Entries<T> extends ProductFeed<T> {
    private static final byte[] NO_LABEL = new byte[0];

    private byte[] row;

    Entries(SortedKeyValueIterator<Key, Value> source, Semiring<T> semiring) {
      super(source, semiring);
    }

    @Override
    byte[] k() {
      ByteSequence k = source.getTopKey().getRowData();
      if (row == null
          || !Arrays.equals(
              row, 0, row.length, k.getBackingArray(), k.offset(), k.offset() + k.length())) {
        row = k.toArray();
      }
      return row;
    }

    @Override
    double addTo(ProductWriter<T> writer) throws IOException {
      Key key = source.getTopKey();
      ByteSequence label = key.getColumnVisibilityData();
      byte[] j = key.getColumnQualifierData().toArray();
      byte[] value = source.getTopValue().get();
      T decoded;
      try {
        decoded = semiring.decode(value);
      } catch (IllegalArgumentException e) {
        // the iterator knows only its table's id; the scanned table is B in every TableMult
        throw new BadValueException("B", key.getRowData().toArray(), j, value, semiring.name(), e);
      }
      writer.add(
          key.getColumnFamilyData().toArray(),
          j,
          label.length() == 0 ? NO_LABEL : label.toArray(),
          decoded);
      return semiring.plusExposure(decoded);
    }
  }
}
