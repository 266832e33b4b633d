package outerproduct.iterator;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.io.Text;

/**
 * Which tablet server process wrote each tablet's products, from the monitoring entries of one
 * multiply. A tablet whose entries name two processes had its stack re-created in another process
 * mid-multiply (its server died, or the tablet migrated): the old process may have written products
 * after its last entry, which the new one writes again.
 */
final class TabletServers {
  private final List<Text> splits;
  private final Map<Integer, String> serverOfTablet = new HashMap<>();
  private String movedTablet;

  TabletServers(Collection<Text> splits) {
    this.splits = new ArrayList<>(splits);
    Collections.sort(this.splits);
  }

  /** Records that {@code server} reported progress at {@code row}. */
  void saw(Text row, String server) {
    if (server == null) {
      return;
    }
    int found = Collections.binarySearch(splits, row);
    // Tablet t holds rows in (splits[t-1], splits[t]]: a split row belongs to the tablet it ends.
    int tablet = found >= 0 ? found : -found - 1;
    String before = serverOfTablet.putIfAbsent(tablet, server);
    if (before != null && !before.equals(server) && movedTablet == null) {
      movedTablet = describe(tablet);
    }
  }

  /** The first tablet seen moving between processes, or null. */
  String movedTablet() {
    return movedTablet;
  }

  private String describe(int tablet) {
    String from = tablet == 0 ? "-inf" : "'" + splits.get(tablet - 1) + "'";
    String to = tablet == splits.size() ? "+inf" : "'" + splits.get(tablet) + "'";
    return "(" + from + ", " + to + "]";
  }
}
