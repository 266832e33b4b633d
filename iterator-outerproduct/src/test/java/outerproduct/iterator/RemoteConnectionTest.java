package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.Set;
import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.iteratortest.environments.SimpleIteratorEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.kernel.product.MultiplyCancelledException;

/**
 * What a tablet server accepts from a credential file: a scan of the table it names, reads and
 * writes of the tables it names, while the file exists; never the token in what it prints.
 */
class RemoteConnectionTest {
  private static final String SECRET = "s3cret-Password";

  @TempDir Path dir;

  private static Properties clientProperties() {
    Properties p = new Properties();
    p.setProperty("instance.name", "test");
    p.setProperty("instance.zookeepers", "localhost:2181");
    p.setProperty("auth.type", "password");
    p.setProperty("auth.principal", "alice");
    p.setProperty("auth.token", SECRET);
    return p;
  }

  /**
   * The environment of a scan of the table with id {@code id} (null: none), as a tablet server's.
   */
  private static IteratorEnvironment scanOf(String id) {
    return new SimpleIteratorEnvironment() {
      @Override
      public TableId getTableId() {
        return id == null ? null : TableId.of(id);
      }
    };
  }

  private String file(CredentialFile.Grant grant) throws Exception {
    Path file = dir.resolve("alice.properties");
    Files.writeString(
        file, CredentialFile.content(clientProperties(), grant), StandardCharsets.UTF_8);
    return file.toUri().toString();
  }

  @Test
  void grantsItsScanReadsAndWritesOnly() throws Exception {
    String location = file(new CredentialFile.Grant("7", Set.of("AT"), Set.of("C", "CT")));
    RemoteConnection c = RemoteConnection.open("RemoteSourceIterator", location, scanOf("7"));
    assertEquals("alice", c.principal());
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.toRead("secrets"));
    assertEquals(
        "credentials file " + location + " grants no read of table 'secrets'", e.getMessage());
    e = assertThrows(IllegalStateException.class, () -> c.toWrite("C", "AT"));
    assertEquals("credentials file " + location + " grants no write of table 'AT'", e.getMessage());
    e = assertThrows(IllegalStateException.class, () -> c.toRead("C"));
    assertTrue(e.getMessage().contains("grants no read of table 'C'"), e.getMessage());
  }

  @Test
  void aScanOfAnotherTableIsRefused() throws Exception {
    String location = file(new CredentialFile.Grant("7", Set.of("AT"), Set.of("C")));
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> RemoteConnection.open("TwoTableIterator", location, scanOf("8")));
    assertEquals(
        "TwoTableIterator: credentials file " + location + " grants no scan of table id 8",
        e.getMessage());
    e =
        assertThrows(
            IllegalStateException.class,
            () -> RemoteConnection.open("TwoTableIterator", location, scanOf(null)));
    assertEquals(
        "TwoTableIterator: runs only in a tablet server's scan of a table", e.getMessage());
  }

  @Test
  void aDeletedFileGrantsNothing() throws Exception {
    String location = file(new CredentialFile.Grant("7", Set.of("AT"), Set.of("C")));
    Files.delete(Path.of(java.net.URI.create(location)));
    MultiplyCancelledException e =
        assertThrows(
            MultiplyCancelledException.class,
            () -> RemoteConnection.open("RemoteWriteIterator", location, scanOf("7")));
    assertEquals(
        "RemoteWriteIterator: credentials file "
            + location
            + " does not exist: it lives only while its multiply runs (it ended or was cancelled)",
        e.getMessage());
  }

  @Test
  void theTokenIsInNoMessageOrName() throws Exception {
    String location = file(new CredentialFile.Grant("7", Set.of("AT"), Set.of("C")));
    RemoteConnection c = RemoteConnection.open("RemoteSourceIterator", location, scanOf("7"));
    assertFalse(c.toString().contains(SECRET), c.toString());
    assertTrue(c.toString().contains("alice"), c.toString());
    assertFalse(location.contains(SECRET));
    Properties noToken = clientProperties();
    noToken.remove("auth.token");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TableMult.on(noToken));
    assertTrue(e.getMessage().contains("auth.token"), e.getMessage());
  }
}
