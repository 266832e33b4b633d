package outerproduct.kernel.semiring;

/** (max, min) over doubles: widest (bottleneck) paths. Zero is −∞. */
public final class MaxMin extends DoubleSemiring {
  public static final String NAME = "max-min";

  public MaxMin() {
    super(NAME);
  }

  @Override
  public Double plus(Double a, Double b) {
    return Math.max(a, b);
  }

  @Override
  public Double times(Double a, Double b) {
    return Math.min(a, b);
  }

  /** Zero: the max of two numbers is always one of them. */
  @Override
  public double plusExposure(Double value) {
    return 0;
  }

  @Override
  public Double zero() {
    return Double.NEGATIVE_INFINITY;
  }
}
