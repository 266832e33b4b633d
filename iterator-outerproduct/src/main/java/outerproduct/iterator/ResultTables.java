package outerproduct.iterator;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.NamespaceNotFoundException;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.iterators.Combiner;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.security.NamespacePermission;
import org.apache.accumulo.core.security.SystemPermission;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.accumulo.ServerCode;
import outerproduct.kernel.accumulo.TablePermissions;

/**
 * Result tables: C (and CT) carry the semiring's ⊕ as a {@link SemiringCombiner} at scan, minc and
 * majc and nothing else, so partial products written in any order sum to C. A new table is created
 * that way; an existing one is accepted only if it already is exactly that (then the new products ⊕
 * onto its values), and refused otherwise, before anything is written.
 */
public final class ResultTables {
  /** The combiner's name and priority on result tables (below the default versioning's 20). */
  public static final String COMBINER_NAME = "semiringPlus";

  private static final String ITERATOR_PREFIX = "table.iterator.";

  public static final int COMBINER_PRIORITY = 10;

  /** The optional zero filter runs right after ⊕. */
  public static final String ZERO_FILTER_NAME = "semiringZeros";

  public static final int ZERO_FILTER_PRIORITY = 11;

  private ResultTables() {}

  public static IteratorSetting combiner(String semiring) {
    IteratorSetting setting =
        new IteratorSetting(COMBINER_PRIORITY, COMBINER_NAME, SemiringCombiner.class);
    SemiringCombiner.setSemiring(setting, semiring);
    Combiner.setCombineAllColumns(setting, true);
    return setting;
  }

