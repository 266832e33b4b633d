package outerproduct.iterator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.hadoop.io.Text;
import outerproduct.internals.TabletHosting;
import outerproduct.internals.TabletServerSessions;

/**
 * Finds out whether a tablet moved between tablet server processes while a multiply ran, which
 * would let a re-sought iterator stack write some products twice. Two witnesses: the server each
 * tablet of the scanned table reported in its monitoring entries ({@link TabletServers}), and where
 * the scanned table's and the result tables' tablets were hosted before and after the scan ({@link
 * TabletHosting}).
 */
final class TabletMoves {
  private final AccumuloClient client;
  private final String scanned;
  private final List<String> results;
  private final Map<String, TabletHosting> before;
  private final TabletServers reported;

  private TabletMoves(
      AccumuloClient client,
      String scanned,
      List<String> results,
      Map<String, TabletHosting> before,
      TabletServers reported) {
    this.client = client;
    this.scanned = scanned;
    this.results = results;
    this.before = before;
    this.reported = reported;
  }

  /** Takes the hosting snapshot before the scan of {@code scanned} that writes {@code results}. */
  static TabletMoves watch(AccumuloClient client, String scanned, List<String> results)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    List<String> tables = new ArrayList<>(results);
    tables.add(0, scanned);
    return new TabletMoves(
        client,
        scanned,
        List.copyOf(results),
        hosting(client, tables),
        new TabletServers(client.tableOperations().listSplits(scanned)));
  }

  /** A monitoring entry of the tablet holding {@code row} came from {@code server}. */
  void saw(Text row, String server) {
    reported.saw(row, server);
  }

  /**
   * After the scan: the tablet that moved, described for the user, or null if none did.
   *
   * @throws TableNotFoundException if a watched table was deleted during the scan
   */
  String moved() throws TableNotFoundException {
    String moved = reported.movedTablet();
    if (moved != null) {
      return "tablet " + moved + " of '" + scanned + "'";
    }
    List<String> tables = new ArrayList<>(results);
    tables.add(0, scanned);
    Map<String, TabletHosting> after = hosting(client, tables);
    moved = after.get(scanned).changeSince(before.get(scanned));
    for (int r = 0; r < results.size() && moved == null; r++) {
      TabletHosting was = before.get(results.get(r));
      TabletHosting now = after.get(results.get(r));
      if (now.changeSince(was) != null) {
        moved = now.lossSince(was, liveTabletServers(client));
      }
    }
    return moved;
  }

  private static Set<String> liveTabletServers(AccumuloClient client) {
    try {
      return TabletServerSessions.live(client);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while listing live tablet servers", e);
    }
  }

  /** Where the tablets of each of {@code tables} are hosted now. */
  private static Map<String, TabletHosting> hosting(AccumuloClient client, List<String> tables)
      throws TableNotFoundException {
    Map<String, TabletHosting> hosting = new HashMap<>();
    for (String table : tables) {
      try {
        hosting.put(table, TabletHosting.of(client, table));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(
            "interrupted while reading where '" + table + "' is hosted", e);
      }
    }
    return hosting;
  }
}
