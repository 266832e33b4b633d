package outerproduct.kernel.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The file where the scripts send every library's and embedded daemon's warnings (Hadoop, YARN,
 * ZooKeeper, Jetty; {@code scripts/lib/log4j2-console.properties}), so that the console carries
 * only the project's own lines. A command names it as it ends, when it holds anything.
 */
public final class RunLog {
  /** The system property the scripts set to the file. */
  public static final String PROPERTY = "outerproduct.log.file";

  private RunLog() {}

  /**
   * Prints one line naming the log file and its length, if the scripts set one and it has lines.
   */
  public static void name(PrintStream out) {
    String file = System.getProperty(PROPERTY);
    if (file == null) {
      return;
    }
    Path path = Path.of(file).toAbsolutePath();
    long lines;
    try (Stream<String> content = Files.lines(path)) {
      lines = content.count();
    } catch (IOException | RuntimeException e) {
      return;
    }
    if (lines > 0) {
      Path here = Path.of("").toAbsolutePath();
      Path shown = path.startsWith(here) ? here.relativize(path) : path;
      out.println(
          "libraries' warnings and errors ("
              + lines
              + (lines == 1 ? " line" : " lines")
              + ", none the run's own): "
              + shown);
    }
  }
}
