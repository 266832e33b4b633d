package outerproduct.kernel.semiring;

/** (max, +) over doubles: longest / critical paths. Zero is −∞. */
public final class MaxPlus extends DoubleSemiring {
  public static final String NAME = "max-plus";

  public MaxPlus() {
    super(NAME);
  }

  @Override
  public Double plus(Double a, Double b) {
    return Math.max(a, b);
  }

  @Override
  public Double times(Double a, Double b) {
    return checked(a, "+", b, a + b);
  }

  /** Zero: min and max of two numbers is always one of them. */
  @Override
  public double plusExposure(Double value) {
    return 0;
  }

  @Override
  public Double zero() {
    return Double.NEGATIVE_INFINITY;
  }
}
