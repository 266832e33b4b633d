package outerproduct.kernel.accumulo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.security.Authorizations;

/**
 * The authorizations a multiply reads its inputs (and their degree tables) with: those the request
 * names, a subset of the user's, or all of the user's. Every engine and the estimate ask here, so
 * one request reads the same cells on every path; C's cells carry the labels of the cells read.
 */
public final class ReadAuthorizations {
  private ReadAuthorizations() {}

  /**
   * {@code requested}, checked against the user's, or the user's own when it is null.
   *
   * @throws IllegalArgumentException naming each requested label the user does not hold
   */
  public static Authorizations of(AccumuloClient client, Authorizations requested) {
    Authorizations held;
    try {
      held = client.securityOperations().getUserAuthorizations(client.whoami());
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw new IllegalStateException(
          "cannot read the authorizations of user '" + client.whoami() + "': " + e.getMessage(), e);
    }
    if (requested == null) {
      return held;
    }
    List<String> missing = new ArrayList<>();
    for (byte[] label : requested.getAuthorizations()) {
      if (!held.contains(label)) {
        missing.add(new String(label, StandardCharsets.UTF_8));
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          "authorizations (--auths): user '"
              + client.whoami()
              + "' does not hold "
              + missing.stream().map(l -> "'" + l + "'").collect(Collectors.joining(", "))
              + " (it holds: "
              + (held.isEmpty() ? "none" : sorted(held))
              + ")");
    }
    return requested;
  }

  private static String sorted(Authorizations auths) {
    return auths.getAuthorizations().stream()
        .map(l -> new String(l, StandardCharsets.UTF_8))
        .sorted()
        .collect(Collectors.joining(","));
  }

  /**
   * Labels as a request gives them, comma-separated ({@code red,blue}); empty for none.
   *
   * @throws IllegalArgumentException naming a label Accumulo does not accept
   */
  public static Authorizations parse(String labels) {
    try {
      return labels.isBlank() ? Authorizations.EMPTY : new Authorizations(labels.split(","));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("authorizations '" + labels + "': " + e.getMessage(), e);
    }
  }
}
