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

  /**
   * {@code result} of {@code a op b}, unless it is NaN, which is no value of these semirings (∞ − ∞
   * under ⊕, ∞ · 0 under ⊗, ∞ + (−∞) under min-plus's ⊗).
   *
   * @throws ArithmeticException naming the semiring, the operation and both values
   */
  final double checked(double a, String op, double b, double result) {
    if (Double.isNaN(result)) {
      throw new ArithmeticException(name + ": " + a + " " + op + " " + b + " is not a number");
    }
    return result;
  }

  @Override
  public boolean isZero(Double value) {
    return Double.compare(value, zero()) == 0;
  }
}
