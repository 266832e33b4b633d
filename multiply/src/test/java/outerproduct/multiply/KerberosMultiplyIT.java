package outerproduct.multiply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.SystemPermission;
import org.apache.accumulo.core.security.TablePermission;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedKdc;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.iterator.CredentialFile;
import outerproduct.kernel.accumulo.DelegatedCredentials;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.cli.KerberosLogin;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * Every path on a Kerberos instance (SASL; Hadoop's MiniKdc, the servers logged in with a keytab of
 * their own, users authenticated by Kerberos): the caller holds a keytab, and what reaches the
 * tablet servers and the job's tasks is a delegation token of the caller's, never the keytab or its
 * path. The tablet servers run as the servers' principal, so an iterator multiply that reads AT and
 * writes C as the caller proves the token works there.
 *
 * <p>Kerberos is global to a JVM (Hadoop's {@code UserGroupInformation}), so this class runs alone
 * in a JVM of its own (the module's {@code kerberos} failsafe execution), with clusters of its own.
 * The MapReduce paths hand their tasks the same delegated properties but are not run here: under
 * Kerberos, Hadoop's shuffle reads map outputs only through native Hadoop ({@code SecureIOUtils}
 * and {@code NativeIO}), which this build has no way to install, and the embedded YARN cluster
 * shares this JVM.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KerberosMultiplyIT {
  private static final Path PARENT = Path.of("target", "embedded-clusters");
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");

  private EmbeddedKdc kdc;
  private EmbeddedAccumulo accumulo;
  private Path keytab;
  private Path clientPropertiesFile;
  private Properties clientProperties;
  private AccumuloClient client;
  private SparseMatrix a;
  private SparseMatrix b;

  @BeforeAll
  void kerberos(@TempDir Path dir) throws Exception {
    kdc = EmbeddedKdc.start(PARENT);
    String root = kdc.principal("root");
    keytab = kdc.createKeytab("root");
    accumulo =
        EmbeddedAccumulo.start(
            PARENT, kdc.secure(new EmbeddedAccumulo.Settings().tabletServers(2), root));
    clientProperties =
        Accumulo.newClientProperties().from(accumulo.clientProperties()).as(root, keytab).build();
    clientProperties.setProperty("sasl.enabled", "true");
    clientProperties.setProperty("sasl.kerberos.server.primary", EmbeddedKdc.SERVER_PRIMARY);
    clientPropertiesFile = dir.resolve("kerberos-client.properties");
    try (OutputStream out = Files.newOutputStream(clientPropertiesFile)) {
      clientProperties.store(out, null);
    }
    // what every command does with --cluster
    KerberosLogin.asNamedIn(clientProperties);
    System.setProperty(CredentialFile.DIRECTORY_PROPERTY, dir.resolve("credentials").toUri() + "");
    client = Accumulo.newClient().from(clientProperties).build();
    a = KroneckerGenerator.standard(9, "A").matrix();
    b = KroneckerGenerator.standard(9, "B").matrix();
    MatrixLoader.into(client).tablets(2).degrees().load("krbAT", a);
    MatrixLoader.into(client).tablets(2).degrees().load("krbB", b);
  }

  @AfterAll
  void close() {
    System.clearProperty(CredentialFile.DIRECTORY_PROPERTY);
    if (client != null) {
      client.close();
    }
    if (accumulo != null) {
      accumulo.close();
    }
    if (kdc != null) {
      kdc.close();
    }
  }

  @Test
  @Order(1)
  void everyPathButMapReduceMultipliesAsTheCallerAndItsCEqualsTheOracle() throws Exception {
    assertEquals(kdc.principal("root"), client.whoami(), "authenticated by Kerberos");
    String expected = ResultChecksum.of(ReferenceMultiply.multiply(LONG, a, b));
    for (ExecutionPath path : ExecutionPath.runnable()) {
      if (path.engine() == ExecutionPath.Engine.MAPREDUCE) {
        continue;
      }
      String c = "krbC_" + path.name();
      Multiply.Result r =
          Multiply.on(clientPropertiesFile)
              .transposeOf("krbAT")
              .times("krbB")
              .into(c)
              .path(path)
              .run();
      assertEquals(path, r.decision().path());
      assertEquals(expected, TableChecksum.of(client, c, LONG, Authorizations.EMPTY).checksum(), c);
      assertEquals(ReferenceMultiply.partialProducts(a, b, RowRanges.all()), r.partialProducts());
    }
  }

  /**
   * What the tablet servers read (the credential file) holds a delegation token and nothing of the
   * keytab; a client built from it acts as the caller; later multiplies reuse the token.
   */
  @Test
  @Order(2)
  void theServersGetADelegationTokenAndNeverTheKeytab() throws Exception {
    Properties delegated = DelegatedCredentials.forRemoteUse(client, clientProperties);
    assertTrue(
        delegated.getProperty("auth.type").endsWith("DelegationTokenImpl"),
        delegated.getProperty("auth.type"));
    assertSame(delegated, DelegatedCredentials.forRemoteUse(client, clientProperties), "reused");
    String file;
    try (CredentialFile written =
        CredentialFile.write(
            client,
            clientProperties,
            new CredentialFile.Grant(
                client.tableOperations().tableIdMap().get("krbB"), Set.of("krbAT"), Set.of()))) {
      file = Files.readString(Path.of(java.net.URI.create(written.uri())), StandardCharsets.UTF_8);
    }
    assertFalse(file.contains(keytab.toString()), "the keytab's path in the credential file");
    assertFalse(file.contains("auth.type=kerberos"), file.lines().toList().toString());
    assertTrue(file.contains("DelegationTokenImpl"), "a delegation token in the credential file");
    try (AccumuloClient asToken = Accumulo.newClient().from(delegated).build()) {
      assertEquals(kdc.principal("root"), asToken.whoami());
      assertTrue(asToken.tableOperations().exists("krbAT"));
    }
  }

  /**
   * A caller without System permission OBTAIN_DELEGATION_TOKEN is refused by name on the iterator
   * path, C is left neither complete nor half-written, and a keytab that cannot log in is named.
   * Runs last: it makes bob this JVM's Kerberos login, as his own command would.
   */
  @Test
  @Order(3)
  void aCallerWithoutTheDelegationTokenPermissionIsRefusedByName(@TempDir Path dir)
      throws Exception {
    String bob = kdc.principal("bob");
    Path bobKeytab = kdc.createKeytab("bob");
    Properties asBob =
        Accumulo.newClientProperties().from(clientProperties).as(bob, bobKeytab).build();
    Properties badKeytab =
        Accumulo.newClientProperties()
            .from(clientProperties)
            .as(bob, dir.resolve("missing.keytab"))
            .build();
    IllegalArgumentException login =
        assertThrows(IllegalArgumentException.class, () -> KerberosLogin.asNamedIn(badKeytab));
    assertTrue(
        login.getMessage().startsWith("cannot log in to Kerberos as '" + bob + "' with keytab "),
        login.getMessage());
    KerberosLogin.asNamedIn(asBob);
    try (AccumuloClient bobClient = Accumulo.newClient().from(asBob).build()) {
      // a Kerberos user exists once an RPC of theirs has authenticated them
      assertEquals(Authorizations.EMPTY, bobClient.securityOperations().getUserAuthorizations(bob));
    }
    // root's grants through the delegated properties: root's own client authenticates as the
    // JVM's login, now bob
    try (AccumuloClient asRoot =
        Accumulo.newClient()
            .from(DelegatedCredentials.forRemoteUse(client, clientProperties))
            .build()) {
      for (String table : List.of("krbAT", "krbB")) {
        asRoot.securityOperations().grantTablePermission(bob, table, TablePermission.READ);
      }
      asRoot.securityOperations().grantSystemPermission(bob, SystemPermission.CREATE_TABLE);
    }
    Path bobFile = dir.resolve("bob.properties");
    try (OutputStream out = Files.newOutputStream(bobFile)) {
      asBob.store(out, null);
    }
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                Multiply.on(bobFile)
                    .transposeOf("krbAT")
                    .times("krbB")
                    .into("krbCbob")
                    .path(ExecutionPath.ITERATOR)
                    .run());
    StringBuilder messages = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      messages.append(t.getMessage()).append(" | ");
    }
    assertTrue(
        messages
            .toString()
            .contains(
                "user '"
                    + bob
                    + "' may not obtain a delegation token"
                    + " (System.OBTAIN_DELEGATION_TOKEN)"),
        messages.toString());
    try (AccumuloClient bobClient = Accumulo.newClient().from(asBob).build()) {
      if (bobClient.tableOperations().exists("krbCbob")) {
        assertEquals(
            0,
            TableChecksum.of(bobClient, "krbCbob", LONG, Authorizations.EMPTY).nnz(),
            "nothing written");
      }
    }
  }
}
