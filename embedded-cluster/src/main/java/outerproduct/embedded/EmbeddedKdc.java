package outerproduct.embedded;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.hadoop.minikdc.MiniKdc;

/**
 * Hadoop's MiniKdc (Apache Kerby, in this JVM): a Kerberos realm for ITs, with the Accumulo
 * servers' principal and users, each with a keytab. {@link #secure} turns an {@link
 * EmbeddedAccumulo}'s settings into a SASL instance whose servers log in with that principal and
 * whose users are Kerberos principals; {@link #useInThisJvm()} makes this JVM's Hadoop security
 * Kerberos, which is global to the JVM (one Kerberos test class per JVM).
 */
public final class EmbeddedKdc implements AutoCloseable {
  /** The servers' primary, which clients ask tickets for ({@code sasl.kerberos.server.primary}). */
  public static final String SERVER_PRIMARY = "accumulo";

  /** The host part of the servers' principal: this machine's name as Java resolves the servers'. */
  private static final String SERVER_HOST = "localhost";

  private final MiniKdc kdc;
  private final Path dir;

  private EmbeddedKdc(MiniKdc kdc, Path dir) {
    this.kdc = kdc;
    this.dir = dir;
  }

  /**
   * Starts a KDC keeping its files under {@code parentDir}; sets {@code java.security.krb5.conf}.
   */
  public static EmbeddedKdc start(Path parentDir) {
    Path dir = ClusterProcesses.baseDir(parentDir).resolve("kdc");
    try {
      Files.createDirectories(dir);
      Properties conf = MiniKdc.createConf();
      MiniKdc kdc = new MiniKdc(conf, dir.toFile());
      kdc.start();
      return new EmbeddedKdc(kdc, dir);
    } catch (Exception e) {
      throw new IllegalStateException("could not start MiniKdc in " + dir + ": " + e, e);
    }
  }

  public String realm() {
    return kdc.getRealm();
  }

  /** {@code name@REALM}. */
  public String principal(String name) {
    return name + "@" + realm();
  }

  /** The servers' principal, {@code accumulo/localhost@REALM}. */
  public String serverPrincipal() {
    return principal(SERVER_PRIMARY + "/" + SERVER_HOST);
  }

  /** Creates principal {@code name@REALM} with a keytab of its own, and returns the keytab. */
  public Path createKeytab(String name) {
    Path keytab = dir.resolve(name.replace('/', '_') + ".keytab");
    try {
      kdc.createPrincipal(keytab.toFile(), name);
    } catch (Exception e) {
      throw new IllegalStateException("could not create principal " + name + ": " + e, e);
    }
    return keytab;
  }

  /** The krb5.conf every JVM of the test needs ({@code -Djava.security.krb5.conf}). */
  public Path krb5conf() {
    return kdc.getKrb5conf().toPath();
  }

  /**
   * {@code settings} for a SASL instance on this realm: the servers log in as {@link
   * #serverPrincipal()} and authenticate users by Kerberos (Accumulo's Kerberos authenticator,
   * authorizor and permission handler), with {@code rootUser} (a principal) as the instance's root
   * user.
   */
  public EmbeddedAccumulo.Settings secure(EmbeddedAccumulo.Settings settings, String rootUser) {
    Path serverKeytab = createKeytab(SERVER_PRIMARY + "/" + SERVER_HOST);
    String handlers = "org.apache.accumulo.server.security.handler.";
    return settings
        .site("instance.rpc.sasl.enabled", "true")
        .site("general.kerberos.keytab", serverKeytab.toString())
        .site("general.kerberos.principal", serverPrincipal())
        .site("instance.security.authenticator", handlers + "KerberosAuthenticator")
        .site("instance.security.authorizor", handlers + "KerberosAuthorizor")
        .site("instance.security.permissionHandler", handlers + "KerberosPermissionHandler")
        .systemProperty("java.security.krb5.conf", krb5conf().toString())
        .coreSite("hadoop.security.authentication", "kerberos")
        .rootUser(rootUser);
  }

  @Override
  public void close() {
    kdc.stop();
  }
}
