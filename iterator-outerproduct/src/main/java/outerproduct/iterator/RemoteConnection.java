package outerproduct.iterator;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.AccessControlException;
import outerproduct.kernel.accumulo.FileSystems;
import outerproduct.kernel.accumulo.ServerUser;
import outerproduct.kernel.product.MultiplyCancelledException;

/**
 * How an iterator inside a tablet server reaches another table (AT to read, C to write) as the user
 * who asked for the multiply: through the {@link CredentialFile} the multiply wrote, whose location
 * is the iterator's connection option.
 *
 * <p>Every {@code init} reads the file again and checks its grant, so a file deleted at the end of
 * its multiply grants nothing more, and a scan of another table, or a read or write of a table the
 * multiply does not name, is refused even by someone who saw the location in an active-scan
 * listing. No code here puts the token in a log line, an exception message or {@link #toString()}.
 *
 * <p>Clients are cached per tablet server and per distinct client properties, and never closed:
 * opening one costs a ZooKeeper session, and an iterator has no close hook to release it.
 */
final class RemoteConnection {
  private static final Map<String, AccumuloClient> CLIENTS = new ConcurrentHashMap<>();

  private final String location;
  private final Properties clientProperties;
  private final Set<String> reads;
  private final Set<String> writes;

  private RemoteConnection(
      String location, Properties clientProperties, Set<String> reads, Set<String> writes) {
    this.location = location;
    this.clientProperties = clientProperties;
    this.reads = reads;
    this.writes = writes;
  }

  /**
   * Reads the credential file at {@code location} for an iterator of {@code name} in {@code env}'s
   * scan.
   *
   * @throws IllegalStateException if the file is gone, unreadable, or grants nothing to this scan's
   *     table
   */
  static RemoteConnection open(String name, String location, IteratorEnvironment env) {
    Properties file = CredentialFile.parse(read(name, location));
    String granted = file.getProperty(CredentialFile.SCAN_TABLE_ID);
    TableId scanned = scannedTable(name, env);
    if (granted == null || !granted.equals(scanned.canonical())) {
      throw new IllegalStateException(
          name + ": credentials file " + location + " grants no scan of table id " + scanned);
    }
    Set<String> reads = tables(file.getProperty(CredentialFile.READS, ""));
    Set<String> writes = tables(file.getProperty(CredentialFile.WRITES, ""));
    file.keySet().removeIf(k -> k.toString().startsWith("outerproduct.grant."));
    CredentialFile.requireToken(file);
    return new RemoteConnection(location, file, reads, writes);
  }

  private static Set<String> tables(String names) {
    return new HashSet<>(Arrays.asList(names.split(",")));
  }

  private static String read(String name, String location) {
    Path path = new Path(URI.create(location));
    try (InputStream in = FileSystems.of(path.toUri()).open(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (FileNotFoundException e) {
      // deleted when its multiply ended, or first thing when the caller cancelled it
      throw new MultiplyCancelledException(
          name
              + ": credentials file "
              + location
              + " does not exist: it lives only while its multiply runs (it ended or was"
              + " cancelled)");
    } catch (AccessControlException e) {
      throw new IllegalStateException(
          name
              + ": the tablet server cannot read credentials file "
              + location
              + ": name its file-system user in "
              + ServerUser.PROPERTY
              + " on the client (docs/deploy.md)",
          e);
    } catch (IOException e) {
      throw new UncheckedIOException(name + ": cannot read credentials file " + location, e);
    }
  }

  private static TableId scannedTable(String name, IteratorEnvironment env) {
    try {
      TableId id = env == null ? null : env.getTableId();
      if (id != null) {
        return id;
      }
    } catch (UnsupportedOperationException e) {
      // an environment outside a tablet server: refused below
    }
    throw new IllegalStateException(name + ": runs only in a tablet server's scan of a table");
  }

  /** A shared client to read {@code table}; callers must not close it. */
  AccumuloClient toRead(String table) {
    return granted(reads, "read", table);
  }

  /** A shared client to write {@code tables} (nulls ignored); callers must not close it. */
  AccumuloClient toWrite(String... tables) {
    AccumuloClient client = null;
    for (String table : tables) {
      if (table != null) {
        client = granted(writes, "write", table);
      }
    }
    return client;
  }

  private AccumuloClient granted(Set<String> tables, String verb, String table) {
    if (!tables.contains(table)) {
      throw new IllegalStateException(
          "credentials file " + location + " grants no " + verb + " of table '" + table + "'");
    }
    // Keyed by the properties in a stable order: one client per user and instance, not per file.
    String key = new TreeMap<>(clientProperties).toString();
    return CLIENTS.computeIfAbsent(key, k -> Accumulo.newClient().from(clientProperties).build());
  }

  String principal() {
    return clientProperties.getProperty("auth.principal");
  }

  @Override
  public String toString() {
    return "RemoteConnection("
        + clientProperties.getProperty("instance.name")
        + ", user "
        + principal()
        + ", token redacted)";
  }
}
