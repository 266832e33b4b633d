package outerproduct.kernel.semiring;

import java.math.BigDecimal;

/**
 * Exact decimal arithmetic (Graphulo's default value type); canonical form strips trailing zeros.
 */
public final class PlusTimesDecimal implements Semiring<BigDecimal> {
  public static final String NAME = "plus-times-bigdecimal";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public BigDecimal decode(byte[] value) {
    try {
      return new BigDecimal(Values.text(value));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a decimal number");
    }
  }

  @Override
  public byte[] encode(BigDecimal value) {
    return Values.bytes(value.stripTrailingZeros().toPlainString());
  }

  @Override
  public BigDecimal plus(BigDecimal a, BigDecimal b) {
    return a.add(b);
  }

  @Override
  public BigDecimal times(BigDecimal a, BigDecimal b) {
    return a.multiply(b);
  }

  /** Zero: exact decimal sums never overflow. */
  @Override
  public double plusExposure(BigDecimal value) {
    return 0;
  }

  @Override
  public BigDecimal zero() {
    return BigDecimal.ZERO;
  }

  @Override
  public boolean isZero(BigDecimal value) {
    return value.signum() == 0;
  }
}
