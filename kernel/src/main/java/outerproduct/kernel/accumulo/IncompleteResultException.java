package outerproduct.kernel.accumulo;

/**
 * A multiply that stopped, or cannot vouch for its result, after it may have written to C. The
 * message says why and what state C was left in ({@link ResultState}).
 */
public final class IncompleteResultException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public IncompleteResultException(String message) {
    super(message);
  }
}
