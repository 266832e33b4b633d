package outerproduct.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Only the directories of ended JVMs go; running ones and anything else stay. */
class FinishedRunsTest {
  @TempDir Path parent;

  @Test
  void removesTheDirectoriesOfEndedJvmsOnly() throws Exception {
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();
    Path finished = parent.resolve(ClusterProcesses.MARKER_PREFIX + ended.pid() + "-0a1b2c3d");
    Files.createDirectories(finished.resolve("accumulo").resolve("logs"));
    Files.writeString(finished.resolve("accumulo").resolve("logs").resolve("tserver.log"), "x");
    Path running =
        parent.resolve(ClusterProcesses.MARKER_PREFIX + ProcessHandle.current().pid() + "-ffff");
    Files.createDirectories(running);
    Path other = parent.resolve("notes");
    Files.createDirectories(other);

    FinishedRuns.remove(parent);

    assertFalse(Files.exists(finished), "an ended JVM's files are removed");
    assertTrue(Files.exists(running), "a running JVM's files stay");
    assertTrue(Files.exists(other), "what is not a cluster's stays");
  }

  @Test
  void readsThePidFromAMarkerNameOnly() {
    assertEquals(OptionalLong.of(42), FinishedRuns.pidOf(ClusterProcesses.MARKER_PREFIX + "42-ab"));
    assertEquals(OptionalLong.empty(), FinishedRuns.pidOf(ClusterProcesses.MARKER_PREFIX + "x-ab"));
    assertEquals(OptionalLong.empty(), FinishedRuns.pidOf("accumulo"));
  }
}
