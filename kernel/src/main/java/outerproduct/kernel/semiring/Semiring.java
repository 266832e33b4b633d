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

  /** Encodes a value in canonical form as UTF-8 text. */
  byte[] encode(T value);

  /** ⊕ */
  T plus(T a, T b);

  /** ⊗, with the AT operand first. */
  T times(T a, T b);

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
