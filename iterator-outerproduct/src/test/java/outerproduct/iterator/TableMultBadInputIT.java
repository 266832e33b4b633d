package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
import outerproduct.kernel.accumulo.TableChecksum;
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
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TableMult.on(props).transposeOf("badAT").times("badB").into("badB").run());
    assertTrue(e.getMessage().contains("'badB' must differ"), e.getMessage());
  }

  @Test
  void missingInputIsRefusedAndNoResultIsCreated() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
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
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TableMult.on(bob).transposeOf("badAT").times("badB").into("Cbob").run());
    assertEquals("user 'bob' may not read input table 'badAT'", e.getMessage());
    assertFalse(client.tableOperations().exists("Cbob"), "C not created");
    assertFalse(e.getMessage().contains("bob-pw"));
  }

  @Test
  void resultWithConflictingIteratorsIsRefusedAndUntouched() throws Exception {
    client.tableOperations().create("Cversioned");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TableMult.on(props).transposeOf("badAT").times("badB").into("Cversioned").run());
    assertTrue(e.getMessage().contains("'Cversioned' has iterators") && e.getMessage().contains("vers"),
        e.getMessage());
    assertEquals(0, TableChecksum.of(client, "Cversioned", Semirings.forName("plus-times-long"),
        Authorizations.EMPTY).nnz());
  }

  @Test
  void resultCombiningWithAnotherSemiringIsRefused() throws Exception {
    TableMult.on(props).transposeOf("badAT").times("badB").into("Cminplus").semiring("min-plus").run();
    long before = TableChecksum.of(client, "Cminplus", Semirings.forName("min-plus"), Authorizations.EMPTY).nnz();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TableMult.on(props).transposeOf("badAT").times("badB").into("Cminplus").run());
    assertTrue(e.getMessage().contains("not with semiring 'plus-times-long'"), e.getMessage());
    assertEquals(before, TableChecksum.of(client, "Cminplus", Semirings.forName("min-plus"),
        Authorizations.EMPTY).nnz());
  }

  @Test
  void unknownSemiringAndMalformedRowsAreRefusedBeforeConnecting() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TableMult.on(props).semiring("plus-times-quaternion"));
    assertTrue(e.getMessage().contains("'plus-times-quaternion'"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> TableMult.on(props).rows("a,,b,"));
    assertTrue(e.getMessage().contains("position 2"), e.getMessage());
  }

  /**
   * A value the semiring cannot read fails the multiply (it is never skipped); the tablet server
   * logs the error naming the table, row, column and value.
   */
  @Test
  void badValueInAnInputFailsTheMultiplyNamingIt(EmbeddedAccumulo accumulo) throws Exception {
    MatrixLoader.load(client, "badValues", new SparseMatrix().put("1", "7", "x1"), 1);
    assertThrows(RuntimeException.class,
        () -> TableMult.on(props).transposeOf("badAT").times("badValues").into("Cbadvalue").run());
    String expected = "table 'badValues', row '1', column '7': value 'x1' is not a plus-times-long value";
    try (Stream<Path> logs = Files.list(accumulo.dir().resolve("logs"))) {
      assertTrue(logs.filter(p -> p.getFileName().toString().startsWith("TabletServer"))
          .anyMatch(p -> contains(p, expected)), "a tablet server log says: " + expected);
    }
  }

  private static boolean contains(Path file, String text) {
    try {
      return Files.readString(file).contains(text);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
