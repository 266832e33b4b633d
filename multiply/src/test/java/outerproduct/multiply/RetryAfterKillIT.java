package outerproduct.multiply;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.ResultLease;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.multiply.cli.MultiplyCommand;

/**
 * A client killed with SIGKILL in the middle of a multiply, as a host lost or an operator's {@code
 * kill -9} would leave it: its C stays marked being written, refused while its lease runs (asked at
 * once, in the test's JVM), refused as unfinished after, and a retry asked to replace it yields
 * exactly the oracle's C. A replace killed midway leaves the old C complete and readable
 * throughout; the next replace finishes and sweeps what the killed one left. The multiplies run in
 * a child JVM ({@code multiply} as a user runs it) with a 10 s lease, which the test waits out.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RetryAfterKillIT {
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");
  private static final int LEASE_SECONDS = 10;

  private Path clientProperties;
  private AccumuloClient client;
  private SparseMatrix a;
  private SparseMatrix b;
  private SparseMatrix other;

  @TempDir Path logs;

  @BeforeAll
  void loadInputs(EmbeddedAccumulo accumulo) throws Exception {
    clientProperties = accumulo.clientPropertiesFile().toPath();
    client = accumulo.newClient();
    a = KroneckerGenerator.standard(11, "A").matrix();
    b = KroneckerGenerator.standard(11, "B").matrix();
    other = b; // the replacing multiply computes BᵀB instead of AᵀB
    MatrixLoader.into(client).tablets(2).degrees().load("killAT", a);
    MatrixLoader.into(client).tablets(2).degrees().load("killB", b);
    MatrixLoader.into(client).tablets(2).degrees().load("killO", other);
  }

  @AfterAll
  void close() {
    client.close();
  }

  @Test
  void aRetryAfterTheKilledWritersLeaseReplacesItsCExactly() throws Exception {
    String c = "killC";
    Process killed = start("killAT", "killB", c, "retry-killed");
    awaitWhileAlive(killed, () -> writing(c) && hasEntries(c), "C claimed and written to");
    killed.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    String left = ResultState.state(client, c);
    assertTrue(ResultLease.live(left), "C right after the kill: " + left);

    // asked at once, in this JVM: a child's start could outlast what is left of the lease
    IllegalArgumentException live =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Multiply.on(clientProperties)
                    .transposeOf("killAT")
                    .times("killB")
                    .into(c)
                    .path(ExecutionPath.ITERATOR)
                    .replaceIncomplete()
                    .run());
    assertTrue(
        live.getMessage().contains("is being written by another multiply"), live.getMessage());

    awaitLeaseRunOut(c);
    Run plain = run("killAT", "killB", c, "retry-plain");
    assertEquals(2, plain.exit(), plain.err());
    assertTrue(plain.err().contains("stopped renewing its lease"), plain.err());

    Run retry = run("killAT", "killB", c, "retry", "--replace-incomplete");
    assertEquals(0, retry.exit(), retry.err());
    assertEquals(ResultState.COMPLETE, ResultState.state(client, c));
    assertEquals(oracle(a, b), checksum(c));
    assertEquals(List.of(c), tablesStarting(c));
  }

  @Test
  void aReplaceKilledMidwayLeavesTheOldCAndTheNextReplaceFinishes() throws Exception {
    String c = "replaceC";
    Run first = run("killAT", "killB", c, "replace-first");
    assertEquals(0, first.exit(), first.err());
    String old = oracle(a, b);
    assertEquals(old, checksum(c));

    Process killed = start("killO", "killB", c, "replace-killed", "--replace");
    awaitWhileAlive(
        killed,
        () -> {
          assertEquals(ResultState.COMPLETE, ResultState.state(client, c), "C while replaced");
          String successor = successorOf(c);
          return successor != null && hasEntries(successor);
        },
        "the successor written to");
    killed.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    assertEquals(ResultState.COMPLETE, ResultState.state(client, c));
    assertEquals(old, checksum(c), "the old C after the killed replace");
    String leftover = successorOf(c);
    assertNotNull(leftover, "the killed replace's successor");

    awaitLeaseRunOut(leftover);
    Run replace = run("killO", "killB", c, "replace-again", "--replace");
    assertEquals(0, replace.exit(), replace.err());
    assertEquals(oracle(other, b), checksum(c));
    assertEquals(List.of(c), tablesStarting(c), "the killed replace's successor was swept");
  }

  /** A finished child: its exit code and its standard error. */
  private record Run(int exit, String err) {}

  private Run run(String at, String bTable, String c, String name, String... extra)
      throws Exception {
    Process p = start(at, bTable, c, name, extra);
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), name + " did not finish");
    return new Run(p.exitValue(), Files.readString(logs.resolve(name + ".err")));
  }

  private Process start(String at, String bTable, String c, String name, String... extra)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add("-D" + ResultLease.SECONDS_PROPERTY + "=" + LEASE_SECONDS);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(MultiplyCommand.class.getName());
    command.addAll(
        List.of(
            "--cluster",
            clientProperties.toString(),
            "--at",
            at,
            "--b",
            bTable,
            "--c",
            c,
            "--path",
            "iterator"));
    command.addAll(List.of(extra));
    return new ProcessBuilder(command)
        .redirectOutput(logs.resolve(name + ".out").toFile())
        .redirectError(logs.resolve(name + ".err").toFile())
        .start();
  }

  /** What is checked while the child runs; may assert. */
  @FunctionalInterface
  private interface Probe {
    boolean reached() throws Exception;
  }

  /** Polled every 10 ms; a bound of 3 minutes for a test that would otherwise hang. */
  private void awaitWhileAlive(Process child, Probe probe, String what) {
    await(what)
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofMillis(10))
        .until(
            () -> {
              assertTrue(child.isAlive(), "the multiply ended before " + what);
              return probe.reached();
            });
  }

  /**
   * The lease of a killed writer runs out: nobody renews it. Four lease lengths are the contract's
   * bound here (a lease that still lives then was renewed), not a measure of speed.
   */
  private void awaitLeaseRunOut(String table) {
    await("the killed writer's lease runs out, not renewed")
        .atMost(Duration.ofSeconds(4L * LEASE_SECONDS))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> !ResultLease.live(ResultState.state(client, table)));
  }

  private boolean writing(String c) throws Exception {
    if (!client.tableOperations().exists(c)) {
      return false;
    }
    String state = ResultState.state(client, c);
    return state != null && state.startsWith("writing");
  }

  private boolean hasEntries(String table) throws Exception {
    try (Scanner scanner = client.createScanner(table, Authorizations.EMPTY)) {
      scanner.setBatchSize(1);
      return scanner.iterator().hasNext();
    }
  }

  private String successorOf(String c) {
    return tablesStarting(c + "__replacing_").stream().findFirst().orElse(null);
  }

  private List<String> tablesStarting(String prefix) {
    Predicate<String> named = t -> t.equals(prefix) || t.startsWith(prefix + "__");
    return client.tableOperations().list().stream()
        .filter(prefix.endsWith("_") ? t -> t.startsWith(prefix) : named)
        .toList();
  }

  private String oracle(SparseMatrix at, SparseMatrix bMatrix) {
    return ResultChecksum.of(
        ReferenceMultiply.multiply(LONG, at, bMatrix, RowRanges.all(), null, null));
  }

  private String checksum(String c) throws Exception {
    assertFalse(c.contains("__"), "checksum of a successor");
    return TableChecksum.of(client, c, LONG, Authorizations.EMPTY).checksum();
  }
}
