package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static outerproduct.kernel.oracle.OracleAssertions.assertEqualsOracle;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.admin.ActiveScan;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.SystemPermission;
import org.apache.accumulo.core.security.TablePermission;
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
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semirings;

/**
 * Where the caller's password goes during an iterator multiply, looked at while one runs: no active
 * scan listed by an administrator holds it (the listing shows the credential file's location), a
 * user without System permission cannot list scans at all, the file is private (600 in a 700
 * directory) and gone when the multiply ends, and a location seen in a listing lets another user
 * neither scan another table with it nor use it after the multiply.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CredentialFileIT {
  private static final String AT = "credAT10";
  private static final String B = "credB10";
  private static final String MALLORY_TABLE = "credMallory";

  private Path credentials;
  private EmbeddedAccumulo accumulo;
  private AccumuloClient root;
  private Properties alice;
  private String alicePassword;
  private AccumuloClient mallory;
  private SparseMatrix oracle;

  @BeforeAll
  void users(EmbeddedAccumulo accumulo, @TempDir Path credentials) throws Exception {
    this.credentials = credentials;
    System.setProperty(CredentialFile.DIRECTORY_PROPERTY, credentials.toUri().toString());
    this.accumulo = accumulo;
    root = accumulo.newClient();
    SparseMatrix at = KroneckerGenerator.standard(10, "A").matrix();
    SparseMatrix b = KroneckerGenerator.standard(10, "B").matrix();
    MatrixLoader.load(root, AT, at, 4);
    MatrixLoader.load(root, B, b, 4);
    oracle = ReferenceMultiply.multiply(Semirings.forName("plus-times-long"), at, b);
    alicePassword = "pw-alice-" + UUID.randomUUID();
    alice = user(accumulo, "credAlice", alicePassword);
    for (String table : List.of(AT, B)) {
      root.securityOperations().grantTablePermission("credAlice", table, TablePermission.READ);
    }
    root.securityOperations().grantSystemPermission("credAlice", SystemPermission.CREATE_TABLE);
    mallory =
        Accumulo.newClient()
            .from(user(accumulo, "credMallory", "pw-mallory-" + UUID.randomUUID()))
            .build();
    root.tableOperations().create(MALLORY_TABLE);
    try (var writer = root.createBatchWriter(MALLORY_TABLE)) {
      var m = new org.apache.accumulo.core.data.Mutation("1");
      m.put("", "1", "1");
      writer.addMutation(m);
    }
    for (String table : List.of(MALLORY_TABLE, B)) {
      root.securityOperations().grantTablePermission("credMallory", table, TablePermission.READ);
    }
  }

  private Properties user(EmbeddedAccumulo accumulo, String name, String password)
      throws Exception {
    root.securityOperations().createLocalUser(name, new PasswordToken(password));
    Properties p = (Properties) accumulo.clientProperties().clone();
    p.setProperty("auth.principal", name);
    p.setProperty("auth.token", password);
    return p;
  }

  @AfterAll
  void close() {
    System.clearProperty(CredentialFile.DIRECTORY_PROPERTY);
    if (mallory != null) {
      mallory.close();
    }
    root.close();
  }

  /** What was seen at the first progress entry that came while B's TableMult scans were listed. */
  private record Seen(
      List<String> listings, String location, String filePermissions, String dirPermissions) {}

  @Test
  void theSecretIsInNoListingAndTheFileGrantsNothingAfter() throws Exception {
    List<Seen> seen = new ArrayList<>();
    List<String> refusals = new ArrayList<>();
    TableMultResult result =
        TableMult.on(alice)
            .transposeOf(AT)
            .times(B)
            .into("credC")
            .monitorEvery(2_000, 0)
            .onProgress(
                p -> {
                  if (seen.isEmpty()) {
                    look().ifPresent(s -> seen.add(s));
                    if (!seen.isEmpty()) {
                      refusals.add(stealDuring(seen.get(0).location()));
                    }
                  }
                })
            .run();
    try (AccumuloClient asAlice = Accumulo.newClient().from(alice).build()) {
      assertEqualsOracle(asAlice, "credC", oracle);
    }
    assertFalse(
        seen.isEmpty(), "a listing while the multiply ran, over " + result.monitoringEntries());
    Seen during = seen.get(0);
    for (String listing : during.listings()) {
      assertFalse(listing.contains(alicePassword), "the password in an active scan: " + listing);
    }
    assertTrue(
        String.join("\n", during.listings()).contains(during.location()),
        "the listing shows where the file is");
    assertEquals("rw-------", during.filePermissions());
    assertEquals("rwx------", during.dirPermissions());
    assertEquals("refused", refusals.get(0), "mallory's scan of his own table with alice's file");
    try (Stream<Path> left = Files.list(credentials)) {
      assertEquals(List.of(), left.toList(), "no credential file outlives its multiply");
    }
    assertEquals("refused", steal(B, during.location()), "mallory's scan of B after the multiply");
    String logs = tabletServerLogs();
    assertTrue(
        logs.contains("credentials file " + during.location() + " grants no scan of table id"),
        "the tablet server's reason for the first refusal");
    assertTrue(
        logs.contains(
            "credentials file "
                + during.location()
                + " does not exist: it lives only while its multiply runs"),
        "the tablet server's reason for the second");
    AccumuloSecurityException e =
        assertThrows(
            AccumuloSecurityException.class,
            () -> mallory.instanceOperations().getActiveScans(anyTabletServer()));
    assertTrue(e.getMessage().contains("PERMISSION_DENIED"), e.getMessage());
  }

  /** Every active scan an administrator can list, if one of them is this multiply's. */
  private java.util.Optional<Seen> look() {
    try {
      List<String> listings = new ArrayList<>();
      String location = null;
      for (String server : root.instanceOperations().getTabletServers()) {
        for (ActiveScan scan : root.instanceOperations().getActiveScans(server)) {
          listings.add(scan + " " + scan.getSsiList() + " " + scan.getSsio());
          Map<String, String> options = scan.getSsio().get("tableMultProduct");
          if (options != null) {
            location =
                options.get(TwoTableIterator.AT_PREFIX + RemoteSourceIterator.CONNECTION_OPTION);
          }
        }
      }
      if (location == null) {
        return java.util.Optional.empty();
      }
      Path file = Path.of(java.net.URI.create(location));
      return java.util.Optional.of(
          new Seen(
              listings,
              location,
              PosixFilePermissions.toString(Files.getPosixFilePermissions(file)),
              PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent()))));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private String stealDuring(String location) {
    try {
      return steal(MALLORY_TABLE, location);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Mallory scans {@code table} reading AT through alice's credential file: "refused" when the scan
   * fails (a tablet server's reason reaches only its log), else what it read.
   */
  private String steal(String table, String location) throws Exception {
    IteratorSetting s = new IteratorSetting(50, "steal", RemoteSourceIterator.class);
    s.addOption(RemoteSourceIterator.TABLE_OPTION, AT);
    s.addOption(RemoteSourceIterator.CONNECTION_OPTION, location);
    try (Scanner scan = mallory.createScanner(table, Authorizations.EMPTY)) {
      scan.addScanIterator(s);
      for (Map.Entry<Key, Value> ignored : scan) {
        return "read AT";
      }
      return "read nothing";
    } catch (RuntimeException e) {
      return "refused";
    }
  }

  private String anyTabletServer() {
    return root.instanceOperations().getTabletServers().get(0);
  }

  private String tabletServerLogs() throws Exception {
    StringBuilder all = new StringBuilder();
    try (Stream<Path> files = Files.walk(accumulo.dir().resolve("logs"))) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        all.append(Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1));
      }
    }
    return all.toString();
  }
}
