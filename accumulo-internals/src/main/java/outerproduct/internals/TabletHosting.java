package outerproduct.internals;

import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;

/**
 * Which tablet server process hosts each tablet of a table, read from the metadata table's
 * current-location entries (Accumulo internals: the table {@code accumulo.metadata}, its rows
 * {@code <table id>;<end row>} and {@code <table id><}, the families {@code loc} and {@code ~tab};
 * {@code AccumuloInternalsIT} fails when Accumulo changes them): their qualifier is the hosting
 * server's session, so a server that died and came back on the same host and port counts as another
 * process. Two snapshots taken around a multiply show whether any tablet changed process meanwhile,
 * which the iterator engine cannot tell from its results:
 *
 * <ul>
 *   <li>a tablet of B: its iterator stack was re-created in the new process, and the old one may
 *       have written products after its last monitoring entry, which the new one writes again;
 *   <li>a tablet of C or CT: when a server dies after logging a batch of mutations but before
 *       acknowledging it, the writing BatchWriter sends the whole batch again to the tablet's new
 *       server, and C's combiner sums those products twice.
 * </ul>
 *
 * A tablet split in place (same process) is not a change. For C, a tablet the balancer migrated
 * between live processes is not a loss either ({@link #lossSince}). Accumulo lets every user read
 * the metadata table, so this needs no permission beyond the multiply's own.
 */
public final class TabletHosting {
  private static final String METADATA = "accumulo.metadata";
  private static final Text CURRENT_LOCATION = new Text("loc");
  private static final Text TABLET = new Text("~tab");
  private static final long HOSTED_WAIT_MS = TimeUnit.MINUTES.toMillis(2);
  private static final long MAX_PAUSE_MS = 100;

  private final String table;
  private final String tableId;

  /** Metadata row ({@code <id>;<end row>}, or {@code <id><} for the last tablet) to its host. */
  private final NavigableMap<Text, String> hostOfTablet;

  private TabletHosting(String table, String tableId, NavigableMap<Text, String> hostOfTablet) {
    this.table = table;
    this.tableId = tableId;
    this.hostOfTablet = hostOfTablet;
  }

  /**
   * Snapshots {@code table}'s hosting, first waiting until every tablet has a host: a table created
   * a moment ago may have tablets not yet assigned, and the comparison needs them all.
   *
   * @throws IllegalStateException if some tablet stays unassigned for two minutes
   */
  public static TabletHosting of(AccumuloClient client, String table)
      throws TableNotFoundException, InterruptedException {
    String id = client.tableOperations().tableIdMap().get(table);
    if (id == null) {
      throw new TableNotFoundException(null, table, "while reading where its tablets are hosted");
    }
    long deadline = System.currentTimeMillis() + HOSTED_WAIT_MS;
    // A just-created C is usually assigned within tens of milliseconds: poll soon, then back off
    // (a fixed 100 ms cost a small request most of that interval).
    long pauseMs = 5;
    while (true) {
      Set<Text> tablets = new TreeSet<>();
      NavigableMap<Text, String> hosts = new TreeMap<>();
      try (Scanner scanner = client.createScanner(METADATA, Authorizations.EMPTY)) {
        scanner.setRange(new Range(id + ";", true, id + "<", true));
        scanner.fetchColumnFamily(CURRENT_LOCATION);
        scanner.fetchColumnFamily(TABLET);
        for (Map.Entry<Key, Value> entry : scanner) {
          Key key = entry.getKey();
          tablets.add(key.getRow());
          if (key.getColumnFamily().equals(CURRENT_LOCATION)) {
            hosts.put(key.getRow(), entry.getValue() + "[" + key.getColumnQualifier() + "]");
          }
        }
      }
      if (!tablets.isEmpty() && hosts.keySet().equals(tablets)) {
        return new TabletHosting(table, id, hosts);
      }
      if (System.currentTimeMillis() > deadline) {
        tablets.removeAll(hosts.keySet());
        throw new IllegalStateException(
            "table '"
                + table
                + "': tablets "
                + tablets
                + " have had no tablet server for 2 minutes; is a tablet server up?");
      }
      Thread.sleep(pauseMs);
      pauseMs = Math.min(MAX_PAUSE_MS, pauseMs * 2);
    }
  }

  /** The processes hosting some tablet. */
  public Set<String> hosts() {
    return new TreeSet<>(hostOfTablet.values());
  }

  /**
   * @return the first tablet hosted by another process now than in {@code before}, described with
   *     both processes; null if every tablet is where it was (split ones included)
   */
  public String changeSince(TabletHosting before) {
    return firstChange(before, null);
  }

  /**
   * Like {@link #changeSince}, counting only tablets whose earlier process is not in {@code live}
   * ({@code host:port[session]}, from {@link TabletServerSessions}): a tablet migrated by the
   * balancer refuses writes it has not applied, so a BatchWriter's resend cannot duplicate them;
   * only a lost server's tablets can.
   */
  public String lossSince(TabletHosting before, Set<String> live) {
    return firstChange(before, live);
  }

  private String firstChange(TabletHosting before, Set<String> live) {
    for (Map.Entry<Text, String> now : hostOfTablet.entrySet()) {
      // A split leaves each child's end row inside its parent, whose end row is the next one up.
      Map.Entry<Text, String> then = before.hostOfTablet.ceilingEntry(now.getKey());
      String from = then == null ? null : then.getValue();
      // a tablet hosted nowhere before (C replaced meanwhile) is a change whoever is live
      if (!now.getValue().equals(from) && (live == null || from == null || !live.contains(from))) {
        return describe(now.getKey())
            + " (from "
            + (from == null ? "nowhere" : from)
            + " to "
            + now.getValue()
            + ")";
      }
    }
    return null;
  }

  private String describe(Text metadataRow) {
    String row = metadataRow.toString();
    if (row.equals(tableId + "<")) {
      return "the last tablet of '" + table + "'";
    }
    return "the tablet of '"
        + table
        + "' ending at row '"
        + row.substring(tableId.length() + 1)
        + "'";
  }
}
