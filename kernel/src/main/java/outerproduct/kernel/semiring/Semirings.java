package outerproduct.kernel.semiring;

import java.lang.reflect.InvocationTargetException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

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

  private static ClassLoader classLoader() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return context != null ? context : Semirings.class.getClassLoader();
  }
}
