package outerproduct.mr.task;

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
      T x;
      try {
        x = semiring.decode(v.copyBytes());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "partial product for cell "
                + cell
                + " of C: value '"
                + v
                + "' is not a "
                + semiring.name()
                + " value ("
                + e.getMessage()
                + ")",
            e);
      }
      try {
        sum = sum == null ? x : semiring.plus(sum, x);
      } catch (ArithmeticException e) {
        throw new ArithmeticException(e.getMessage() + " summing cell " + cell + " of C");
      }
      count++;
    }
    return new Sum<>(sum, count);
  }

  byte[] encode(T value) {
    return semiring.encode(value);
  }

  boolean isZero(T value) {
    return semiring.isZero(value);
  }

  record Sum<T>(T value, long count) {}
}
