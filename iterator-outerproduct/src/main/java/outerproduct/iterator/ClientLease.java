package outerproduct.iterator;

import java.util.Properties;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;

/** The client a multiply's client-side calls use: the caller's, or one of its own it closes. */
record ClientLease(AccumuloClient client, boolean owned) implements AutoCloseable {

  /** {@code shared} if given, else a client opened from {@code properties}. */
  static ClientLease of(AccumuloClient shared, Properties properties) {
    return shared != null
        ? new ClientLease(shared, false)
        : new ClientLease(Accumulo.newClient().from(properties).build(), true);
  }

  /**
   * @return {@code client}
   * @throws IllegalArgumentException if the client's user is not the properties' principal
   */
  static AccumuloClient checkActsAs(AccumuloClient client, Properties properties) {
    String principal = properties.getProperty("auth.principal");
    if (!client.whoami().equals(principal)) {
      throw new IllegalArgumentException(
          "client acts as user '"
              + client.whoami()
              + "' but the client properties as '"
              + principal
              + "'; the tablet servers would read and write as another user than the checks");
    }
    return client;
  }

  @Override
  public void close() {
    if (owned) {
      client.close();
    }
  }
}
