package outerproduct.kernel.cli;

import java.util.function.BooleanSupplier;
import picocli.CommandLine;

/** The project's commands as picocli runs them: one line and an exit code for every error. */
public final class CommandLines {
  private CommandLines() {}

  /**
   * {@code cli} answering a bad argument with {@code tool: message (… --help lists the options)}
   * and exit {@link CommandErrors#USER_ERROR}, and any other error as {@link CommandErrors#report}
   * does ({@code verbose}: with its stack trace).
   */
  public static CommandLine reportingErrors(CommandLine cli, String tool, BooleanSupplier verbose) {
    return cli.setParameterExceptionHandler(
            (e, given) -> {
              e.getCommandLine()
                  .getErr()
                  .println(
                      tool
                          + ": "
                          + e.getMessage()
                          + " ("
                          + CommandName.of(tool)
                          + " --help lists the options)");
              return CommandErrors.USER_ERROR;
            })
        .setExecutionExceptionHandler(
            (e, cmd, parsed) ->
                CommandErrors.report(cmd.getErr(), tool, e, verbose.getAsBoolean()));
  }
}
