package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The scripts' own checks, run as a user runs them (bash, a real PATH), before they build or start
 * anything: one line on stderr and exit 2.
 */
class ScriptErrorsTest {
  private static final Path SCRIPTS = Path.of("..", "scripts").toAbsolutePath().normalize();

  @TempDir Path tmp;

  record Result(int exit, String err) {}

  @ParameterizedTest
  @ValueSource(strings = {"compare", "tablemult", "matrix", "cluster start"})
  void javaOlderThan17IsNamed(String command) throws Exception {
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    Path java = bin.resolve("java");
    Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"11.0.21\" 2023-10-17' >&2\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    Result r =
        run(
            command,
            Map.of(
                "PATH",
                bin + ":" + System.getenv("PATH"),
                "OUTERPRODUCT_CLUSTER_DIR",
                tmp.resolve("state").toString()));
    assertEquals(2, r.exit(), r.err());
    assertTrue(
        r.err()
            .startsWith(
                "error: Java 17 or newer is required, but java on PATH ("
                    + java
                    + ") is version 11.0.21; install openjdk-17-jdk-headless"),
        r.err());
  }

  /**
   * The port is ZooKeeper's usual one; if something else already holds it, the check must still
   * fire.
   */
  @Test
  void aTakenPortIsNamedBeforeAnyDaemonStarts() throws Exception {
    ServerSocket held = null;
    try {
      held = new ServerSocket(2181, 1, InetAddress.getLoopbackAddress());
    } catch (IOException alreadyTaken) {
      // held by another process: the case under test all the same
    }
    try {
      Result r =
          run("cluster start", Map.of("OUTERPRODUCT_CLUSTER_DIR", tmp.resolve("state").toString()));
      assertEquals(2, r.exit(), r.err());
      assertTrue(
          r.err().startsWith("error: port 2181 (zookeeper client) is taken by another process"),
          r.err());
      assertTrue(!Files.exists(tmp.resolve("state/pids/zookeeper.pid")), "nothing started");
    } finally {
      if (held != null) {
        held.close();
      }
    }
  }

  @Test
  void tooLittleDiskForTheClusterIsNamed() throws Exception {
    Result r =
        run(
            "cluster start",
            Map.of(
                "OUTERPRODUCT_CLUSTER_DIR",
                tmp.resolve("state").toString(),
                "OUTERPRODUCT_CLUSTER_MIN_FREE_MB",
                "999999999"));
    assertEquals(2, r.exit(), r.err());
    assertTrue(
        r.err().startsWith("error: only ")
            && r.err()
                .contains(
                    " MB free in "
                        + tmp.resolve("state")
                        + " (HDFS, logs and Accumulo's files go there); free at least 999999999"
                        + " MB"),
        r.err());
  }

  private Result run(String command, Map<String, String> env) throws Exception {
    String[] words = command.split(" ");
    List<String> line = new ArrayList<>(List.of("bash", SCRIPTS.resolve(words[0]).toString()));
    line.addAll(List.of(words).subList(1, words.length));
    ProcessBuilder pb = new ProcessBuilder(line);
    pb.environment().putAll(env);
    pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), command + " did not finish");
    assertEquals(1, err.lines().count(), "one line: " + err);
    return new Result(p.exitValue(), err);
  }
}
