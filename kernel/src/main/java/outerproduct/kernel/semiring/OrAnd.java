package outerproduct.kernel.semiring;

/**
 * Boolean (or, and): reachability. Stored values are {@code 1} (true) or {@code 0} (an explicit
 * false, the same as absent); anything else is a bad value, so a weighted table multiplied under
 * this semiring fails loudly instead of being read as a graph.
 */
public final class OrAnd implements Semiring<Boolean> {
  public static final String NAME = "or-and";
  private static final byte[] TRUE = {'1'};
  private static final byte[] FALSE = {'0'};

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Boolean decode(byte[] value) {
    if (value != null && value.length == 1) {
      if (value[0] == '1') {
        return Boolean.TRUE;
      }
      if (value[0] == '0') {
        return Boolean.FALSE;
      }
    }
    throw new IllegalArgumentException("or-and values are 1 or 0");
  }

  @Override
  public byte[] encode(Boolean value) {
    return value ? TRUE.clone() : FALSE.clone();
  }

  @Override
  public Boolean plus(Boolean a, Boolean b) {
    return a || b;
  }

  @Override
  public Boolean times(Boolean a, Boolean b) {
    return a && b;
  }

  /** Zero: or never fails. */
  @Override
  public double plusExposure(Boolean value) {
    return 0;
  }

  @Override
  public Boolean zero() {
    return Boolean.FALSE;
  }
}
