package outerproduct.kernel.d4m;

/** A malformed D4M row-range or column list: the text, the position (0-based) and the reason. */
public final class D4mSyntaxException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String text;
  private final int position;
  private final String reason;

  D4mSyntaxException(String what, String text, int position, String reason) {
    super(String.format("malformed %s '%s' at position %d: %s", what, text, position, reason));
    this.text = text;
    this.position = position;
    this.reason = reason;
  }

  public String text() {
    return text;
  }

  public int position() {
    return position;
  }

  public String reason() {
    return reason;
  }
}
