package outerproduct.kernel.accumulo;

import java.util.ArrayList;
import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.d4m.RowRanges;

/**
 * Cuts a whole-table multiply's rows into ranges of about equal work: the partial products Σ |AT
 * row k| × |B row k| of the rows k each range holds, read from the inputs' {@linkplain DegreeTables
 * degree tables}. B's tablets hold about equal entries, but a power-law graph's products gather in
 * its few dense rows, so tasks cut at B's tablets can carry unequal work and the last one decides
 * the time.
 *
 * <p>Two scans of each degree table (one entry per row): the first sums the products, the second
 * cuts after the row where the running sum passes each n-th of it. A row is never split, so rows
 * that each hold more than an n-th of the work give fewer ranges. Memory: the cut rows.
 */
public final class BalancedRanges {
  private BalancedRanges() {}

  /**
   * {@link #of} as many pieces as B has tablets; null where there is nothing to balance by or to
   * balance: without both degree tables, or for a B of one tablet.
   */
  public static List<Range> asManyAsTablets(AccumuloClient client, String at, String b)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    if (!client.tableOperations().exists(DegreeTables.of(at))
        || !client.tableOperations().exists(DegreeTables.of(b))) {
      return null;
    }
    int tablets = client.tableOperations().listSplits(b).size() + 1;
    return tablets < 2 ? null : of(client, at, b, tablets);
  }

  /**
   * At most {@code pieces} ranges that together cover every row, in row order, each holding about
   * an equal share of the partial products; one range (every row) when there is nothing to cut.
   *
   * @throws IllegalArgumentException naming a missing degree table, or for pieces below 1
   */
  public static List<Range> of(AccumuloClient client, String at, String b, int pieces)
      throws TableNotFoundException {
    if (pieces < 1) {
      throw new IllegalArgumentException("pieces must be at least 1, got " + pieces);
    }
    long total = ProductEstimate.of(client, at, b, RowRanges.all(), false).partialProducts();
    List<Text> cuts = new ArrayList<>();
    if (pieces > 1 && total > 0) {
      try (Scanner atDegrees = degrees(client, at);
          Scanner bDegrees = degrees(client, b)) {
        ProductEstimate.forEachSharedRow(
            atDegrees.iterator(), bDegrees.iterator(), new Cutter(total, pieces, cuts));
      }
    }
    return ranges(cuts);
  }

  private static Scanner degrees(AccumuloClient client, String table)
      throws TableNotFoundException {
    return ProductEstimate.degreeScan(
        client,
        DegreeTables.of(table),
        ProductEstimate.userAuthorizations(client),
        new Range(),
        RowRanges.all());
  }

  /** Ranges ending at each cut row (inclusive), then one from the last cut to the end. */
  static List<Range> ranges(List<Text> cuts) {
    List<Range> out = new ArrayList<>(cuts.size() + 1);
    Text start = null;
    for (Text cut : cuts) {
      out.add(new Range(start, false, cut, true));
      start = cut;
    }
    out.add(new Range(start, false, null, true));
    return out;
  }

  /**
   * Cuts after a row whose products carry the running sum past one or more n-ths of the total: one
   * cut however many it passes, and none after the last row with work, so that every range has
   * some. Each range then holds less than an n-th of the total plus its last row's products.
   */
  static final class Cutter implements ProductEstimate.SharedRow {
    private final long total;
    private final int pieces;
    private final List<Text> cuts;
    private long running;
    private int passed;

    Cutter(long total, int pieces, List<Text> cuts) {
      this.total = total;
      this.pieces = pieces;
      this.cuts = cuts;
    }

    @Override
    public void accept(Key row, long products) {
      running += products;
      int reached = (int) Math.min(pieces - 1, Math.floor((double) running * pieces / total));
      if (reached > passed && running < total) {
        cuts.add(row.getRow());
        passed = reached;
      }
    }
  }
}
