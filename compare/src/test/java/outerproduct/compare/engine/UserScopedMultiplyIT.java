package outerproduct.compare.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.accumulo.core.security.SystemPermission;
import org.apache.accumulo.core.security.TablePermission;
import org.apache.accumulo.core.security.VisibilityEvaluator;
import org.apache.accumulo.core.security.VisibilityParseException;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;
import outerproduct.embedded.SharedClusters;
import outerproduct.iterator.TableMult;
import outerproduct.kernel.cli.Choices;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.mr.MapReduceMultiply;
import outerproduct.mr.UberMode;
import outerproduct.multiply.Calibration;
import outerproduct.multiply.ExecutionPath;
import outerproduct.multiply.Multiply;

/**
 * Two users with different authorizations multiply the same labelled AT and B with every engine.
 * Each product carries the conjunction of its inputs' labels, so: a user's C holds exactly what the
 * oracle computes from the cells that user may read; a user with fewer authorizations who scans
 * someone else's C sees exactly what the oracle computes from the cells it may read; and nothing is
 * computed from a cell the asking user could not read. Afterwards, neither user's password appears
 * in any log, job file, table configuration or error message.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class UserScopedMultiplyIT {
  private static final String[] LABELS = {"", "red", "blue", "red&blue", "red|blue", "green"};
  private static final Authorizations ALICE_AUTHS = new Authorizations("red", "blue");
  private static final Authorizations BOB_AUTHS = new Authorizations("red");
  private static final Authorizations ALL = new Authorizations("red", "blue", "green");

  private final Semiring<Long> semiring = cast(Semirings.forName("plus-times-long"));
  private final Map<String, String> passwords = new HashMap<>();
  private final Map<String, Path> propertyFiles = new HashMap<>();
  private AccumuloClient root;
  private Properties rootProperties;
  private Labelled at;
  private Labelled b;

  private Path secrets;

  @SuppressWarnings("unchecked")
  private static <T> Semiring<T> cast(Semiring<?> s) {
    return (Semiring<T>) s;
  }

  @BeforeAll
  void tablesAndUsers(EmbeddedAccumulo accumulo, @TempDir Path secrets) throws Exception {
    this.secrets = secrets;
    root = accumulo.newClient();
    rootProperties = accumulo.clientProperties();
    root.securityOperations().changeUserAuthorizations("root", ALL);
    Random random = new Random(20261123);
    at = Labelled.random(random, "k", "i");
    b = Labelled.random(random, "k", "j");
    at.write(root, "vAT");
    b.write(root, "vB");
    createUser(accumulo, "alice", ALICE_AUTHS);
    createUser(accumulo, "bob", BOB_AUTHS);
    root.securityOperations().grantSystemPermission("alice", SystemPermission.SYSTEM);
  }

  private void createUser(EmbeddedAccumulo accumulo, String user, Authorizations auths)
      throws Exception {
    String password = "pw-" + user + "-" + UUID.randomUUID();
    passwords.put(user, password);
    root.securityOperations().createLocalUser(user, new PasswordToken(password));
    root.securityOperations().changeUserAuthorizations(user, auths);
    root.securityOperations().grantSystemPermission(user, SystemPermission.CREATE_TABLE);
    for (String table : new String[] {"vAT", "vB"}) {
      root.securityOperations().grantTablePermission(user, table, TablePermission.READ);
    }
    Path file = secrets.resolve(user + ".properties");
    Files.createFile(
        file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try (OutputStream out = Files.newOutputStream(file)) {
      properties(user).store(out, null);
    }
    propertyFiles.put(user, file);
  }

  private Properties properties(String user) {
    Properties p = (Properties) rootProperties.clone();
    p.setProperty("auth.principal", user);
    p.setProperty("auth.token", passwords.get(user));
    return p;
  }

  @AfterAll
  void close() {
    root.close();
  }

  /**
   * The runs each user makes: every engine, and for alice the pre-sum and bulk-output paths (the
   * bulk runs also pre-sum, in the mappers and in the iterator's 7-product windows: labelled
   * products must stay apart there too).
   */
  private Map<String, Engine.Settings> runsOf(String user) {
    Map<String, Engine.Settings> runs = new LinkedHashMap<>();
    runs.put("iterator", settings(0));
    runs.put("mr", settings(0));
    runs.put("client", settings(0));
    // Accumulo 2.1's bulk import needs System permission SYSTEM (MapReduceMultiply checks it).
    if (user.equals("alice")) {
      runs.put("iterator-presum", settings(7));
      runs.put("mr-bulk", settings(7));
      runs.put("iterator-bulk", settings(7));
    }
    return runs;
  }

  /**
   * The MapReduce engine's jobs run uber (in the ApplicationMaster's JVM): what a label lets a task
   * read is the same code either way, and the distributed job is proven elsewhere
   * (OuterProductJobIT, MultiplyIT) at three more JVMs a job.
   */
  private static Engine.Settings settings(long presum) {
    return new Engine.Settings(
        presum,
        new TreeSet<>(),
        "log",
        1,
        UberMode.ON,
        Map.of(),
        presum,
        null,
        Calibration.shipped());
  }

  @Test
  @Order(1)
  void eachUserSeesExactlyWhatTheCellsItMayReadGive(EmbeddedYarn yarn) throws Exception {
    SparseMatrix aliceOracle = oracle(ALICE_AUTHS);
    SparseMatrix bobOracle = oracle(BOB_AUTHS);
    assertTrue(
        bobOracle.nnz() > 0 && bobOracle.nnz() < aliceOracle.nnz(),
        "labels must hide part of C from bob: " + bobOracle.nnz() + " vs " + aliceOracle.nnz());
    assertTrue(
        aliceOracle.nnz() < ReferenceMultiply.multiply(semiring, at.plain(ALL), b.plain(ALL)).nnz(),
        "'green' cells must hide part of C from alice");
    for (String user : new String[] {"alice", "bob"}) {
      SparseMatrix own = user.equals("alice") ? aliceOracle : bobOracle;
      try (AccumuloClient client = Accumulo.newClient().from(properties(user)).build()) {
        Target target =
            new Target(
                client,
                properties(user),
                propertyFiles.get(user),
                yarn::configuration,
                Configuration::new);
        for (Map.Entry<String, Engine.Settings> run : runsOf(user).entrySet()) {
          String c = "vC_" + user + "_" + run.getKey().replace('-', '_');
          Engine engine = Choices.parse(Engine.class, run.getKey().replace("-presum", ""));
          engine.createAndMultiply(
              new Operands(target, semiring, "vAT", "vB", run.getValue()), c, RowRanges.all());
          client.securityOperations().grantTablePermission("root", c, TablePermission.READ);
          assertEquals(
              own,
              scanSummed(client, c, user.equals("alice") ? ALICE_AUTHS : BOB_AUTHS),
              user + "'s " + run.getKey() + " C as " + user + " sees it");
          assertEquals(
              own,
              scanSummed(root, c, ALL),
              user
                  + "'s "
                  + run.getKey()
                  + " C holds nothing from cells "
                  + user
                  + " may not read");
          if (user.equals("alice")) {
            client.securityOperations().grantTablePermission("bob", c, TablePermission.READ);
            try (AccumuloClient bob = Accumulo.newClient().from(properties("bob")).build()) {
              assertEquals(
                  bobOracle,
                  scanSummed(bob, c, BOB_AUTHS),
                  "alice's " + run.getKey() + " C as bob sees it");
            }
          }
        }
      }
    }
  }

  /**
   * A request that names fewer authorizations than its user holds reads only what they show, on
   * every path: alice (red, blue) asking with red alone gets bob's C; a label she does not hold is
   * refused by name before C exists.
   */
  @Test
  @Order(2)
  void aRequestsAuthorizationsNarrowWhatEveryPathReads(EmbeddedYarn yarn) throws Exception {
    SparseMatrix redOnly = oracle(BOB_AUTHS);
    for (ExecutionPath path : ExecutionPath.runnable()) {
      String c = "vC_alice_red_" + path.name();
      Multiply.on(propertyFiles.get("alice"))
          .transposeOf("vAT")
          .times("vB")
          .into(c)
          .authorizations(new Authorizations("red"))
          .path(path)
          .hadoop(yarn.configuration())
          .run();
      try (AccumuloClient alice = Accumulo.newClient().from(properties("alice")).build()) {
        assertEquals(redOnly, scanSummed(alice, c, ALICE_AUTHS), path + " with red alone");
      }
    }
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Multiply.on(propertyFiles.get("alice"))
                    .transposeOf("vAT")
                    .times("vB")
                    .into("vC_alice_green")
                    .authorizations(new Authorizations("red", "green"))
                    .path(ExecutionPath.ITERATOR)
                    .run());
    assertEquals(
        "authorizations (--auths): user 'alice' does not hold 'green' (it holds: blue,red)",
        e.getMessage());
    assertFalse(root.tableOperations().exists("vC_alice_green"));
  }

  /**
   * Runs as alice with a wrong password fail without echoing it; after every run above, no password
   * is in a log, a job file kept by YARN, a table's configuration, or an error.
   */
  @Test
  @Order(3)
  void passwordsAppearNowhere(EmbeddedAccumulo accumulo, EmbeddedYarn yarn) throws Exception {
    String wrong = "wrong-" + UUID.randomUUID();
    Properties bad = properties("alice");
    bad.setProperty("auth.token", wrong);
    Throwable iterator =
        assertThrows(
            Exception.class,
            () -> TableMult.on(bad).transposeOf("vAT").times("vB").into("vC_wrong").run());
    Path badFile = secrets.resolve("wrong.properties");
    try (OutputStream out = Files.newOutputStream(badFile)) {
      bad.store(out, null);
    }
    Throwable mr =
        assertThrows(
            Exception.class,
            () ->
                MapReduceMultiply.on(yarn.configuration(), badFile)
                    .transposeOf("vAT")
                    .times("vB")
                    .into("vC_wrong")
                    .run());
    List<String> secretsToFind = List.of(passwords.get("alice"), passwords.get("bob"), wrong);
    for (Throwable t : new Throwable[] {iterator, mr}) {
      for (Throwable cause = t; cause != null; cause = cause.getCause()) {
        for (String secret : secretsToFind) {
          assertFalse(String.valueOf(cause).contains(secret), "password in " + cause);
        }
      }
    }
    for (String table : root.tableOperations().list()) {
      for (Map.Entry<String, String> p :
          root.tableOperations().getConfiguration(table).entrySet()) {
        for (String secret : secretsToFind) {
          assertFalse(
              p.getValue().contains(secret), "password in " + table + " property " + p.getKey());
        }
      }
    }
    List<Path> places = new ArrayList<>(List.of(accumulo.dir(), yarn.dir()));
    Configuration conf = yarn.configuration();
    for (String key :
        new String[] {
          "yarn.app.mapreduce.am.staging-dir",
          "mapreduce.jobhistory.done-dir",
          "mapreduce.jobhistory.intermediate-done-dir",
          "yarn.nodemanager.log-dirs",
          "yarn.nodemanager.local-dirs"
        }) {
      for (String dir : conf.getTrimmedStrings(key)) {
        Path local = Path.of(dir.replaceFirst("^file:", ""));
        if (local.isAbsolute() && Files.isDirectory(local)) {
          places.add(local);
        }
      }
    }
    long filesRead = 0;
    for (Path place : places) {
      List<Path> files;
      try (Stream<Path> walk = Files.walk(place)) {
        files = walk.filter(Files::isRegularFile).toList();
      }
      for (Path file : files) {
        String text;
        try {
          text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        } catch (IOException gone) {
          continue;
        }
        filesRead++;
        for (String secret : secretsToFind) {
          assertFalse(text.contains(secret), "password in " + file);
        }
      }
    }
    assertTrue(filesRead > 20, "read " + filesRead + " files under " + places);
    // the finished jobs' task logs are among them (kept, aggregated, under the YARN directory)
    try (Stream<Path> logs = Files.walk(yarn.aggregatedLogs())) {
      assertTrue(logs.anyMatch(Files::isRegularFile), "no task log in " + yarn.aggregatedLogs());
    }
  }

  private SparseMatrix oracle(Authorizations auths) throws VisibilityParseException {
    return ReferenceMultiply.multiply(semiring, at.plain(auths), b.plain(auths));
  }

  /** C as a user scans it, each (i,j)'s cells ⊕-ed across labels, as a reader of C sums them. */
  private SparseMatrix scanSummed(AccumuloClient client, String table, Authorizations auths)
      throws Exception {
    Map<String, Map<String, Long>> sums = new HashMap<>();
    try (Scanner scan = client.createScanner(table, auths)) {
      for (Map.Entry<Key, Value> e : scan) {
        long v = semiring.decode(e.getValue().get());
        sums.computeIfAbsent(e.getKey().getRow().toString(), r -> new HashMap<>())
            .merge(e.getKey().getColumnQualifier().toString(), v, semiring::plus);
      }
    }
    SparseMatrix c = new SparseMatrix();
    sums.forEach((i, row) -> row.forEach((j, v) -> c.put(i, j, Long.toString(v))));
    return c;
  }

  /** A small random matrix whose cells carry labels. */
  private record Labelled(List<String[]> cells) {
    static Labelled random(Random random, String rowPrefix, String columnPrefix) {
      List<String[]> cells = new ArrayList<>();
      for (int r = 0; r < 30; r++) {
        for (int c = 0; c < 12; c++) {
          if (random.nextInt(3) == 0) {
            cells.add(
                new String[] {
                  rowPrefix + r,
                  columnPrefix + c,
                  LABELS[random.nextInt(LABELS.length)],
                  Integer.toString(1 + random.nextInt(9))
                });
          }
        }
      }
      return new Labelled(cells);
    }

    void write(AccumuloClient client, String table) throws Exception {
      client.tableOperations().create(table);
      try (BatchWriter writer = client.createBatchWriter(table)) {
        for (String[] cell : cells) {
          Mutation m = new Mutation(cell[0]);
          m.put("", cell[1], new ColumnVisibility(cell[2]), cell[3]);
          writer.addMutation(m);
        }
      }
    }

    /** The cells a reader with {@code auths} may see, labels dropped. */
    SparseMatrix plain(Authorizations auths) throws VisibilityParseException {
      VisibilityEvaluator evaluator = new VisibilityEvaluator(auths);
      SparseMatrix m = new SparseMatrix();
      for (String[] cell : cells) {
        if (evaluator.evaluate(new ColumnVisibility(cell[2]))) {
          m.put(cell[0], cell[1], cell[3]);
        }
      }
      return m;
    }
  }
}
