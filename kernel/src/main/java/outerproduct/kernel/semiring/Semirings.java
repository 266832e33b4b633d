package outerproduct.kernel.semiring;

import java.lang.reflect.InvocationTargetException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import outerproduct.kernel.cli.Choices;

/**
 * Finds a semiring by the name an engine option carries: a built-in name, or the class name of a
 * user's {@link Semiring} with a public no-argument constructor (on the tablet servers' and the
 * job's classpath). Resolution is the validation: a name that resolves here is usable by both
 * engines.
 */
public final class Semirings {
  private static final Map<String, Supplier<Semiring<?>>> BUILT_INS = new LinkedHashMap<>();

  static {
    BUILT_INS.put(PlusTimesLong.NAME, PlusTimesLong::new);
    BUILT_INS.put(PlusTimesDouble.NAME, PlusTimesDouble::new);
    BUILT_INS.put(PlusTimesDecimal.NAME, PlusTimesDecimal::new);
    BUILT_INS.put(MinPlus.NAME, MinPlus::new);
    BUILT_INS.put(MaxPlus.NAME, MaxPlus::new);
    BUILT_INS.put(MaxMin.NAME, MaxMin::new);
    BUILT_INS.put(OrAnd.NAME, OrAnd::new);
  }

  /** The default: the fixtures' values are edge multiplicities. */
  public static final String DEFAULT = PlusTimesLong.NAME;

  private Semirings() {}

  public static List<String> builtInNames() {
    return List.copyOf(BUILT_INS.keySet());
  }

  /**
   * @throws IllegalArgumentException naming {@code name} when it is neither a built-in nor a
   *     loadable class implementing {@link Semiring}
   */
  public static Semiring<?> forName(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("semiring name is empty; built-ins: " + builtInNames());
    }
    int at = name.indexOf(EncodedLongs.SEPARATOR);
    if (at >= 0) {
      return encoded(name, name.substring(0, at), name.substring(at + 1));
    }
    Supplier<Semiring<?>> builtIn = BUILT_INS.get(name);
    if (builtIn != null) {
      return builtIn.get();
    }
    Class<?> type;
    try {
      type = Class.forName(name, true, classLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalArgumentException(
          "unknown semiring '"
              + name
              + "': not a built-in "
              + builtInNames()
              + " and no class of that name can be loaded",
          e);
    }
    if (!Semiring.class.isAssignableFrom(type)) {
      throw new IllegalArgumentException(
          "semiring class '" + name + "' does not implement " + Semiring.class.getName());
    }
    try {
      return (Semiring<?>) type.getConstructor().newInstance();
    } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
      throw new IllegalArgumentException(
          "semiring class '" + name + "' needs a public no-argument constructor", e);
    } catch (InvocationTargetException e) {
      throw new IllegalArgumentException(
          "semiring class '" + name + "' failed to construct: " + e.getCause(), e.getCause());
    }
  }

  /**
   * The name of semiring {@code name} with its values stored in {@code encoding} (in place of any
   * it named): the semiring's own name for text.
   *
   * @throws IllegalArgumentException naming the encoding when the semiring's values are not 64-bit
   *     integers, the only values Accumulo's binary encodings hold
   */
  public static String withEncoding(String name, ValueEncoding encoding) {
    int at = name.indexOf(EncodedLongs.SEPARATOR);
    String base = at < 0 ? name : name.substring(0, at);
    if (encoding == ValueEncoding.TEXT) {
      return base;
    }
    return encoded(base + EncodedLongs.SEPARATOR + encoding.label(), base, encoding.label()).name();
  }

  /** The encoding of the values a semiring of this name reads and writes. */
  public static ValueEncoding encodingOf(String name) {
    int at = name.indexOf(EncodedLongs.SEPARATOR);
    return at < 0 ? ValueEncoding.TEXT : Choices.parse(ValueEncoding.class, name.substring(at + 1));
  }

  /**
   * Stored bytes of {@code semiring} as the canonical text of docs/format.md, whatever their
   * encoding: what checksums and reports compare.
   */
  public static <T> byte[] canonicalText(Semiring<T> semiring, byte[] value) {
    if (semiring instanceof EncodedLongs encoded) {
      return encoded.text().encode(encoded.decode(value));
    }
    return semiring.canonical(value);
  }

  private static Semiring<?> encoded(String name, String base, String label) {
    ValueEncoding encoding;
    try {
      encoding = Choices.parse(ValueEncoding.class, label);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("semiring '" + name + "': " + e.getMessage(), e);
    }
    if (!PlusTimesLong.NAME.equals(base)) {
      throw new IllegalArgumentException(
          "value encoding "
              + encoding.label()
              + " (Accumulo's LongCombiner encoding) holds 64-bit integers: it goes with semiring "
              + PlusTimesLong.NAME
              + " only, not '"
              + base
              + "'");
    }
    return encoding == ValueEncoding.TEXT ? new PlusTimesLong() : new EncodedLongs(encoding);
  }

  private static ClassLoader classLoader() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return context != null ? context : Semirings.class.getClassLoader();
  }
}
