package outerproduct.iterator;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;

/**
 * How an iterator inside a tablet server reaches another table (AT to read, C to write): the
 * Accumulo client properties of the user who asked for the multiply, carried in one iterator option
 * of the scan.
 *
 * <p>Credentials: the properties hold the user's token. They travel in the scan's RPC only (scan
 * iterators are never written to table configuration), and no code here puts them in a log line, an
 * exception message or {@link #toString()}; an option error names the option, never its value.
 *
 * <p>Clients are cached per tablet server and per distinct properties, and never closed: opening
 * one costs a ZooKeeper session, and an iterator has no close hook to release it.
 */
final class RemoteConnection {
  private static final Map<String, AccumuloClient> CLIENTS = new ConcurrentHashMap<>();

  private final String encoded;

  private RemoteConnection(String encoded) {
    this.encoded = encoded;
  }

  static RemoteConnection of(Properties clientProperties) {
    if (clientProperties.getProperty("auth.principal") == null
        || clientProperties.getProperty("auth.token") == null) {
      throw new IllegalArgumentException(
          "client properties must hold auth.principal and auth.token: tablet servers act as that"
              + " user");
    }
    StringWriter out = new StringWriter();
    try {
      clientProperties.store(out, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new RemoteConnection(out.toString());
  }

  static RemoteConnection decode(String option) {
    return new RemoteConnection(option);
  }

  String encode() {
    return encoded;
  }

  Properties properties() {
    Properties p = new Properties();
    try {
      p.load(new StringReader(encoded));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  /** A shared client for these properties; callers must not close it. */
  AccumuloClient client() {
    return CLIENTS.computeIfAbsent(encoded, e -> Accumulo.newClient().from(properties()).build());
  }

  @Override
  public String toString() {
    return "RemoteConnection("
        + properties().getProperty("instance.name")
        + ", user "
        + properties().getProperty("auth.principal")
        + ", token redacted)";
  }
}
