package outerproduct.kernel.accumulo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;

/**
 * Split points of a new C for a whole-table multiply, so that its writes spread over the tablet
 * servers from the first one instead of landing in one tablet, on one server, until Accumulo splits
 * it. C's rows are AT's column qualifiers: a sample of AT's entries AT(k,i), read from the heads of
 * its tablets as the caller's user sees them, each weighted by deg_B(k), the partial products it
 * adds to C's row i (read from B's degree table where there is one, else 1), is cut at its weighted
 * quantiles: C gets one tablet per tablet server, each receiving about as many partial products.
 *
 * <p>Cost: one short scan per tablet of AT, of at most {@value #TABLETS_SAMPLED} tablets spread
 * evenly over it (so an AT of thousands of tablets costs no more than one of {@value
 * #TABLETS_SAMPLED}), {@value #SAMPLE} entries in all, and one batch scan of B's degree table for
 * the sampled rows; memory: the sample. A sample drawn from tablet heads follows the whole table
 * where rows are spread over the key space as vertex ids are (Graph500's are permuted); a table
 * whose rows and columns are ordered alike (a banded matrix) gets cuts that follow its heads
 * instead, which still leaves one tablet per server, unevenly filled.
 */
public final class ResultSplits {
  /** Entries sampled across AT's tablets. */
  static final int SAMPLE = 4096;

  /** AT's tablets read at most, one short scan each, one after another. */
  static final int TABLETS_SAMPLED = 64;

  private ResultSplits() {}

  /**
   * Never the reason a multiply fails: an AT that is missing or unreadable, or labels the user does
   * not hold, give no split points, and the multiply's own checks name what is wrong.
   *
   * @param auths the request's authorizations; null for all of the user's
   * @return at most {@code tablets - 1} split points; none for one tablet or an empty AT
   */
  public static SortedSet<Text> sampled(
      AccumuloClient client, String at, String b, Authorizations auths, int tablets) {
    if (tablets < 2) {
      return new TreeSet<>();
    }
    try {
      Authorizations read = ReadAuthorizations.of(client, auths);
      List<Sampled> sample = sample(client, at, read);
      weigh(client, DegreeTables.of(b), read, sample);
      return cuts(sample, tablets);
    } catch (AccumuloException
        | AccumuloSecurityException
        | TableNotFoundException
        | RuntimeException e) {
      return new TreeSet<>();
    }
  }

  /** An entry AT(k,i) of the sample: C's row i, and the partial products it adds there. */
  static final class Sampled {
    final Text row;
    final Text column;
    long weight = 1;

    Sampled(Text row, Text column) {
      this.row = row;
      this.column = column;
    }
  }

  private static List<Sampled> sample(AccumuloClient client, String at, Authorizations auths)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    List<Range> atTablets = spreadOver(tabletRanges(client, at), TABLETS_SAMPLED);
    int perTablet = Math.max(1, SAMPLE / atTablets.size());
    List<Sampled> sample = new ArrayList<>();
    for (Range tablet : atTablets) {
      try (Scanner scan = client.createScanner(at, auths)) {
        scan.setRange(tablet);
        scan.setBatchSize(perTablet);
        Iterator<Map.Entry<Key, Value>> entries = scan.iterator();
        for (int n = 0; n < perTablet && entries.hasNext(); n++) {
          Key key = entries.next().getKey();
          sample.add(new Sampled(key.getRow(), key.getColumnQualifier()));
        }
      }
    }
    return sample;
  }

  /**
   * Weighs each sampled AT(k,i) by deg_B(k) from B's degree table; without one (or a row it lacks)
   * the weight stays 1, which cuts at the plain quantiles of AT's columns.
   */
  private static void weigh(
      AccumuloClient client, String bDegrees, Authorizations auths, List<Sampled> sample)
      throws TableNotFoundException {
    if (sample.isEmpty() || !client.tableOperations().exists(bDegrees)) {
      return;
    }
    Map<Text, Long> degrees = new HashMap<>();
    List<Range> rows = new ArrayList<>();
    for (Sampled s : sample) {
      if (degrees.putIfAbsent(s.row, 1L) == null) {
        rows.add(Range.exact(s.row));
      }
    }
    try (BatchScanner scan = client.createBatchScanner(bDegrees, auths)) {
      scan.setRanges(rows);
      for (Map.Entry<Key, Value> e : scan) {
        degrees.put(e.getKey().getRow(), Math.max(1, Long.parseLong(e.getValue().toString())));
      }
    }
    for (Sampled s : sample) {
      s.weight = degrees.get(s.row);
    }
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
   * Split points at the {@code tablets - 1} weighted quantiles of the sample's columns: for each,
   * the boundary between two columns whose weight before it is nearest the quantile. A split point
   * is the last row of the tablet before it (Accumulo's end rows are inclusive), and no column's
   * run is cut.
   */
  static SortedSet<Text> cuts(List<Sampled> sample, int tablets) {
    SortedSet<Text> splits = new TreeSet<>();
    List<Sampled> sorted = new ArrayList<>(sample);
    sorted.sort(Comparator.comparing(s -> s.column));
    // boundaries: after position i - 1, where the column changes; before.get(b) = weight before
    List<Integer> after = new ArrayList<>();
    List<Long> before = new ArrayList<>();
    long total = 0;
    for (int i = 0; i < sorted.size(); i++) {
      if (i > 0 && !sorted.get(i).column.equals(sorted.get(i - 1).column)) {
        after.add(i - 1);
        before.add(total);
      }
      total += sorted.get(i).weight;
    }
    for (int t = 1; t < tablets && !after.isEmpty(); t++) {
      double quantile = (double) total * t / tablets;
      int nearest = 0;
      for (int b = 1; b < before.size(); b++) {
        if (Math.abs(before.get(b) - quantile) < Math.abs(before.get(nearest) - quantile)) {
          nearest = b;
        }
      }
      splits.add(sorted.get(after.get(nearest)).column);
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
