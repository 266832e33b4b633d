package outerproduct.kernel.product;

/**
 * A multiply stopped because its caller cancelled it ({@link Cancellation}). The message says what
 * stopped and what state C was left in.
 */
public final class MultiplyCancelledException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public MultiplyCancelledException(String message) {
    super(message);
  }
}
