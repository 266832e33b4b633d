package outerproduct.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandErrorsTest {
  private final StringWriter err = new StringWriter();

  @Test
  void aUserMistakeIsOneLineAndExitTwo() {
    int exit =
        CommandErrors.report(
            new PrintWriter(err),
            "compare",
            new IllegalArgumentException("--fixtures /x: no such directory"),
            false);
    assertEquals(2, exit);
    assertEquals(
        "compare: --fixtures /x: no such directory" + System.lineSeparator(), err.toString());
  }

  @Test
  void aFailureNamesItsTraceFileAndExitsOne() throws IOException {
    int exit =
        CommandErrors.report(
            new PrintWriter(err), "tablemult", new IllegalStateException("server lost"), false);
    assertEquals(1, exit);
    String line = err.toString().trim();
    assertFalse(line.contains("\n"), line);
    assertTrue(line.startsWith("tablemult: server lost (stack trace: "), line);
    Path trace = Path.of(line.substring(line.indexOf("trace: ") + 7, line.indexOf("; --verbose")));
    assertTrue(
        Files.readString(trace).contains("IllegalStateException: server lost"), trace.toString());
    Files.delete(trace);
  }

  @Test
  void verbosePrintsTheTrace() {
    CommandErrors.report(new PrintWriter(err), "matrix", new IllegalArgumentException("bad"), true);
    assertTrue(
        err.toString().contains("at outerproduct.kernel.cli.CommandErrorsTest"), err.toString());
  }

  /**
   * However deep Hadoop or Accumulo wrap it, a full disk is the user's to fix: exit 2, one line.
   */
  @Test
  void aFullDiskAnywhereInTheCausesIsAUserError() {
    Exception wrapped =
        new RuntimeException(
            "tablet server write failed",
            new UncheckedIOException(new IOException("No space left on device")));
    int exit = CommandErrors.report(new PrintWriter(err), "compare", wrapped, false);
    assertEquals(2, exit);
    assertTrue(
        err.toString()
            .startsWith(
                "compare: no space left on the device (No space left on device);"
                    + " free some space there"),
        err.toString());
  }

  @Test
  void tooLittleFreeSpaceNamesTheFolderAndTheNeed(@TempDir Path dir) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                FreeSpace.require(
                    dir.resolve("not/yet/made"), Long.MAX_VALUE >> 20, "the embedded cluster"));
    assertTrue(
        e.getMessage().startsWith("only ")
            && e.getMessage()
                .contains(
                    " MB free in "
                        + dir.resolve("not/yet/made")
                        + " (the embedded cluster writes there); free at least "),
        e.getMessage());
    FreeSpace.require(dir, 1, "the embedded cluster");
  }
}
