package outerproduct.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The files of embedded clusters whose JVM has ended. Each JVM's clusters live in a directory named
 * by its marker ({@link ClusterProcesses#baseDir}), which starts with the JVM's pid; a directory
 * whose JVM is gone holds only its run's data and logs (a SCALE 16 run leaves several GB). Clusters
 * remove those of finished runs when they start, so the last run's logs stay for reading until the
 * next run, and the disk holds one run's files instead of every run's.
 */
public final class FinishedRuns {
  private static final Logger log = LoggerFactory.getLogger(FinishedRuns.class);

  private FinishedRuns() {}

  /** Deletes the directories under {@code parent} of cluster JVMs that no longer run. */
  public static void remove(Path parent) {
    if (!Files.isDirectory(parent)) {
      return;
    }
    try (Stream<Path> dirs = Files.list(parent)) {
      for (Path dir : dirs.toList()) {
        OptionalLong pid = pidOf(dir.getFileName().toString());
        if (pid.isPresent() && ProcessHandle.of(pid.getAsLong()).isEmpty()) {
          delete(dir);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not list " + parent, e);
    }
  }

  /**
   * The pid in a marker directory's name ({@code outerproduct-cluster-<pid>-<id>}), if it is one.
   */
  static OptionalLong pidOf(String name) {
    if (!name.startsWith(ClusterProcesses.MARKER_PREFIX)) {
      return OptionalLong.empty();
    }
    String rest = name.substring(ClusterProcesses.MARKER_PREFIX.length());
    int dash = rest.indexOf('-');
    try {
      return OptionalLong.of(Long.parseLong(dash < 0 ? rest : rest.substring(0, dash)));
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  /**
   * A finished run's processes (a tablet server or a job's container outliving its JVM for a
   * moment) may still move or remove files while the walk lists them: the walk is tried again a
   * second later, up to three times, and then left for the next cluster's start with a warning, as
   * a previous run's files are no reason to fail this one.
   */
  private static void delete(Path dir) {
    for (int attempt = 1; ; attempt++) {
      try {
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(dir)) {
          paths = walk.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path path : paths) {
          Files.deleteIfExists(path);
        }
        log.info("removed the files of a finished run: {}", dir);
        return;
      } catch (IOException | UncheckedIOException e) {
        if (!Files.exists(dir)) {
          return;
        }
        if (attempt == 3) {
          log.warn(
              "left the files of a finished run for the next start: {}: {}", dir, e.toString());
          return;
        }
      }
      pauseBeforeRetry();
    }
  }

  private static void pauseBeforeRetry() {
    try {
      Thread.sleep(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
