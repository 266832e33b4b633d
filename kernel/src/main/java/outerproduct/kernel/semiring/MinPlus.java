package outerproduct.kernel.semiring;

/** Tropical (min, +) over doubles: shortest paths. Zero is +∞. */
public final class MinPlus extends DoubleSemiring {
  public static final String NAME = "min-plus";

  public MinPlus() {
    super(NAME);
  }

  @Override
  public Double plus(Double a, Double b) {
    return Math.min(a, b);
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
    return Double.POSITIVE_INFINITY;
  }
}
