package outerproduct.embedded;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The embedded instance's root password: random per JVM, so no password is committed, and never
 * logged. Code that needs it gets it from {@link EmbeddedAccumulo#clientProperties()}.
 */
final class Secrets {
  private static final String ROOT_PASSWORD;

  static {
    byte[] bytes = new byte[12];
    new SecureRandom().nextBytes(bytes);
    ROOT_PASSWORD = HexFormat.of().formatHex(bytes);
  }

  private Secrets() {}

  static String rootPassword() {
    return ROOT_PASSWORD;
  }
}
