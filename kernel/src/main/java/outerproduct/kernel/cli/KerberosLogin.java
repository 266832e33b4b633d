package outerproduct.kernel.cli;

import java.io.IOException;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import outerproduct.kernel.accumulo.DelegatedCredentials;

/**
 * The Kerberos login a command makes from its client properties, as Accumulo's shell does: with
 * {@code sasl.enabled} and a Kerberos {@code auth.type}, Hadoop's security in this JVM becomes
 * Kerberos and, where {@code auth.token} names a keytab, the process logs in from it as {@code
 * auth.principal}; without a keytab the ticket cache ({@code kinit}) is used. Anything else is left
 * as it is.
 */
public final class KerberosLogin {
  private KerberosLogin() {}

  /**
   * Logs in as {@code clientProperties} say, once per principal.
   *
   * @throws IllegalArgumentException naming the principal and keytab when the login fails
   */
  public static synchronized void asNamedIn(Properties clientProperties) {
    if (!Boolean.parseBoolean(clientProperties.getProperty("sasl.enabled", "false"))
        || !DelegatedCredentials.isKerberos(clientProperties)) {
      return;
    }
    if (!UserGroupInformation.isSecurityEnabled()) {
      Configuration conf = new Configuration();
      conf.set("hadoop.security.authentication", "kerberos");
      UserGroupInformation.setConfiguration(conf);
    }
    String principal = clientProperties.getProperty("auth.principal");
    String keytab = clientProperties.getProperty("auth.token", "");
    try {
      UserGroupInformation current = UserGroupInformation.getLoginUser();
      if (keytab.isEmpty()
          || (current.hasKerberosCredentials() && current.getUserName().equals(principal))) {
        return;
      }
      UserGroupInformation.loginUserFromKeytab(principal, keytab);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot log in to Kerberos as '"
              + principal
              + "' with keytab "
              + keytab
              + ": "
              + e.getMessage(),
          e);
    }
  }
}
