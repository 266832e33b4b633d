package outerproduct.mr.task;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.mr.io.CellKey;

/**
 * ⊕ over one cell's values, as the combiner and the reducers apply it. Values travel as the
 * semiring's canonical text (docs/format.md), the same bytes C stores.
 */
final class CellFold<T> {
  private final Semiring<T> semiring;

  CellFold(Semiring<T> semiring) {
    this.semiring = semiring;
  }

  /**
   * The ⊕ of all values, and how many there were.
   *
   * @throws IllegalArgumentException naming the cell and the value the semiring rejects
   */
  Sum<T> fold(CellKey cell, Iterable<Text> values) {
    T sum = null;
    long count = 0;
    for (Text v : values) {
      T x = decode(cell, v.copyBytes());
      sum = sum == null ? x : plus(cell, sum, x);
      count++;
    }
    return new Sum<>(sum, count);
  }

  /**
   * One value of {@code cell} (named in a message) as the semiring reads it.
   *
   * @throws IllegalArgumentException naming the cell and the value the semiring rejects
   */
  T decode(Object cell, byte[] value) {
    try {
      return semiring.decode(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "partial product for cell "
              + cell
              + " of C: value '"
              + new String(value, StandardCharsets.UTF_8)
              + "' is not a "
              + semiring.name()
              + " value ("
              + e.getMessage()
              + ")",
          e);
    }
  }

  /** a ⊕ b, an overflow naming {@code cell}. */
  T plus(Object cell, T a, T b) {
    try {
      return semiring.plus(a, b);
    } catch (ArithmeticException e) {
      throw new ArithmeticException(e.getMessage() + " summing cell " + cell + " of C");
    }
  }

  byte[] encode(T value) {
    return semiring.encode(value);
  }

  boolean isZero(T value) {
    return semiring.isZero(value);
  }

  record Sum<T>(T value, long count) {}
}
