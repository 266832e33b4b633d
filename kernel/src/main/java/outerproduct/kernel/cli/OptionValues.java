package outerproduct.kernel.cli;

/** Checks of option values every command shares; each message names the option and the value. */
public final class OptionValues {
  private OptionValues() {}

  /**
   * @throws IllegalArgumentException naming {@code option} unless {@code value} is at least 1
   */
  public static void atLeastOne(String option, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(option + " must be at least 1, got " + value);
    }
  }
}
