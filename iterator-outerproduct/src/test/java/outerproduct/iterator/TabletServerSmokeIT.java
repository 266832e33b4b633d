package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.NativeMaps;
import outerproduct.embedded.SharedClusters;

/** This project's iterator classes run inside tablet-server processes, not in the test JVM. */
@ExtendWith(SharedClusters.class)
class TabletServerSmokeIT {
  private static final Logger log = LoggerFactory.getLogger(TabletServerSmokeIT.class);

  @Test
  void iteratorRunsInsideTabletServers(EmbeddedAccumulo accumulo) throws Exception {
    List<Long> tservers = accumulo.tabletServerPids();
    assertEquals(2, tservers.size(), "two tablet servers");
    String table = "smoke_where";
    SortedSet<Text> splits = new TreeSet<>();
    for (char c = 'b'; c <= 'y'; c++) {
      splits.add(new Text(String.valueOf(c)));
    }
    try (AccumuloClient client = accumulo.newClient()) {
      client.tableOperations().create(table, new NewTableConfiguration().withSplits(splits));
      try (BatchWriter writer = client.createBatchWriter(table)) {
        for (char c = 'a'; c <= 'z'; c++) {
          Mutation m = new Mutation(String.valueOf(c));
          m.put("", "v", "+00" + (c - 'a'));
          writer.addMutation(m);
        }
      }
      Set<Long> seenPids = new HashSet<>();
      int entries = 0;
      try (Scanner scanner = client.createScanner(table, Authorizations.EMPTY)) {
        scanner.addScanIterator(
            new IteratorSetting(
                50, "where", WhereAmIIterator.class, Map.of("semiring", "plus-times-long")));
        for (Map.Entry<Key, Value> e : scanner) {
          String[] valueAndPid = e.getValue().toString().split("@");
          int expected = e.getKey().getRow().toString().charAt(0) - 'a';
          assertEquals(String.valueOf(expected), valueAndPid[0], "kernel's canonical form");
          seenPids.add(Long.parseLong(valueAndPid[1]));
          entries++;
        }
      }
      log.info(
          "iterator ran in pids {}; tablet servers are {}; this JVM is {}",
          seenPids,
          tservers,
          ProcessHandle.current().pid());
      assertEquals(26, entries);
      assertTrue(tservers.containsAll(seenPids), "ran in " + seenPids + ", tservers " + tservers);
      assertTrue(!seenPids.contains(ProcessHandle.current().pid()), "ran in the test JVM");
      assertNotEquals(0, seenPids.size());
    }
  }

  /**
   * A build that compiled Accumulo's native map (g++ present, as on CI) runs every embedded tablet
   * server with it loaded; the test is skipped where the build could not compile it.
   */
  @Test
  void tabletServersLoadTheNativeMapsTheBuildMade(EmbeddedAccumulo accumulo) {
    assumeTrue(NativeMaps.available(), "this build has no native map library (no g++)");
    assertEquals(
        accumulo.tabletServerPids().size(),
        accumulo.tabletServersWithNativeMaps(),
        "tablet servers with libaccumulo.so loaded");
  }
}
