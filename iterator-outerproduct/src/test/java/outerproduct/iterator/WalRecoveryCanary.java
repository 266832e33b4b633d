package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.LongCombiner;
import org.apache.accumulo.core.iterators.user.SummingCombiner;
import org.apache.accumulo.core.security.Authorizations;

/**
 * Why {@link ResultWriter} writes every partial product as its own Mutation: in Accumulo 2.1.4,
 * write-ahead-log recovery loses entries of multi-entry mutations that are equal in key and
 * timestamp to an entry of an earlier mutation (recovery replays each mutation with room for one
 * in-memory-map counter, so such entries replace each other instead of being combined). Partial
 * products of one C cell are such entries.
 *
 * <p>Two tables get the same 10,000 increments of ten cells of one row under a SummingCombiner, all
 * with one timestamp: as 1,000 mutations of ten entries (each rotated by one column), and as 10,000
 * single-entry mutations. {@link ServerFaultsIT} stops and starts every tablet server between
 * {@link #writeBeforeRestart} and {@link #checkAfterRestart}, so the tables are recovered from the
 * log. If the multi-entry case stops losing increments, Accumulo has fixed its recovery and
 * ResultWriter may batch a C row's products into one Mutation again.
 */
final class WalRecoveryCanary {
  private static final int MUTATIONS = 1_000;
  private static final int COLUMNS = 10;
  private static final long EXPECTED = (long) MUTATIONS * COLUMNS;
  private static final String SINGLE = "walSingleEntry";
  private static final String MULTI = "walMultiEntry";

  private WalRecoveryCanary() {}

  static void writeBeforeRestart(AccumuloClient client) throws Exception {
    write(client, SINGLE, true);
    write(client, MULTI, false);
    assertEquals(EXPECTED, sum(client, SINGLE));
    assertEquals(EXPECTED, sum(client, MULTI), "before the restart, every increment counts");
  }

  static void checkAfterRestart(AccumuloClient client) throws Exception {
    assertEquals(EXPECTED, sum(client, SINGLE), "single-entry mutations recover exactly");
    long recovered = sum(client, MULTI);
    assertTrue(
        recovered < EXPECTED,
        "Accumulo's recovery kept every increment of multi-entry mutations ("
            + recovered
            + "): its bug is fixed, and ResultWriter's single-entry mutations can be reconsidered");
    System.out.printf(
        "WAL recovery canary: multi-entry mutations kept %d of %d increments%n",
        recovered, EXPECTED);
  }

  private static void write(AccumuloClient client, String table, boolean singleEntry)
      throws Exception {
    IteratorSetting sum = new IteratorSetting(10, "sum", SummingCombiner.class);
    SummingCombiner.setEncodingType(sum, LongCombiner.Type.STRING);
    SummingCombiner.setCombineAllColumns(sum, true);
    client
        .tableOperations()
        .create(
            table,
            new NewTableConfiguration().attachIterator(sum, EnumSet.allOf(IteratorScope.class)));
    try (BatchWriter writer = client.createBatchWriter(table)) {
      for (int n = 0; n < MUTATIONS; n++) {
        Mutation m = new Mutation("r");
        for (int p = 0; p < COLUMNS; p++) {
          m.put("", "q" + (n + p) % COLUMNS, 1L, "1");
          if (singleEntry) {
            writer.addMutation(m);
            m = new Mutation("r");
          }
        }
        if (!singleEntry) {
          writer.addMutation(m);
        }
      }
    }
  }

  private static long sum(AccumuloClient client, String table) throws Exception {
    long total = 0;
    try (Scanner scanner = client.createScanner(table, Authorizations.EMPTY)) {
      for (Map.Entry<Key, Value> e : scanner) {
        total += Long.parseLong(e.getValue().toString());
      }
    }
    return total;
  }
}
