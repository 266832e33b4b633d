package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.internals.TabletHosting;
import outerproduct.internals.TabletServerSessions;
import outerproduct.kernel.accumulo.IncompleteResultException;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.accumulo.ServerCode;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * Servers fail under the iterator engine. A tablet server killed in the middle of a whole-table
 * multiply: either the multiply resumes and C equals the oracle, or it reports C incomplete (marked
 * in its table property) and a re-run replacing C yields exactly the oracle; with bulk output the
 * call returns normally and C equals the oracle, also when the server is killed as the import
 * begins. Accumulo's servers restarted between two multiplies: the second reads the inputs as they
 * are now, the first's C is intact, and the same restart keeps {@link WalRecoveryCanary} in view.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
// A hang (no progress, a server that never comes back) fails the test here, not a timed assert.
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class ServerFaultsIT {
  /**
   * SCALE 10 runs long enough to kill a server a fifth of the way through. (With Java in-memory
   * maps a 768 MB survivor ran out of heap replaying a SCALE 12 multiply's log: tablet-server
   * sizing, not the engine; the embedded servers now use native maps where the build has them.)
   */
  private static final int SCALE = 10;

  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");
  private EmbeddedAccumulo accumulo;
  private Properties props;
  private AccumuloClient client;
  private SparseMatrix a;
  private SparseMatrix b;
  private String expected;

  @BeforeAll
  void load(EmbeddedAccumulo accumulo) throws Exception {
    this.accumulo = accumulo;
    props = accumulo.clientProperties();
    client = accumulo.newClient();
    a = KroneckerGenerator.standard(SCALE, "A").matrix();
    b = KroneckerGenerator.standard(SCALE, "B").matrix();
    MatrixLoader.load(client, "faultAT", a, 4);
    MatrixLoader.load(client, "faultB", b, 4);
    expected = ResultChecksum.of(ReferenceMultiply.multiply(LONG, a, b));
  }

  @AfterAll
  void close() {
    client.close();
  }

  @Test
  @Order(1)
  void tabletServerKilledMidMultiply() throws Exception {
    long total = 0;
    for (String k : a.rowIds()) {
      total += (long) a.row(k).size() * b.row(k).size();
    }
    TabletHosting probeBefore = hostingProbeOverBothServers();
    AtomicLong done = new AtomicLong();
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try {
      Future<TableMultResult> multiply =
          runner.submit(
              () ->
                  TableMult.on(props)
                      .transposeOf("faultAT")
                      .times("faultB")
                      .into("Cfault")
                      .monitorEvery(20_000, 250)
                      .onProgress(p -> done.addAndGet(p.partialProducts()))
                      .run());
      while (done.get() < total / 5) {
        assertTrue(!multiply.isDone(), "the multiply ended before a fifth of it was done: " + done);
        Thread.sleep(20);
      }
      accumulo.killOneTabletServer();
      System.out.printf("killed a tablet server at %d of %d partial products%n", done.get(), total);
      String outcome;
      try {
        multiply.get(5, TimeUnit.MINUTES);
        outcome = "resumed";
        assertEquals(ResultState.COMPLETE, state("Cfault"));
      } catch (ExecutionException e) {
        assertInstanceOf(
            IncompleteResultException.class, e.getCause(), String.valueOf(e.getCause()));
        assertTrue(
            e.getCause().getMessage().contains("marked incomplete"), e.getCause().getMessage());
        assertTrue(state("Cfault").startsWith("incomplete: "), state("Cfault"));
        outcome = "reported incomplete (" + e.getCause().getMessage() + "), then replaced";
        TableMult.on(props)
            .transposeOf("faultAT")
            .times("faultB")
            .into("Cfault")
            .replaceIncomplete()
            .run();
        assertEquals(ResultState.COMPLETE, state("Cfault"));
      }
      System.out.println("tablet server loss: " + outcome);
      assertEquals(
          expected,
          TableChecksum.of(client, "Cfault", LONG, Authorizations.EMPTY).checksum(),
          outcome);
    } finally {
      runner.shutdownNow();
      accumulo.startTabletServers();
      awaitTabletServers(2);
    }
    TabletHosting probeAfter = TabletHosting.of(client, "hostingProbe");
    Set<String> live = TabletServerSessions.live(client);
    assertTrue(
        live.containsAll(probeAfter.hosts()),
        "hosts " + probeAfter.hosts() + " among live " + live);
    String probeLoss = probeAfter.lossSince(probeBefore, live);
    assertNotNull(probeLoss, "a tablet of the lost server is now hosted by another process");
    System.out.println("hosting probe after the loss: " + probeLoss);
  }

  /**
   * A table with tablets on both servers, so the lost one certainly hosted some: whichever server
   * dies, its tablets of B or C may or may not be in the multiply, but this one's must be seen to
   * move. Splitting it in place must not count as a move.
   */
  private TabletHosting hostingProbeOverBothServers() throws Exception {
    client
        .tableOperations()
        .create(
            "hostingProbe",
            new NewTableConfiguration()
                .withSplits(
                    new TreeSet<>(
                        List.of(new Text("2"), new Text("4"), new Text("6"), new Text("8")))));
    // The balancer may move a tablet right after a split (a move it then rightly reports): split
    // again, up to three times, until one split happens with no migration beside it.
    String change = null;
    for (String[] rows : new String[][] {{"3", "9"}, {"5", "7"}, {"1", "0"}}) {
      client.instanceOperations().waitForBalance();
      TabletHosting before = TabletHosting.of(client, "hostingProbe");
      assertEquals(2, before.hosts().size(), "probe tablets on both servers: " + before.hosts());
      client
          .tableOperations()
          .addSplits("hostingProbe", new TreeSet<>(List.of(new Text(rows[0]), new Text(rows[1]))));
      change = TabletHosting.of(client, "hostingProbe").changeSince(before);
      if (change == null) {
        return before;
      }
    }
    throw new AssertionError("every split was reported as a move; the last: " + change);
  }

  /**
   * Bulk output survives the loss: the scan of the lost server's tablets of B resumes elsewhere
   * from the last monitoring entry the client received, stretches staged twice or half-written are
   * sorted out before the one import, and the call returns normally with C equal to the oracle.
   */
  @Test
  @Order(2)
  void tabletServerKilledMidBulkMultiplyIsSurvived() throws Exception {
    awaitTabletServers(2);
    long total = ReferenceMultiply.partialProducts(a, b, outerproduct.kernel.d4m.RowRanges.all());
    AtomicLong done = new AtomicLong();
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try {
      Future<TableMultResult> multiply =
          runner.submit(
              () ->
                  TableMult.on(props)
                      .transposeOf("faultAT")
                      .times("faultB")
                      .into("Cbulkfault")
                      .output(Output.BULK)
                      .monitorEvery(20_000, 250)
                      .onProgress(p -> done.addAndGet(p.partialProducts()))
                      .run());
      while (done.get() < total / 5) {
        assertTrue(!multiply.isDone(), "the multiply ended before a fifth of it was done: " + done);
        Thread.sleep(20);
      }
      accumulo.killOneTabletServer();
      System.out.printf(
          "bulk output: killed a tablet server at %d of %d partial products%n", done.get(), total);
      TableMultResult r = multiply.get(5, TimeUnit.MINUTES);
      System.out.printf(
          "bulk output: the multiply returned after the loss: %d partial products formed (%d"
              + " formed twice), %d entries imported, phases %s%n",
          r.partialProducts(), r.partialProducts() - total, r.entriesWritten(), r.phases());
      assertEquals(ResultState.COMPLETE, state("Cbulkfault"));
      assertEquals(
          expected, TableChecksum.of(client, "Cbulkfault", LONG, Authorizations.EMPTY).checksum());
    } finally {
      runner.shutdownNow();
      accumulo.startTabletServers();
      awaitTabletServers(2);
    }
  }

  /**
   * A tablet server killed as the import begins: the staged files are already moved into the
   * directory the import reads, and C has tablets on both servers, so the lost server held some of
   * the tablets the import loads into. Accumulo's bulk import (a FATE operation of the manager)
   * loads each file into a tablet once, waiting for the tablet to be hosted again: the call returns
   * normally, C is complete and equals the oracle (a file loaded twice would double its cells).
   */
  @Test
  @Order(3)
  void tabletServerKilledAsTheImportBeginsIsSurvived() throws Exception {
    awaitTabletServers(2);
    ResultTables.prepare(
        client,
        "Cimportfault",
        "plus-times-long",
        new TreeSet<>(List.of(new Text("2"), new Text("4"), new Text("6"), new Text("8"))),
        false,
        ServerCode.TableContext.NONE);
    client.instanceOperations().waitForBalance();
    assertEquals(2, TabletHosting.of(client, "Cimportfault").hosts().size(), "C on both servers");
    Path staging = Files.createDirectories(accumulo.dir().resolve("staging-killed-at-import"));
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try {
      Future<TableMultResult> multiply =
          runner.submit(
              () ->
                  TableMult.on(props)
                      .transposeOf("faultAT")
                      .times("faultB")
                      .into("Cimportfault")
                      .output(Output.BULK)
                      .staging(staging.toUri().toString())
                      .run());
      while (!importBegun(staging)) {
        assertTrue(!multiply.isDone(), "the multiply ended before its import was seen");
        Thread.sleep(5);
      }
      accumulo.killOneTabletServer();
      boolean returnedBeforeKill = multiply.isDone();
      System.out.printf(
          "import: killed a tablet server as the import began (call returned already: %s)%n",
          returnedBeforeKill);
      assertTrue(!returnedBeforeKill, "the kill came after the call returned");
      TableMultResult r = multiply.get(5, TimeUnit.MINUTES);
      System.out.printf(
          "import: the multiply returned after the loss: %d entries imported, phases %s%n",
          r.entriesWritten(), r.phases());
      assertEquals(ResultState.COMPLETE, state("Cimportfault"));
      assertEquals(
          expected,
          TableChecksum.of(client, "Cimportfault", LONG, Authorizations.EMPTY).checksum());
    } finally {
      runner.shutdownNow();
      accumulo.startTabletServers();
      awaitTabletServers(2);
    }
  }

  /** The client moves C's staged files into an {@code import-c} directory right before loading. */
  private static boolean importBegun(Path staging) throws IOException {
    try (Stream<Path> paths = Files.walk(staging)) {
      return paths.anyMatch(
          p -> !p.equals(staging) && p.getFileName().toString().equals("import-c"));
    } catch (UncheckedIOException | NoSuchFileException e) {
      return false;
    }
  }

  @Test
  @Order(4)
  void accumuloRestartedBetweenTwoMultiplies() throws Exception {
    TableMult.on(props).transposeOf("faultAT").times("faultB").into("Cbefore").run();
    assertEquals(
        expected, TableChecksum.of(client, "Cbefore", LONG, Authorizations.EMPTY).checksum());
    WalRecoveryCanary.writeBeforeRestart(client);
    accumulo.restartServers();
    awaitTabletServers(2);
    WalRecoveryCanary.checkAfterRestart(client);
    String k = a.rowIds().iterator().next();
    try (BatchWriter w = client.createBatchWriter("faultB")) {
      Mutation m = new Mutation(k);
      m.put("", "added-after-restart", "7");
      w.addMutation(m);
    }
    b.put(k, "added-after-restart", "7");
    multiplyOnRestartedCluster("Cafter");
    assertEquals(
        ResultChecksum.of(ReferenceMultiply.multiply(LONG, a, b)),
        TableChecksum.of(client, "Cafter", LONG, Authorizations.EMPTY).checksum(),
        "reads B as it is now");
    assertEquals(
        expected,
        TableChecksum.of(client, "Cbefore", LONG, Authorizations.EMPTY).checksum(),
        "the first C survives the restart");
  }

  /**
   * The balancer may still move a tablet of B after {@link #awaitTabletServers} (seen once in CI:
   * B's tablet ending at '389' moved between the restarted servers during the multiply). TableMult
   * then reports C incomplete, as it must, and the documented recovery is a re-run replacing C; any
   * other failure, or a third move, fails the test.
   */
  private void multiplyOnRestartedCluster(String c) throws Exception {
    for (int attempt = 1; ; attempt++) {
      TableMult mult = TableMult.on(props).transposeOf("faultAT").times("faultB").into(c);
      try {
        (attempt == 1 ? mult : mult.replaceIncomplete()).run();
        return;
      } catch (IncompleteResultException e) {
        if (attempt == 3 || !e.getMessage().contains("moved between tablet server processes")) {
          throw e;
        }
        System.out.println(
            "a tablet moved during multiply " + attempt + " after the restart: " + e.getMessage());
        assertTrue(state(c).startsWith("incomplete: "), state(c));
        client.instanceOperations().waitForBalance();
      }
    }
  }

  private String state(String table) throws Exception {
    return client.tableOperations().getConfiguration(table).get(ResultState.PROPERTY);
  }

  private void awaitTabletServers(int n) throws Exception {
    while (client.instanceOperations().getTabletServers().size() != n) {
      Thread.sleep(250);
    }
    // A tablet migrating mid-multiply is reported as incomplete (a fair report), so the next
    // multiply must start on a settled cluster. waitForBalance only counts the servers the
    // manager knows, and the manager may learn of a restarted one after ZooKeeper lists it:
    // wait until B's tablets are spread over all n (the default balancer balances each table).
    client.instanceOperations().waitForBalance();
    while (TabletHosting.of(client, "faultB").hosts().size() < n) {
      Thread.sleep(250);
      client.instanceOperations().waitForBalance();
    }
  }
}
