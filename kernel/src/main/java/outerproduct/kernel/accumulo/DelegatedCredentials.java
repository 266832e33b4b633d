package outerproduct.kernel.accumulo;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.admin.DelegationTokenConfig;
import org.apache.accumulo.core.client.security.tokens.DelegationToken;

/**
 * The client properties that code running as the caller elsewhere (iterators in the tablet servers,
 * a job's tasks) connects with: under Kerberos an Accumulo delegation token of the caller's, never
 * the caller's own credentials; otherwise the caller's properties as they are.
 *
 * <p>A Kerberos client's properties name the caller's keytab (or ticket cache), which no tablet
 * server or task may use, so they get a delegation token instead, as Accumulo's own MapReduce
 * formats did before 2.0: the caller's identity, usable only against this instance, for {@value
 * #LIFETIME_HOURS} hours at most (less if the instance's {@code general.delegation.token.lifetime}
 * says so). A token is reused by later multiplies of the same caller while at least half its
 * lifetime is left, so the tablet servers, which keep one client per distinct credentials, gain a
 * client per caller and half-lifetime rather than one per multiply; a multiply starts with at least
 * {@value #LIFETIME_HOURS}/2 hours of validity ahead of it.
 *
 * <p>Password clients have no such way out: the tablet servers and tasks act with the caller's
 * password, carried in private files (docs/guarantees.md says who can read them).
 */
public final class DelegatedCredentials {
  /** The lifetime asked for each delegation token: a nightly multiply's hours, with room. */
  public static final int LIFETIME_HOURS = 24;

  private static final Map<String, Held> HELD = new ConcurrentHashMap<>();

  private record Held(Properties properties, Instant renewAfter) {}

  private DelegatedCredentials() {}

  /** Whether {@code clientProperties} authenticate through Kerberos (SASL with a keytab/ticket). */
  public static boolean isKerberos(Properties clientProperties) {
    String type = clientProperties.getProperty("auth.type", "");
    return type.equals("kerberos") || type.endsWith("KerberosToken");
  }

  /**
   * The properties to hand to tablet servers and tasks acting as {@code client}'s user: {@code
   * clientProperties} unchanged unless they are Kerberos ones, else the same with a delegation
   * token of the user's in place of the keytab.
   *
   * @throws IllegalStateException naming the permission if the user may not obtain a delegation
   *     token
   */
  public static Properties forRemoteUse(AccumuloClient client, Properties clientProperties) {
    if (!isKerberos(clientProperties)) {
      return clientProperties;
    }
    String key =
        clientProperties.getProperty("instance.name")
            + "/"
            + clientProperties.getProperty("instance.zookeepers")
            + "/"
            + client.whoami();
    Held held = HELD.get(key);
    if (held == null || Instant.now().isAfter(held.renewAfter())) {
      held = obtain(client, clientProperties);
      HELD.put(key, held);
    }
    return held.properties();
  }

  private static Held obtain(AccumuloClient client, Properties clientProperties) {
    Instant asked = Instant.now();
    DelegationToken token;
    try {
      token =
          client
              .securityOperations()
              .getDelegationToken(
                  new DelegationTokenConfig().setTokenLifetime(LIFETIME_HOURS, TimeUnit.HOURS));
    } catch (AccumuloSecurityException e) {
      throw new IllegalStateException(
          "user '"
              + client.whoami()
              + "' may not obtain a delegation token (System.OBTAIN_DELEGATION_TOKEN), which the"
              + " tablet servers and tasks act with under Kerberos: "
              + e.getSecurityErrorCode(),
          e);
    } catch (AccumuloException e) {
      throw new IllegalStateException(
          "cannot obtain a delegation token for user '" + client.whoami() + "': " + e.getMessage(),
          e);
    }
    Properties delegated =
        Accumulo.newClientProperties()
            .from(clientProperties)
            .as(client.whoami(), Objects.requireNonNull(token))
            .build();
    return new Held(delegated, asked.plus(Duration.ofHours(LIFETIME_HOURS).dividedBy(2)));
  }
}
