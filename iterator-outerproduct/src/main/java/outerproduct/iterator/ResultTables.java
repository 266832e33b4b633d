package outerproduct.iterator;

import java.util.EnumSet;
import java.util.Map;
import java.util.TreeMap;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.iterators.Combiner;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;

/**
 * Result tables: C (and CT) carry the semiring's ⊕ as a {@link SemiringCombiner} at scan, minc and
 * majc and nothing else, so partial products written in any order sum to C. A new table is
 * created that way; an existing one is accepted only if it already is exactly that (then the new
 * products ⊕ onto its values), and refused otherwise, before anything is written.
 */
public final class ResultTables {
  /** The combiner's name and priority on result tables (below the default versioning's 20). */
  public static final String COMBINER_NAME = "semiringPlus";
  public static final int COMBINER_PRIORITY = 10;

  private ResultTables() {}

  public static IteratorSetting combiner(String semiring) {
    IteratorSetting setting = new IteratorSetting(COMBINER_PRIORITY, COMBINER_NAME, SemiringCombiner.class);
    SemiringCombiner.setSemiring(setting, semiring);
    Combiner.setCombineAllColumns(setting, true);
    return setting;
  }

  /**
   * Creates {@code table} configured for {@code semiring}, or checks that it already is.
   *
   * @throws IllegalArgumentException naming the table and the conflicting iterator
   */
  static void prepare(AccumuloClient client, String table, String semiring)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    IteratorSetting wanted = combiner(semiring);
    if (!client.tableOperations().exists(table)) {
      try {
        client.tableOperations().create(table, new NewTableConfiguration().withoutDefaultIterators()
            .attachIterator(wanted, EnumSet.allOf(IteratorScope.class)));
        return;
      } catch (TableExistsException e) {
        // created concurrently: check it like any existing table
      }
    }
    Map<String, EnumSet<IteratorScope>> iterators = client.tableOperations().listIterators(table);
    Map<String, EnumSet<IteratorScope>> others = new TreeMap<>(iterators);
    others.remove(COMBINER_NAME);
    if (!others.isEmpty()) {
      throw new IllegalArgumentException("result table '" + table + "' has iterators " + others
          + " besides the semiring combiner; TableMult needs a result table whose only iterator is "
          + SemiringCombiner.class.getSimpleName() + "(" + semiring + ") at scan, minc and majc");
    }
    EnumSet<IteratorScope> scopes = iterators.get(COMBINER_NAME);
    if (scopes == null || !scopes.equals(EnumSet.allOf(IteratorScope.class))) {
      throw new IllegalArgumentException("result table '" + table + "' lacks "
          + SemiringCombiner.class.getSimpleName() + " at every scope (has it at " + scopes
          + "); partial products would not be summed");
    }
    for (IteratorScope scope : scopes) {
      IteratorSetting present = client.tableOperations().getIteratorSetting(table, COMBINER_NAME, scope);
      if (!present.getIteratorClass().equals(SemiringCombiner.class.getName())
          || !semiring.equals(present.getOptions().get(SemiringCombiner.SEMIRING_OPTION))) {
        throw new IllegalArgumentException("result table '" + table + "' combines with "
            + present.getIteratorClass() + " " + present.getOptions() + " at " + scope
            + ", not with semiring '" + semiring + "'");
      }
    }
  }

}