  /**
   * Creates {@code table} configured for {@code semiring}, or checks that it already is.
   *
   * @throws IllegalArgumentException naming the table and the conflicting iterator
   */
  public static String prepare(AccumuloClient client, String table, String semiring)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    return prepare(client, table, semiring, new TreeSet<>(), false, ServerCode.TableContext.NONE);
  }

  /**
   * As {@link #prepare(AccumuloClient, String, String)}; a new table gets these splits, with {@code
   * removeZeros} a {@link ZeroFilter} after the combiner (an existing table must have it too), and
   * the class loader {@code context} the inputs' tablet servers load this project's iterators from.
   * An existing table in another context, or a new one where the user may not know the inputs'
   * context, is asked whether it can load them (and a new one that cannot is deleted).
   *
   * @return the table's {@link ResultState#PROPERTY} as read during the checks; null for a table
   *     created here or one no engine has written
   */
  public static String prepare(
      AccumuloClient client,
      String table,
      String semiring,
      SortedSet<Text> splits,
      boolean removeZeros,
      ServerCode.TableContext context)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    if (!client.tableOperations().exists(table)
        && created(client, table, semiring, splits, removeZeros, context.name())) {
      if (!context.known()) {
        requireCombiner(client, table);
      }
      return null;
    }
    ResultState.checkMayWrite(client, table);
    // One read of the table's configuration answers every check (a multiply's fixed cost).
    Map<String, String> config = client.tableOperations().getConfiguration(table);
    Map<String, EnumSet<IteratorScope>> iterators = iteratorsOf(config);
    checkHasCombiner(table, iterators);
    checkOnlyOurIterators(table, semiring, removeZeros, iterators);
    checkCombiner(config, table, semiring, iterators.get(COMBINER_NAME));
    if (!context.known() || !Objects.equals(context.name(), ServerCode.contextIn(config))) {
      ServerCode.requireLoadable(client, table, SemiringCombiner.class);
    }
    return config.get(ResultState.PROPERTY);
  }

  /**
   * The table's iterators and their scopes, from its {@code table.iterator.<scope>.<name>} keys.
   */
  private static Map<String, EnumSet<IteratorScope>> iteratorsOf(Map<String, String> config) {
    Map<String, EnumSet<IteratorScope>> iterators = new TreeMap<>();
    for (IteratorScope scope : IteratorScope.values()) {
      String prefix = ITERATOR_PREFIX + scope.name() + ".";
      for (String key : config.keySet()) {
        String name = key.startsWith(prefix) ? key.substring(prefix.length()) : "";
        if (!name.isEmpty() && !name.contains(".")) {
          iterators.computeIfAbsent(name, n -> EnumSet.noneOf(IteratorScope.class)).add(scope);
        }
      }
    }
    return iterators;
  }

  /**
   * @return false if another client created the table first (it is then checked like any existing
   *     table)
   */
  private static boolean created(
      AccumuloClient client,
      String table,
      String semiring,
      SortedSet<Text> splits,
      boolean removeZeros,
      String context)
      throws AccumuloException, AccumuloSecurityException {
    Map<String, String> properties = new HashMap<>(FileCompression.newTableProperties());
    if (context != null && !context.equals(namespaceContext(client, table))) {
      // C's own, where its namespace names none or another: its combiner loads where B's do
      properties.put(ServerCode.CONTEXT_PROPERTY, context);
    }
    NewTableConfiguration config =
        new NewTableConfiguration()
            .setProperties(properties)
            .withoutDefaultIterators()
            .attachIterator(combiner(semiring), EnumSet.allOf(IteratorScope.class));
    if (removeZeros) {
      config.attachIterator(
          ZeroFilter.setting(ZERO_FILTER_PRIORITY, ZERO_FILTER_NAME, semiring),
          EnumSet.allOf(IteratorScope.class));
    }
    if (!splits.isEmpty()) {
      config.withSplits(splits);
    }
    try {
      client.tableOperations().create(table, config);
      return true;
    } catch (TableExistsException e) {
      return false;
    }
  }

  /**
   * Whether the client's user may create {@code table} as Accumulo grants it (System or its
   * namespace's CREATE_TABLE), in a namespace that exists: a creation that can then only fail by a
   * race may run beside the scan ({@link ResultScan#prepareBesideScan}); any doubt says no, and the
   * creation then comes first and refuses as before.
   */
  static boolean mayCreate(AccumuloClient client, String table) {
    String namespace = TablePermissions.namespaceOf(table);
    try {
      var security = client.securityOperations();
      return client.namespaceOperations().exists(namespace)
          && (security.hasSystemPermission(client.whoami(), SystemPermission.CREATE_TABLE)
              || security.hasNamespacePermission(
                  client.whoami(), namespace, NamespacePermission.CREATE_TABLE));
    } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
      return false;
    }
  }

  /** A C created in a context the user may not know: loads its combiner, or is deleted. */
  private static void requireCombiner(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    try {
      ServerCode.requireLoadable(client, table, SemiringCombiner.class);
    } catch (IllegalArgumentException e) {
      client.tableOperations().delete(table);
      throw e;
    }
  }

  /**
   * The context C would inherit from its namespace; null if none, if the namespace is gone (the
   * create says so) or if the user may not read its configuration (which needs ALTER_NAMESPACE): C
   * then names B's context itself.
   */
  private static String namespaceContext(AccumuloClient client, String table)
      throws AccumuloException {
    String namespace = table.contains(".") ? table.substring(0, table.indexOf('.')) : "";
    try {
      return ServerCode.contextIn(client.namespaceOperations().getConfiguration(namespace));
    } catch (NamespaceNotFoundException | AccumuloSecurityException e) {
      return null;
    }
  }

  /**
   * A table without the combiner was written by a path that writes final sums (the client or
   * MapReduce path) or by the user: TableMult's products would replace its cells, not add to them,
   * and adding the combiner afterwards would sum whatever versions it still holds. Refused as such,
   * before the other checks, so the message says that it can never be added to.
   */
  private static void checkHasCombiner(
      String table, Map<String, EnumSet<IteratorScope>> iterators) {
    if (!iterators.containsKey(COMBINER_NAME)) {
      throw new IllegalArgumentException(
          "result table '"
              + table
              + "' has "
              + (iterators.isEmpty() ? "no iterators" : "iterators " + iterators)
              + " and no semiring combiner, so TableMult can never add to it (its products would"
              + " replace cells, not sum with them); give a table that does not exist and"
              + " TableMult creates it");
    }
  }

  private static void checkOnlyOurIterators(
      String table,
      String semiring,
      boolean removeZeros,
      Map<String, EnumSet<IteratorScope>> iterators) {
    Map<String, EnumSet<IteratorScope>> others = new TreeMap<>(iterators);
    others.remove(COMBINER_NAME);
    if (removeZeros) {
      if (!EnumSet.allOf(IteratorScope.class).equals(others.remove(ZERO_FILTER_NAME))) {
        throw new IllegalArgumentException(
            "result table '"
                + table
                + "' lacks the zero filter at every scope, but zero removal was asked for");
      }
    }
    if (!others.isEmpty()) {
      throw new IllegalArgumentException(
          "result table '"
              + table
              + "' has iterators "
              + others
              + " besides the semiring combiner"
              + (removeZeros ? " and zero filter" : "")
              + "; TableMult needs a result table whose only iterator is "
              + SemiringCombiner.class.getSimpleName()
              + "("
              + semiring
              + ") at scan, minc and majc");
    }
  }

  private static void checkCombiner(
      Map<String, String> config, String table, String semiring, EnumSet<IteratorScope> scopes) {
    if (scopes == null || !scopes.equals(EnumSet.allOf(IteratorScope.class))) {
      throw new IllegalArgumentException(
          "result table '"
              + table
              + "' lacks "
              + SemiringCombiner.class.getSimpleName()
              + " at every scope (has it at "
              + scopes
              + "); partial products would not be summed");
    }
    for (IteratorScope scope : scopes) {
      String key = ITERATOR_PREFIX + scope.name() + "." + COMBINER_NAME;
      String iteratorClass = config.get(key).substring(config.get(key).indexOf(',') + 1);
      Map<String, String> options = new TreeMap<>();
      config.forEach(
          (k, v) -> {
            if (k.startsWith(key + ".opt.")) {
              options.put(k.substring(key.length() + ".opt.".length()), v);
            }
          });
      if (!iteratorClass.equals(SemiringCombiner.class.getName())
          || !semiring.equals(options.get(SemiringCombiner.SEMIRING_OPTION))) {
        throw new IllegalArgumentException(
            "result table '"
                + table
                + "' combines with "
                + iteratorClass
                + " "
                + options
                + " at "
                + scope
                + ", not with semiring '"
                + semiring
                + "'");
      }
    }
  }
}
