package outerproduct.embedded;

import java.io.IOException;
import java.nio.file.Path;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes sure no embedded-cluster process outlives the JVM that started it.
 *
 * <p>Every process an embedded cluster starts (ZooKeeper, manager, tablet servers, gc, YARN
 * containers) carries this JVM's {@link #marker()} on its command line: as a system property for
 * MiniAccumuloCluster's children and the task JVMs, and in the working-directory path for the rest.
 * Three layers then stop them: an orderly {@code close()} (JUnit's end of run, the harness's
 * try-with-resources), a shutdown hook (SIGTERM, a failed run), and a watchdog process that
 * outlives a SIGKILLed JVM and kills everything carrying the marker. {@code .ci/run} checks for the
 * marker prefix afterwards and fails if anything is left.
 */
public final class ClusterProcesses {
  /** What {@code .ci/run} and {@code scripts/} search the process table for. */
  public static final String MARKER_PREFIX = "outerproduct-cluster-";

  private static final Logger log = LoggerFactory.getLogger(ClusterProcesses.class);
  private static final String MARKER =
      MARKER_PREFIX
          + ProcessHandle.current().pid()
          + "-"
          + UUID.randomUUID().toString().substring(0, 8);
  private static boolean watchdogStarted;

  private ClusterProcesses() {}

  /** Unique to this JVM. */
  public static String marker() {
    return MARKER;
  }

  /** The JVM option that tags a child process. */
  public static String markerOption() {
    return "-Douterproduct.cluster=" + MARKER;
  }

  /** Where this JVM's clusters keep their files: the marker is in every path below it. */
  public static Path baseDir(Path parent) {
    return parent.toAbsolutePath().resolve(MARKER);
  }

  /**
   * Starts the watchdog once per JVM. It polls this JVM's pid and, once it is gone, kills every
   * process carrying the marker. The marker travels in its environment, not its arguments, so the
   * watchdog never matches itself.
   */
  public static synchronized void guard() {
    if (watchdogStarted) {
      return;
    }
    ProcessBuilder watchdog =
        new ProcessBuilder(
            "bash",
            "-c",
            "while kill -0 \"$WATCHED_PID\" 2>/dev/null; do sleep 1; done; "
                + "pkill -9 -f -- \"$CLUSTER_MARKER\"; exit 0");
    watchdog.environment().put("WATCHED_PID", Long.toString(ProcessHandle.current().pid()));
    watchdog.environment().put("CLUSTER_MARKER", MARKER);
    watchdog.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    watchdog.redirectError(ProcessBuilder.Redirect.DISCARD);
    try {
      watchdog.start();
      watchdogStarted = true;
    } catch (IOException e) {
      // Without bash the shutdown hook and close() still apply; .ci/run still checks.
      log.warn("could not start the cluster watchdog; a SIGKILLed JVM may leave processes", e);
    }
  }

  /** How a cluster stops; may throw anything its library throws. */
  @FunctionalInterface
  interface Stop {
    void run() throws Exception;
  }

  /**
   * Stops a cluster, logging how long it took; if it fails or is interrupted, kills every marked
   * process instead, so a broken stop still leaves nothing running.
   */
  static void stop(String cluster, Stop stop) {
    long begin = System.nanoTime();
    try {
      stop.run();
      log.info(
          "{} stopped in {} s", cluster, String.format("%.1f", (System.nanoTime() - begin) / 1e9));
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      log.warn("{} did not stop cleanly; killing its processes", cluster, e);
      killAll();
    }
  }

  /** Kills, now, every process carrying this JVM's marker except this JVM. */
  public static void killAll() {
    long self = ProcessHandle.current().pid();
    ProcessHandle.allProcesses()
        .filter(p -> p.pid() != self)
        .filter(p -> p.info().commandLine().map(c -> c.contains(MARKER)).orElse(false))
        .forEach(
            p -> {
              log.warn("killing left-over cluster process {}", p.pid());
              p.destroyForcibly();
            });
  }
}
