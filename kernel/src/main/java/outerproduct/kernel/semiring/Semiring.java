package outerproduct.kernel.semiring;

/**
 * The scalar algebra of a multiply: {@code C(i,j) = ⊕ over k of AT(k,i) ⊗ B(k,j)}.
 *
 * <p>Contract, relied on by every engine:
 *
 * <ul>
 *   <li>{@link #plus} (⊕) is associative and commutative. Engines apply it in any order and in
 *       pieces: in a Combiner at scan, minc and majc, in a Hadoop combiner, in a pre-sum buffer. A
 *       non-commutative ⊕ gives engine-dependent results.
 *   <li>{@link #times} (⊗) need not commute; it is always called as {@code times(a, b)} with the AT
 *       value first.
 *   <li>The implicit value of an absent entry is {@link #zero()}: the identity of ⊕ and the
 *       annihilator of ⊗. That is what lets the engines skip absent entries.
 *   <li>{@link #encode} writes the canonical form (docs/format.md), so equal values have equal
 *       bytes and results from different engines compare byte for byte.
 *   <li>Implementations are stateless and thread-safe; a pluggable one has a public no-argument
 *       constructor (see {@link Semirings#forName}).
 * </ul>
 *
 * @param <T> the decoded value type
 */
public interface Semiring<T> {

  /** The name under which the semiring is configured: a built-in name or the class name. */
  String name();

  /**
   * Decodes a stored value.
   *
   * @throws IllegalArgumentException naming the value when it is not a value of this semiring;
   *     callers add the table and key (see {@link BadValueException})
   */
  T decode(byte[] value);

  /**
   * Encodes a value in canonical form as UTF-8 text. The array is the caller's to read, never to
   * change: an implementation may hand out one array for equal values (the built-in long semiring
   * does for small ones).
   */
  byte[] encode(T value);

  /**
   * ⊕
   *
   * @throws ArithmeticException naming both values when the sum is not a value of this semiring (an
   *     overflow, a NaN): ⊕ never returns what {@link #decode} would refuse
   */
  T plus(T a, T b);

  /**
   * ⊗, with the AT operand first.
   *
   * @throws ArithmeticException naming both values when the product is not a value of this
   *     semiring, as {@link #plus}
   */
  T times(T a, T b);

  /**
   * ⊕ over values whose exposures sum below this cannot fail ({@link #plusExposure}). One half, not
   * one: the sum is taken in doubles, whose rounding over a billion values stays far below a half.
   */
  double SAFE_EXPOSURE = 0.5;

  /**
   * How much of ⊕'s room {@code value} takes: for any values whose exposures sum below {@link
   * #SAFE_EXPOSURE}, ⊕ over any of them, in any order, cannot throw. A writer that sums its values'
   * exposures knows, without reading C back, whether C's lazy ⊕ (its combiner) may have failed; for
   * plus-times-long it is |v| / 2⁶³. Zero for a ⊕ that never fails (min, max, or, exact decimals);
   * infinite, the default, for a semiring that cannot say, so its results are always checked.
   */
  default double plusExposure(T value) {
    return Double.POSITIVE_INFINITY;
  }

  /** The identity of ⊕ (and annihilator of ⊗): what an absent entry means. */
  T zero();

  /** Whether {@code value} is {@link #zero()}; engines that remove zeros drop such results. */
  default boolean isZero(T value) {
    return zero().equals(value);
  }

  /** Decodes and re-encodes, giving the canonical form of stored bytes. */
  default byte[] canonical(byte[] value) {
    return encode(decode(value));
  }
}
