package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.SystemPermission;
import org.apache.accumulo.core.security.TablePermission;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.IncompleteResultException;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semirings;

/** Each refusal names what is wrong and leaves C as it was (or never creates it). */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TableMultBadInputIT {
  private Properties props;
  private AccumuloClient client;

  @BeforeAll
  void load(EmbeddedAccumulo accumulo) throws Exception {
    props = accumulo.clientProperties();
    client = accumulo.newClient();
    SparseMatrix m = new SparseMatrix().put("1", "1", "1").put("1", "2", "2").put("2", "1", "3");
    MatrixLoader.load(client, "badAT", m, 1);
    MatrixLoader.load(client, "badB", m, 1);
  }

  @AfterAll
  void close() {
    client.close();
  }

  @Test
  void resultEqualToAnInputIsRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TableMult.on(props).transposeOf("badAT").times("badB").into("badB").run());
    assertTrue(e.getMessage().contains("'badB' must differ"), e.getMessage());
  }

  @Test
  void missingInputIsRefusedAndNoResultIsCreated() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TableMult.on(props).transposeOf("nope").times("badB").into("Cnope").run());
    assertTrue(e.getMessage().contains("input table 'nope' does not exist"), e.getMessage());
    assertFalse(client.tableOperations().exists("Cnope"), "C not created");
  }

  @Test
  void inputTheUserMayNotReadIsRefused() throws Exception {
    client.securityOperations().createLocalUser("bob", new PasswordToken("bob-pw"));
    client.securityOperations().grantTablePermission("bob", "badB", TablePermission.READ);
    client.securityOperations().grantSystemPermission("bob", SystemPermission.CREATE_TABLE);
    Properties bob = (Properties) props.clone();
    bob.setProperty("auth.principal", "bob");
    bob.setProperty("auth.token", "bob-pw");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TableMult.on(bob).transposeOf("badAT").times("badB").into("Cbob").run());
    assertEquals("user 'bob' may not read input table 'badAT'", e.getMessage());
    assertFalse(client.tableOperations().exists("Cbob"), "C not created");
    assertFalse(e.getMessage().contains("bob-pw"));

    // The checks and the tablet servers must act as one user.
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TableMult.on(bob).transposeOf("badAT").times("badB").into("Cbob").client(client));
    assertEquals(
        "client acts as user 'root' but the client properties as 'bob'; the tablet servers would"
            + " read and write as another user than the checks",
        e.getMessage());
  }

  @Test
  void resultWithConflictingIteratorsIsRefusedAndUntouched() throws Exception {
    client.tableOperations().create("Cversioned");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TableMult.on(props).transposeOf("badAT").times("badB").into("Cversioned").run());
    assertTrue(
        e.getMessage().contains("'Cversioned' has iterators") && e.getMessage().contains("vers"),
        e.getMessage());
    assertEquals(
        0,
        TableChecksum.of(
                client, "Cversioned", Semirings.forName("plus-times-long"), Authorizations.EMPTY)
            .nnz());
  }

  @Test
  void resultCombiningWithAnotherSemiringIsRefused() throws Exception {
    TableMult.on(props)
        .transposeOf("badAT")
        .times("badB")
        .into("Cminplus")
        .semiring("min-plus")
        .run();
    long before =
        TableChecksum.of(client, "Cminplus", Semirings.forName("min-plus"), Authorizations.EMPTY)
            .nnz();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TableMult.on(props).transposeOf("badAT").times("badB").into("Cminplus").run());
    assertTrue(e.getMessage().contains("not with semiring 'plus-times-long'"), e.getMessage());
    assertEquals(
        before,
        TableChecksum.of(client, "Cminplus", Semirings.forName("min-plus"), Authorizations.EMPTY)
            .nnz());
  }

  @Test
  void unknownSemiringAndMalformedRowsAreRefusedBeforeConnecting() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> tables().semiring("plus-times-quaternion"));
    assertTrue(e.getMessage().contains("'plus-times-quaternion'"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> tables().rows("a,,b,"));
    assertTrue(e.getMessage().contains("position 2"), e.getMessage());
  }

  /**
   * A value the semiring cannot read fails the multiply (it is never skipped); the tablet server
   * logs the error naming the table, row, column and value.
   */
  @Test
  void badValueInAnInputFailsTheMultiplyNamingIt(EmbeddedAccumulo accumulo) throws Exception {
    MatrixLoader.load(client, "badValues", new SparseMatrix().put("1", "7", "x1"), 1);
    String expected =
        "table 'badValues', row '1', column '7': value 'x1' is not a plus-times-long value";
    IncompleteResultException e =
        assertThrows(
            IncompleteResultException.class,
            () ->
                TableMult.on(props)
                    .transposeOf("badAT")
                    .times("badValues")
                    .into("Cbadvalue")
                    .run());
    assertTrue(
        e.getMessage().contains(expected) && e.getMessage().contains("marked incomplete"),
        e.getMessage());
    assertTrue(ResultState.unfinished(client, "Cbadvalue").startsWith("incomplete: "));
    try (Stream<Path> logs = Files.list(accumulo.dir().resolve("logs"))) {
      assertTrue(
          logs.filter(p -> p.getFileName().toString().startsWith("TabletServer"))
              .anyMatch(p -> contains(p, expected)),
          "a tablet server log says: " + expected);
    }
  }

  /**
   * B's rows taken as they are (no AT): the write iterator decodes each value and names a bad one.
   */
  @Test
  void badValueInTheRowsOfBFailsTheMultiplyNamingIt() throws Exception {
    MatrixLoader.load(client, "badRowValues", new SparseMatrix().put("1", "7", "x1"), 1);
    IncompleteResultException e =
        assertThrows(
            IncompleteResultException.class,
            () ->
                TableMult.on(props)
                    .rowsOf("badRowValues")
                    .into("Cbadrows")
                    .rows(RowRanges.parse("1,"))
                    .run());
    assertTrue(
        e.getMessage().contains("row '1', column '7': value 'x1' is not a plus-times-long value"),
        e.getMessage());
    assertTrue(ResultState.unfinished(client, "Cbadrows").startsWith("incomplete: "));
  }

  @Test
  void emptyInputIsRefused() throws Exception {
    client.tableOperations().create("emptyB");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TableMult.on(props).transposeOf("badAT").times("emptyB").into("Cempty").run());
    assertEquals(
        "input table 'emptyB' holds no entry user 'root' may read: the product would be empty",
        e.getMessage());
    assertFalse(client.tableOperations().exists("Cempty"), "C not created");
  }

  /** A product outside the semiring's range fails the multiply naming k, i, j and the tables. */
  @Test
  void overflowingProductIsNamed() throws Exception {
    MatrixLoader.load(
        client, "hugeB", new SparseMatrix().put("1", "9", Long.toString(Long.MAX_VALUE)), 1);
    IncompleteResultException e =
        assertThrows(
            IncompleteResultException.class,
            () -> TableMult.on(props).transposeOf("badAT").times("hugeB").into("Coverflow").run());
    assertTrue(
        e.getMessage()
            .contains(
                "overflows a 64-bit integer at AT(k,i) (x) B(k,j) with k '1', i '2',"
                    + " j '9' of tables 'badAT' and 'hugeB'"),
        e.getMessage());
  }

  @Test
  void valueTooLargeForTheSemiringIsNamed() throws Exception {
    MatrixLoader.load(
        client, "tooLongB", new SparseMatrix().put("2", "5", "99999999999999999999"), 1);
    IncompleteResultException e =
        assertThrows(
            IncompleteResultException.class,
            () ->
                TableMult.on(props).transposeOf("badAT").times("tooLongB").into("Ctoolong").run());
    assertTrue(
        e.getMessage()
            .contains(
                "table 'tooLongB', row '2', column '5': value '99999999999999999999'"
                    + " is not a plus-times-long value"),
        e.getMessage());
  }

  @Test
  void wrongPasswordIsNamedWithoutEchoingIt() {
    Properties wrong = (Properties) props.clone();
    wrong.setProperty("auth.token", "not-the-password-41");
    Exception e =
        assertThrows(
            Exception.class,
            () -> TableMult.on(wrong).transposeOf("badAT").times("badB").into("Cwrongpw").run());
    assertTrue(
        e.getMessage().contains("BAD_CREDENTIALS") && e.getMessage().contains("root"),
        e.getMessage());
    assertFalse(e.getMessage().contains("not-the-password-41"));
  }

  @Test
  void unreachableInstanceFailsWithinItsTimeout() {
    Properties nowhere = (Properties) props.clone();
    nowhere.setProperty("instance.zookeepers", "localhost:1");
    nowhere.setProperty("instance.zookeepers.timeout", "2s");
    Exception e =
        assertThrows(
            Exception.class,
            () -> TableMult.on(nowhere).transposeOf("badAT").times("badB").into("Cnowhere").run());
    assertTrue(String.valueOf(e.getMessage()).contains("localhost:1"), String.valueOf(e));
  }

  @Test
  void resultTheUserMayNotWriteIsRefusedAndUntouched() throws Exception {
    client.securityOperations().createLocalUser("carol", new PasswordToken("carol-pw"));
    client.securityOperations().grantTablePermission("carol", "badAT", TablePermission.READ);
    client.securityOperations().grantTablePermission("carol", "badB", TablePermission.READ);
    TableMult.on(props).transposeOf("badAT").times("badB").into("CrootOnly").run();
    String before =
        TableChecksum.of(
                client, "CrootOnly", Semirings.forName("plus-times-long"), Authorizations.EMPTY)
            .checksum();
    Properties carol = (Properties) props.clone();
    carol.setProperty("auth.principal", "carol");
    carol.setProperty("auth.token", "carol-pw");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TableMult.on(carol).transposeOf("badAT").times("badB").into("CrootOnly").run());
    assertTrue(
        e.getMessage().startsWith("user 'carol' lacks WRITE on result table 'CrootOnly'"),
        e.getMessage());
    assertEquals(
        before,
        TableChecksum.of(
                client, "CrootOnly", Semirings.forName("plus-times-long"), Authorizations.EMPTY)
            .checksum());
  }

  /**
   * A C being written under a live lease is refused even to a caller asking to replace it; once the
   * lease has run out (its client stopped) it is refused as unfinished, and replacing it writes a
   * new table swapped in whole, so the re-run is exact and nothing is left beside C.
   */
  @Test
  void unfinishedResultIsRefusedThenReplacedExactly() throws Exception {
    TableMult.on(props).transposeOf("badAT").times("badB").into("Cunfinished").run();
    String exact =
        TableChecksum.of(
                client, "Cunfinished", Semirings.forName("plus-times-long"), Authorizations.EMPTY)
            .checksum();
    assertEquals(ResultState.COMPLETE, ResultState.state(client, "Cunfinished"));
    ResultState.claim(
        client, "Cunfinished", "a live client", new ResultState.Reuse(false, true, false));
    IllegalArgumentException live =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                TableMult.on(props)
                    .transposeOf("badAT")
                    .times("badB")
                    .into("Cunfinished")
                    .replaceIncomplete()
                    .run());
    assertTrue(
        live.getMessage()
            .startsWith(
                "result table 'Cunfinished' is being written by another multiply (writing (a"
                    + " live client, since "),
        live.getMessage());
    assertTrue(live.getMessage().contains(", holder "), live.getMessage());
    ResultState.release(client, "Cunfinished", ResultState.COMPLETE);
    client
        .tableOperations()
        .setProperty(
            "Cunfinished",
            ResultState.PROPERTY,
            "writing (a client that died, since 2026-01-01T00:00:00Z, holder 0badc0de, lease until"
                + " 2026-01-01T00:01:00Z)");
    IllegalArgumentException dead =
        assertThrows(
            IllegalArgumentException.class,
            () -> TableMult.on(props).transposeOf("badAT").times("badB").into("Cunfinished").run());
    assertTrue(
        dead.getMessage()
            .startsWith(
                "result table 'Cunfinished' was left unfinished by a multiply that stopped"
                    + " renewing its lease (writing (a client that died"),
        dead.getMessage());
    TableMult.on(props)
        .transposeOf("badAT")
        .times("badB")
        .into("Cunfinished")
        .replaceIncomplete()
        .run();
    assertEquals(
        exact,
        TableChecksum.of(
                client, "Cunfinished", Semirings.forName("plus-times-long"), Authorizations.EMPTY)
            .checksum());
    assertEquals(ResultState.COMPLETE, ResultState.state(client, "Cunfinished"));
    assertEquals(
        List.of("Cunfinished"),
        client.tableOperations().list().stream().filter(t -> t.startsWith("Cunfinished")).toList());
  }

  @Test
  void aClassThatIsNotASemiringAndBadD4mListsAreNamed() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> tables().semiring("java.lang.String"));
    assertTrue(e.getMessage().contains("java.lang.String"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> tables().rows("b,:,a,"));
    assertTrue(e.getMessage().contains("its first row sorts after its last"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> tables().atColumns("a,:,b,"));
    assertTrue(e.getMessage().contains("column filter"), e.getMessage());
  }

  /** A multiply with its tables named, for the checks of the options that follow them. */
  private TableMult tables() {
    return TableMult.on(props).transposeOf("badAT").times("badB").into("Cnever");
  }

  private static boolean contains(Path file, String text) {
    try {
      return Files.readString(file).contains(text);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
