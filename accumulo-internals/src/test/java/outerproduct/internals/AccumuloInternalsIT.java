package outerproduct.internals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.hadoop.mapreduce.AccumuloInputFormat;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;

/**
 * One test per Accumulo internal this project relies on, on real tablet servers: each fails, by
 * name, when an Accumulo upgrade changes what the adapter reads. (Instance initialization, {@link
 * InstanceInit}, runs on every CI run when the cluster stage starts a fresh pseudo-distributed
 * instance.)
 */
@ExtendWith(SharedClusters.class)
class AccumuloInternalsIT {
  private static final String SESSION = "[^\\[\\]]+:\\d+\\[[0-9a-f]+\\]";

  private static String table(AccumuloClient client, String name, String... splits)
      throws Exception {
    client.tableOperations().create(name, new NewTableConfiguration().withSplits(splits(splits)));
    return name;
  }

  private static TreeSet<Text> splits(String... rows) {
    TreeSet<Text> texts = new TreeSet<>();
    for (String row : rows) {
      texts.add(new Text(row));
    }
    return texts;
  }

  /** ZooKeeper's tablet-server locks: one live session per running tablet server process. */
  @Test
  void theTabletServerLocksNameOneSessionPerRunningServer(EmbeddedAccumulo accumulo)
      throws Exception {
    try (AccumuloClient client = accumulo.newClient()) {
      Set<String> live = TabletServerSessions.live(client);
      assertEquals(accumulo.tabletServerPids().size(), live.size(), live.toString());
      for (String session : live) {
        assertTrue(session.matches(SESSION), session);
      }
    }
  }

  /**
   * The table's hosting once two reads a second apart agree: the manager may still balance a new
   * table's tablets between the servers, a real move, which is not what these reads are checked on.
   * Nothing moving between those two reads is the check that unchanged hosting reads as unchanged.
   */
  private static TabletHosting settled(AccumuloClient client, String table) throws Exception {
    TabletHosting before = TabletHosting.of(client, table);
    for (int read = 0; read < 30; read++) {
      Thread.sleep(1000);
      TabletHosting now = TabletHosting.of(client, table);
      if (now.changeSince(before) == null) {
        return now;
      }
      before = now;
    }
    throw new AssertionError("the tablets of '" + table + "' kept moving for 30 s");
  }

  /** The metadata table's location entries: every tablet hosted by a live session, stably. */
  @Test
  void theMetadataLocationsHostEveryTabletOnALiveSession(EmbeddedAccumulo accumulo)
      throws Exception {
    try (AccumuloClient client = accumulo.newClient()) {
      String t = table(client, "internalsHosting", "g", "p");
      TabletHosting hosting = settled(client, t);
      Set<String> live = TabletServerSessions.live(client);
      assertFalse(hosting.hosts().isEmpty());
      assertTrue(live.containsAll(hosting.hosts()), hosting.hosts() + " not in " + live);
      client.tableOperations().addSplits(t, splits("k"));
      assertNull(TabletHosting.of(client, t).changeSince(hosting), "a split in place is no move");
    }
  }

  /** AccumuloInputFormat's split class: each split of a table of three tablets names its range. */
  @Test
  void anInputSplitNamesItsTabletsRange(EmbeddedAccumulo accumulo) throws Exception {
    try (AccumuloClient client = accumulo.newClient()) {
      String t = table(client, "internalsSplits", "g", "p");
      Job job = Job.getInstance(new Configuration());
      AccumuloInputFormat.configure()
          .clientProperties(accumulo.clientProperties())
          .table(t)
          .store(job);
      List<Range> ranges = new ArrayList<>();
      for (InputSplit split : new AccumuloInputFormat().getSplits(job)) {
        ranges.add(InputSplits.rangeOf(split));
      }
      assertEquals(3, ranges.size(), ranges.toString());
      for (Range range : ranges) {
        assertFalse(range.isInfiniteStartKey() && range.isInfiniteStopKey(), "a tablet's range");
      }
      assertEquals(List.of(new Range()), Range.mergeOverlapping(ranges), "together: the table");
    }
  }

  /** core.conf.Property: the keys, values and secrets the harness checks and hides. */
  @Test
  void serverPropertiesKnowKeysValuesAndSecrets() {
    assertTrue(ServerProperties.isKnown("tserver.memory.maps.max"));
    assertTrue(ServerProperties.isKnown("table.custom.outerproduct.state"));
    assertFalse(ServerProperties.isKnown("tserver.memory.maps.maximum"));
    assertFalse(ServerProperties.isKnown("tserver."));
    assertTrue(ServerProperties.isValid("tserver.memory.maps.max", "1G"));
    assertFalse(ServerProperties.isValid("tserver.memory.maps.max", "lots"));
    assertTrue(ServerProperties.isSensitive("instance.secret"));
    assertFalse(ServerProperties.isSensitive("tserver.memory.maps.max"));
    assertTrue(ServerProperties.isDefault("table.split.threshold", "1G"));
  }
}
