package outerproduct.multiply;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.admin.ActiveScan;
import org.apache.accumulo.core.client.admin.ScanState;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.iterator.ResultTables;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.product.Cancellation;
import outerproduct.kernel.product.MultiplyCancelledException;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.multiply.cli.MultiplyCommand;

/**
 * A whole-table multiply cancelled while it runs, on each engine: through {@link
 * RunningMultiply#cancel} and through a signal to the {@code multiply} command. The tablet servers
 * stop working on it (no scan of B left running or queued; how soon is logged, not asserted), the
 * MapReduce job is killed, a C the multiply created is deleted (a C that existed is marked
 * cancelled, and a retry that replaces it equals the oracle). An answer to the caller cancelled
 * while it runs throws and leaves no scan of B working.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CancelIT {
  private static final Logger log = LoggerFactory.getLogger(CancelIT.class);
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");

  private Path clientProperties;
  private Path stagingParent;
  private AccumuloClient client;
  private EmbeddedYarn yarn;
  private SparseMatrix a;
  private SparseMatrix b;

  @TempDir Path logs;

  @BeforeAll
  void loadInputs(EmbeddedAccumulo accumulo, EmbeddedYarn yarn) throws Exception {
    this.yarn = yarn;
    clientProperties = accumulo.clientPropertiesFile().toPath();
    stagingParent = Files.createDirectories(accumulo.dir().resolve("cancel-staging"));
    client = accumulo.newClient();
    a = KroneckerGenerator.standard(11, "A").matrix();
    b = KroneckerGenerator.standard(11, "B").matrix();
    MatrixLoader.into(client).tablets(4).degrees().load("cancelAT", a);
    MatrixLoader.into(client).tablets(4).degrees().load("cancelB", b);
  }

  @AfterAll
  void close() {
    client.close();
  }

  /** Into a C the caller created: the cancel marks it incomplete (one it created is deleted). */
  @Test
  void aCancelledIteratorMultiplyStopsItsTabletServersAndARetryEqualsTheOracle() throws Exception {
    String c = "cancelC";
    ResultTables.prepare(client, c, "plus-times-long"); // as a caller prepares its own C
    RunningMultiply running = multiply(c).path(ExecutionPath.ITERATOR).start();
    awaitScanRunning(running);
    awaitWhileRunning(running, () -> hasEntries(c), "C written to");
    long cancelled = System.nanoTime();
    running.cancel();
    MultiplyCancelledException e = assertThrows(MultiplyCancelledException.class, running::await);
    log.info("await returned {} s after the cancel", (System.nanoTime() - cancelled) / 1e9);
    assertTrue(e.getMessage().contains("marked incomplete"), e.getMessage());
    assertEquals(RunningMultiply.Phase.STOPPED, running.progress().phase());
    assertTrue(
        ResultState.state(client, c).startsWith("incomplete: " + ResultState.CANCELLED),
        ResultState.state(client, c));
    awaitTabletServersIdle("the cancelled iterator multiply");

    Multiply.Result retry = multiply(c).path(ExecutionPath.ITERATOR).replaceIncomplete().run();
    assertEquals(ResultState.COMPLETE, ResultState.state(client, c));
    assertEquals(oracle(), checksum(c));
    assertEquals(ReferenceMultiply.partialProducts(a, b, RowRanges.all()), retry.partialProducts());
  }

  @Test
  void aCancelledBulkMultiplyLeavesNoCAndNoStaging() throws Exception {
    String c = "cancelBulkC";
    RunningMultiply running =
        multiply(c)
            .path(ExecutionPath.ITERATOR_BULK)
            .iterator(mult -> mult.staging(stagingParent.toUri().toString()))
            .start();
    awaitScanRunning(running);
    running.cancel();
    MultiplyCancelledException e = assertThrows(MultiplyCancelledException.class, running::await);
    assertTrue(e.getMessage().contains("nothing was imported"), e.getMessage());
    assertFalse(client.tableOperations().exists(c), "the C it created is deleted");
    try (var left = Files.list(stagingParent)) {
      assertEquals(List.of(), left.toList(), "staging removed");
    }
    awaitTabletServersIdle("the cancelled bulk multiply");
  }

  @Test
  void aCancelledMapReduceMultiplyKillsItsJob() throws Exception {
    String c = "cancelMrC";
    AtomicReference<Job> submitted = new AtomicReference<>();
    RunningMultiply running =
        multiply(c)
            .path(ExecutionPath.MR)
            .hadoop(yarn.configuration())
            .mapReduce(job -> job.onSubmit(submitted::set))
            .start();
    awaitReached("the job runs")
        .pollInterval(Duration.ofMillis(100))
        .until(
            () -> {
              assertFalse(running.isDone(), "the multiply ended before its job ran");
              return submitted.get() != null
                  && submitted.get().getStatus().getState() == JobStatus.State.RUNNING;
            });
    running.cancel();
    MultiplyCancelledException e = assertThrows(MultiplyCancelledException.class, running::await);
    assertTrue(e.getMessage().contains("killed"), e.getMessage());
    assertEquals(JobStatus.State.KILLED, submitted.get().getStatus().getState());
    assertTrue(e.getMessage().contains("created by this multiply, is deleted"), e.getMessage());
    assertFalse(client.tableOperations().exists(c), "the C it created is deleted");
  }

  @Test
  void aCancelledAnswerClosesItsScanAndStopsItsTabletServers() throws Exception {
    Cancellation cancellation = new Cancellation();
    CompletableFuture<MultiplyAnswer.Result> answer =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return MultiplyAnswer.on(clientProperties)
                    .transposeOf("cancelAT")
                    .times("cancelB")
                    .path(ExecutionPath.ITERATOR)
                    .maxCells(100_000_000)
                    // one tablet at a time, so that the whole table takes long enough to cancel
                    .iterator(it -> it.scanThreads(1))
                    .cancellation(cancellation)
                    .run();
              } catch (Exception e) {
                throw new CompletionException(e);
              }
            });
    awaitReached("the answer's scan runs")
        .until(
            () -> {
              assertFalse(answer.isDone(), "the answer ended before its scan ran");
              return scanOfBRunning();
            });
    cancellation.cancel();
    ExecutionException e = assertThrows(ExecutionException.class, answer::get);
    assertInstanceOf(MultiplyCancelledException.class, e.getCause(), e.toString());
    awaitTabletServersIdle("the cancelled answer");
  }

  @Test
  void anAnswerOrTwoHopCancelledBeforeItRunsReadsNothing() {
    Cancellation cancelled = new Cancellation();
    cancelled.cancel();
    for (ExecutionPath path : MultiplyAnswer.ANSWERING) {
      MultiplyCancelledException e =
          assertThrows(
              MultiplyCancelledException.class,
              () ->
                  MultiplyAnswer.on(clientProperties)
                      .transposeOf("cancelAT")
                      .times("cancelB")
                      .rows("1,2,3,")
                      .path(path)
                      .cancellation(cancelled)
                      .run());
      assertTrue(e.getMessage().contains("cancelled by the caller"), e.getMessage());
    }
    MultiplyCancelledException e =
        assertThrows(
            MultiplyCancelledException.class,
            () ->
                TwoHop.on(clientProperties, "cancelB")
                    .from(List.of("1", "2"))
                    .cancellation(cancelled)
                    .run());
    assertTrue(e.getMessage().contains("two-hop: cancelled by the caller"), e.getMessage());
  }

  /** SIGTERM (as SIGINT) of the command: its shutdown hook cancels before the JVM exits. */
  @Test
  void aSignalledCommandCancelsItsMultiplyBeforeItExits() throws Exception {
    String c = "cancelCommandC";
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(MultiplyCommand.class.getName());
    command.addAll(
        List.of(
            "--cluster", clientProperties.toString(),
            "--at", "cancelAT",
            "--b", "cancelB",
            "--c", c,
            "--path", "iterator"));
    Path err = logs.resolve("command.err");
    Process child =
        new ProcessBuilder(command)
            .redirectOutput(logs.resolve("command.out").toFile())
            .redirectError(err.toFile())
            .start();
    awaitReached("the command's scan runs")
        .until(
            () -> {
              assertTrue(
                  child.isAlive(),
                  "the command ended before its scan ran: " + Files.readString(err));
              return scanOfBRunning();
            });
    child.destroy();
    assertTrue(child.waitFor(2, TimeUnit.MINUTES), "the signalled command did not exit");
    String said = Files.readString(err);
    assertTrue(said.contains("interrupted: cancelling the multiply"), said);
    assertFalse(client.tableOperations().exists(c), "the C it created is deleted: " + said);
    awaitTabletServersIdle("the signalled command's multiply");
  }

  private Multiply multiply(String c) {
    return Multiply.on(clientProperties).transposeOf("cancelAT").times("cancelB").into(c);
  }

  private void awaitScanRunning(RunningMultiply running) throws Exception {
    awaitWhileRunning(running, this::scanOfBRunning, "its scan ran");
  }

  /** What is asked while the multiply runs. */
  @FunctionalInterface
  private interface Probe {
    boolean reached() throws Exception;
  }

  private static void awaitWhileRunning(RunningMultiply running, Probe probe, String what) {
    awaitReached(what)
        .until(
            () -> {
              assertFalse(running.isDone(), "the multiply ended before " + what);
              return probe.reached();
            });
  }

  /**
   * A wait for what a test needs to see on the cluster: polled every 10 ms, failed (naming it) if
   * not seen within 3 minutes. A bound for a test that would otherwise hang, not a speed claim.
   */
  private static ConditionFactory awaitReached(String what) {
    return await(what).atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(10));
  }

  private boolean hasEntries(String table) throws Exception {
    if (!client.tableOperations().exists(table)) {
      return false;
    }
    try (var scan =
        client.createScanner(table, org.apache.accumulo.core.security.Authorizations.EMPTY)) {
      return scan.iterator().hasNext();
    }
  }

  /** Whether a tablet server runs or queues a scan of B: the multiply's work on the servers. */
  private boolean scanOfBRunning() throws Exception {
    for (String server : client.instanceOperations().getTabletServers()) {
      for (ActiveScan scan : client.instanceOperations().getActiveScans(server)) {
        if (scan.getTable().equals("cancelB") && scan.getState() != ScanState.IDLE) {
          return true;
        }
      }
    }
    return false;
  }

  /** The servers stopped: no scan of B runs or waits, asked until it holds (at most a minute). */
  private void awaitTabletServersIdle(String what) {
    long begin = System.nanoTime();
    await("no tablet server works on " + what)
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> !scanOfBRunning());
    log.info("tablet servers idle {} s after {} ended", (System.nanoTime() - begin) / 1e9, what);
  }

  private String oracle() {
    return ResultChecksum.of(ReferenceMultiply.multiply(LONG, a, b));
  }

  private String checksum(String c) throws Exception {
    return TableChecksum.of(client, c, LONG, org.apache.accumulo.core.security.Authorizations.EMPTY)
        .checksum();
  }
}
