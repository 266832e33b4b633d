package outerproduct.kernel.semiring;

/**
 * Decimal text ⇄ double, canonical form {@link Double#toString(double)}, for the double semirings.
 */
abstract class DoubleSemiring implements Semiring<Double> {
  private final String name;

  DoubleSemiring(String name) {
    this.name = name;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final Double decode(byte[] value) {
    return Values.parseDouble(value);
  }

  @Override
  public final byte[] encode(Double value) {
    return Values.bytes(Double.toString(value));
  }

  @Override
  public boolean isZero(Double value) {
    return Double.compare(value, zero()) == 0;
  }
}
