package outerproduct.kernel.semiring;

/** Ordinary arithmetic over 64-bit integers; overflow is an error, never a wrap-around. */
public final class PlusTimesLong implements Semiring<Long> {
  public static final String NAME = "plus-times-long";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Long decode(byte[] value) {
    return Values.parseLong(value);
  }

  @Override
  public byte[] encode(Long value) {
    return Values.bytes(value.longValue());
  }

  @Override
  public Long plus(Long a, Long b) {
    try {
      return Math.addExact(a, b);
    } catch (ArithmeticException e) {
      throw new ArithmeticException(NAME + ": " + a + " + " + b + " overflows a 64-bit integer");
    }
  }

  @Override
  public Long times(Long a, Long b) {
    try {
      return Math.multiplyExact(a, b);
    } catch (ArithmeticException e) {
      throw new ArithmeticException(NAME + ": " + a + " * " + b + " overflows a 64-bit integer");
    }
  }

  /** |v| / 2⁶³: the values' magnitudes summing below 2⁶² leave every partial sum in range. */
  @Override
  public double plusExposure(Long value) {
    return Math.abs(value.doubleValue()) / 0x1p63;
  }

  @Override
  public Long zero() {
    return 0L;
  }
}
