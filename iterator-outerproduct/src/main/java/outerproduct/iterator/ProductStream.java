package outerproduct.iterator;

import java.io.IOException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import outerproduct.kernel.product.EntrySource;
import outerproduct.kernel.product.OuterProduct;
import outerproduct.kernel.semiring.Semiring;

/**
 * The kernel's products as {@link TwoTableIterator}'s keys and values; keeps the semiring's type in
 * one place.
 */
final class ProductStream<T> {
  private final Semiring<T> semiring;
  final OuterProduct<T> product;

  ProductStream(Semiring<T> semiring, EntrySource at, EntrySource b) {
    this.semiring = semiring;
    this.product = new OuterProduct<>(semiring, at, b);
  }

  boolean advance() throws IOException {
    return product.advance();
  }

  byte[] k() {
    return product.k();
  }

  /** The kernel's arrays are never modified once handed out, so the key shares them. */
  Key key() {
    return new Key(product.k(), product.i(), product.j(), product.visibility(), 0L, false, false);
  }

  Value value() {
    return new Value(semiring.encode(product.value()));
  }
}
