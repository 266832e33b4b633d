package outerproduct.iterator;

import java.util.EnumSet;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.iterators.Combiner;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.accumulo.ResultState;

/**
 * Result tables: C (and CT) carry the semiring's ⊕ as a {@link SemiringCombiner} at scan, minc and
 * majc and nothing else, so partial products written in any order sum to C. A new table is created
 * that way; an existing one is accepted only if it already is exactly that (then the new products ⊕
 * onto its values), and refused otherwise, before anything is written.
 */
public final class ResultTables {
  /** The combiner's name and priority on result tables (below the default versioning's 20). */
  public static final String COMBINER_NAME = "semiringPlus";

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
  public static void prepare(AccumuloClient client, String table, String semiring)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    prepare(client, table, semiring, new TreeSet<>(), false);
  }

  /**
   * As {@link #prepare(AccumuloClient, String, String)}; a new table gets these splits, and with
   * {@code removeZeros} a {@link ZeroFilter} after the combiner (an existing table must have it
   * too).
   */
  public static void prepare(
      AccumuloClient client,
      String table,
      String semiring,
      SortedSet<Text> splits,
      boolean removeZeros)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    if (!client.tableOperations().exists(table)
        && created(client, table, semiring, splits, removeZeros)) {
      return;
    }
    ResultState.checkMayWrite(client, table);
    Map<String, EnumSet<IteratorScope>> iterators = client.tableOperations().listIterators(table);
    checkOnlyOurIterators(table, semiring, removeZeros, iterators);
    checkCombiner(client, table, semiring, iterators.get(COMBINER_NAME));
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
      boolean removeZeros)
      throws AccumuloException, AccumuloSecurityException {
    NewTableConfiguration config =
        new NewTableConfiguration()
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
      AccumuloClient client, String table, String semiring, EnumSet<IteratorScope> scopes)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
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
      IteratorSetting present =
          client.tableOperations().getIteratorSetting(table, COMBINER_NAME, scope);
      if (!present.getIteratorClass().equals(SemiringCombiner.class.getName())
          || !semiring.equals(present.getOptions().get(SemiringCombiner.SEMIRING_OPTION))) {
        throw new IllegalArgumentException(
            "result table '"
                + table
                + "' combines with "
                + present.getIteratorClass()
                + " "
                + present.getOptions()
                + " at "
                + scope
                + ", not with semiring '"
                + semiring
                + "'");
      }
    }
  }
}
