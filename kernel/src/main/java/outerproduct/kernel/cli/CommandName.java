package outerproduct.kernel.cli;

/**
 * How the user started a command, for the lines that point at its help: {@code scripts/matrix} in
 * the source tree, {@code bin/outerproduct matrix} in a release, whose launcher says so through
 * {@value #LAUNCHER_PROPERTY}.
 */
public final class CommandName {
  /** The launcher of a release ({@code bin/outerproduct}); unset, the tree's {@code scripts/}. */
  public static final String LAUNCHER_PROPERTY = "outerproduct.launcher";

  private CommandName() {}

  /** {@code command} as the user typed it: {@code scripts/tablemult}, or the launcher's form. */
  public static String of(String command) {
    String launcher = System.getProperty(LAUNCHER_PROPERTY);
    return launcher == null || launcher.isBlank() ? "scripts/" + command : launcher + " " + command;
  }
}
