package outerproduct.kernel.semiring;

/**
 * Ordinary arithmetic over IEEE doubles. ⊕ is associative only up to rounding: engines that sum in
 * different orders may differ in the last bits, so compare results of this semiring with a
 * tolerance, or use {@link PlusTimesDecimal} where exact identity matters.
 */
public final class PlusTimesDouble extends DoubleSemiring {
  public static final String NAME = "plus-times-double";

  public PlusTimesDouble() {
    super(NAME);
  }

  @Override
  public Double plus(Double a, Double b) {
    return checked(a, "+", b, a + b);
  }

  @Override
  public Double times(Double a, Double b) {
    return checked(a, "*", b, a * b);
  }

  /**
   * |v| / the largest double: magnitudes summing below half of it never reach ±∞, so no sum meets ∞
   * − ∞; an infinite value is infinitely exposed.
   */
  @Override
  public double plusExposure(Double value) {
    return Math.abs(value) / Double.MAX_VALUE;
  }

  @Override
  public Double zero() {
    return 0.0;
  }

  @Override
  public boolean isZero(Double value) {
    return value == 0.0; // -0.0 as well
  }
}
