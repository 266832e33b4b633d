package outerproduct.kernel.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import outerproduct.kernel.product.MultiplyCancelledException;

/**
 * How every command of the project ends on an error: one line on stderr that names what is wrong
 * and what to do, and an exit code, never a stack trace unless asked for.
 *
 * <ul>
 *   <li>A user's mistake (an {@link IllegalArgumentException}: a bad option, table, file or value,
 *       each message naming it) or a full disk: exit {@link #USER_ERROR}.
 *   <li>A multiply cancelled by its caller: exit {@link #CANCELLED}, no stack trace.
 *   <li>Anything else (a failed multiply, a lost server): exit {@link #FAILED}.
 * </ul>
 *
 * <p>The stack trace goes to a file in the temporary directory, named on the same line, or to
 * stderr with {@code --verbose}: a user sees the cause, a developer can still read the trace.
 */
public final class CommandErrors {
  public static final int USER_ERROR = 2;
  public static final int FAILED = 1;

  /** A multiply its caller cancelled (Ctrl-C): 128 + SIGINT, as shells report it. */
  public static final int CANCELLED = 130;

  private CommandErrors() {}

  /**
   * Prints the one line for {@code e} as {@code tool: message} and returns the exit code.
   *
   * @param verbose print the stack trace to {@code err} instead of a file
   */
  public static int report(PrintWriter err, String tool, Throwable e, boolean verbose) {
    if (e instanceof MultiplyCancelledException) {
      err.println(tool + ": " + e.getMessage());
      err.flush();
      return CANCELLED;
    }
    String noSpace = noSpaceLeft(e);
    boolean userError = noSpace != null || e instanceof IllegalArgumentException;
    String message = noSpace != null ? noSpace : messageOf(e);
    if (verbose) {
      e.printStackTrace(err);
      err.println(tool + ": " + message);
    } else {
      String trace =
          userError ? "" : " (stack trace: " + traceFile(tool, e) + "; --verbose prints it)";
      err.println(tool + ": " + message + trace);
    }
    err.flush();
    return userError ? USER_ERROR : FAILED;
  }

  /** The message a user should read: the exception's own, or its type where it has none. */
  static String messageOf(Throwable e) {
    String message = e.getMessage();
    return message == null || message.isBlank() ? e.getClass().getName() : message;
  }

  /**
   * The line for a full disk anywhere in the cause chain (Java reports it as an IOException whose
   * message is the system's "No space left on device"), or null.
   */
  static String noSpaceLeft(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof IOException
          && t.getMessage() != null
          && t.getMessage().contains("No space left on device")) {
        return "no space left on the device ("
            + t.getMessage()
            + "); free some space there (the embedded cluster writes under target/, the"
            + " pseudo-distributed one under state/) and run again";
      }
    }
    return null;
  }

  private static String traceFile(String tool, Throwable e) {
    try {
      Path file = Files.createTempFile("outerproduct-" + tool + "-", ".trace");
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      Files.writeString(file, trace.toString());
      return file.toString();
    } catch (IOException | UncheckedIOException io) {
      return "not written: " + io.getMessage();
    }
  }
}
