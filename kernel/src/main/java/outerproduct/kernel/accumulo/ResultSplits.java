package outerproduct.kernel.accumulo;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.d4m.RowRanges;

/**
 * Split points of a new C for a whole-table multiply, so that its writes spread over the tablet
 * servers from the first one instead of landing in one tablet, on one server, until Accumulo splits
 * it. C's rows are AT's column qualifiers: a sample of them, read from the head of each of AT's
 * tablets as the caller's user sees them, cut at its quantiles, gives C one tablet per tablet
 * server, each holding about as many of AT's entries' columns.
 *
 * <p>Not weighted by the partial products each sampled AT(k,i) adds to C's row i (deg_B(k)): a
 * tablet's head holds its first rows' smallest columns, so a hub row's weight lands on a few
 * columns and pulls every cut to them. Measured at SCALE 14 on 4 tablet servers, mr-bulk's C by
 * server: 48.6, 8.6, 8.5, 8.5 MB weighted against 30.2, 16.6, 13.8, 13.6 MB unweighted.
 *
 * <p>Cost: one short scan per tablet of AT, of at most {@value #TABLETS_SAMPLED} tablets spread
 * evenly over it (so an AT of thousands of tablets costs no more than one of {@value
 * #TABLETS_SAMPLED}), {@value #SAMPLE} entries in all; memory: the sample's qualifiers. A sample
 * drawn from tablet heads follows the whole table where rows are spread over the key space as
 * vertex ids are (Graph500's are permuted); a table whose rows and columns are ordered alike (a
 * banded matrix) gets cuts that follow its heads instead, which still leaves one tablet per server,
 * unevenly filled.
 */
public final class ResultSplits {
  /** Entries sampled across AT's tablets. */
  static final int SAMPLE = 4096;

  /** AT's tablets read at most, one short scan each, one after another. */
  static final int TABLETS_SAMPLED = 64;

  private ResultSplits() {}

  /**
   * The split points of a new C whose request names none: for a whole-table product one tablet per
   * tablet server ({@link #sampled}), for a row subset one tablet (its C is small, and a split C
   * would cost the request a tablet assignment per tablet before its first write).
   *
   * @param auths the request's authorizations; null for all of the user's
   */
  public static SortedSet<Text> byDefault(
      AccumuloClient client, String at, Authorizations auths, RowRanges rows) {
    if (!rows.isAll() || at == null) {
      return new TreeSet<>();
    }
    return sampled(client, at, auths, ClusterSize.tabletServers(client));
  }

  /**
   * Never the reason a multiply fails: an AT that is missing or unreadable, or labels the user does
   * not hold, give no split points, and the multiply's own checks name what is wrong.
   *
   * @param auths the request's authorizations; null for all of the user's
   * @return at most {@code tablets - 1} split points; none for one tablet or an empty AT
   */
  public static SortedSet<Text> sampled(
      AccumuloClient client, String at, Authorizations auths, int tablets) {
    if (tablets < 2) {
      return new TreeSet<>();
    }
    try {
      return cuts(sample(client, at, ReadAuthorizations.of(client, auths)), tablets);
    } catch (AccumuloException
        | AccumuloSecurityException
        | TableNotFoundException
        | RuntimeException e) {
      return new TreeSet<>();
    }
  }

  private static List<Text> sample(AccumuloClient client, String at, Authorizations auths)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    List<Range> atTablets = spreadOver(tabletRanges(client, at), TABLETS_SAMPLED);
    int perTablet = Math.max(1, SAMPLE / atTablets.size());
    List<Text> columns = new ArrayList<>();
    for (Range tablet : atTablets) {
      try (Scanner scan = client.createScanner(at, auths)) {
        scan.setRange(tablet);
        scan.setBatchSize(perTablet);
        Iterator<Map.Entry<Key, Value>> entries = scan.iterator();
        for (int n = 0; n < perTablet && entries.hasNext(); n++) {
          columns.add(entries.next().getKey().getColumnQualifier());
        }
      }
    }
    return columns;
  }

  /** At most {@code n} of {@code ranges}, evenly spaced, the first among them. */
  static List<Range> spreadOver(List<Range> ranges, int n) {
    if (ranges.size() <= n) {
      return ranges;
    }
    List<Range> picked = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      picked.add(ranges.get((int) ((long) i * ranges.size() / n)));
    }
    return picked;
  }

  /**
   * Split points at the {@code tablets - 1} quantiles of {@code columns}: for each, the boundary
   * between two distinct columns nearest it. A split point is the last row of the tablet before it
   * (Accumulo's end rows are inclusive), and no column's run is cut.
   */
  static SortedSet<Text> cuts(List<Text> columns, int tablets) {
    SortedSet<Text> splits = new TreeSet<>();
    List<Text> sorted = new ArrayList<>(columns);
    Collections.sort(sorted);
    // boundaries: after position b - 1 where the column changes, b entries before it
    List<Integer> boundaries = new ArrayList<>();
    for (int b = 1; b < sorted.size(); b++) {
      if (!sorted.get(b).equals(sorted.get(b - 1))) {
        boundaries.add(b);
      }
    }
    for (int t = 1; t < tablets && !boundaries.isEmpty(); t++) {
      double quantile = (double) sorted.size() * t / tablets;
      int nearest = boundaries.get(0);
      for (int b : boundaries) {
        if (Math.abs(b - quantile) < Math.abs(nearest - quantile)) {
          nearest = b;
        }
      }
      splits.add(sorted.get(nearest - 1));
    }
    return splits;
  }

  private static List<Range> tabletRanges(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    List<Range> ranges = new ArrayList<>();
    Text previous = null;
    for (Text split : client.tableOperations().listSplits(table)) {
      ranges.add(new Range(previous, false, split, true));
      previous = split;
    }
    ranges.add(new Range(previous, false, null, true));
    return ranges;
  }
}
