package outerproduct.internals;

import org.apache.accumulo.core.conf.Property;
import org.apache.accumulo.core.conf.PropertyType;

/**
 * What Accumulo knows of its configuration keys, from its internal {@code core.conf.Property}
 * ({@code AccumuloInternalsIT} fails when it changes): whether a key is one, whether a value suits
 * it, whether it holds a secret.
 */
public final class ServerProperties {
  private ServerProperties() {}

  /**
   * Whether {@code key} is a property Accumulo defines, or one under a prefix it defines (such as
   * {@code tserver.scan.executors.} or {@code table.custom.}). Property.isValidPropertyKey also
   * admits anything under the bare prefixes ({@code tserver.}, {@code table.}), which would take a
   * misspelt key.
   */
  public static boolean isKnown(String key) {
    Property exact = Property.getPropertyByKey(key);
    if (exact != null) {
      return exact.getType() != PropertyType.PREFIX;
    }
    for (Property p : Property.values()) {
      boolean specificPrefix =
          p.getType() == PropertyType.PREFIX && p.getKey().indexOf('.') < p.getKey().length() - 1;
      if (specificPrefix && key.startsWith(p.getKey()) && key.length() > p.getKey().length()) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code value} is one {@code key} accepts. */
  public static boolean isValid(String key, String value) {
    return Property.isValidProperty(key, value);
  }

  /** Whether {@code key} is a property Accumulo defines and {@code value} is its default. */
  public static boolean isDefault(String key, String value) {
    Property property = Property.getPropertyByKey(key);
    return property != null && value.equals(property.getDefaultValue());
  }

  /** Whether {@code key}'s value is a secret that must not be shown. */
  public static boolean isSensitive(String key) {
    return Property.isSensitive(key);
  }
}
