package outerproduct.kernel.accumulo;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import outerproduct.kernel.d4m.RowRanges;

/**
 * The work of a multiply before it runs: its partial products, Σ over the shared rows k it is asked
 * for of |AT row k| × |B row k|, from the two inputs' {@linkplain DegreeTables degree tables}.
 * Reading them costs one scan of each over the requested rows (one entry per row), not a read of
 * the matrices. With column filters it is an upper bound: the degrees count every column.
 *
 * <p>Without degree tables, {@link #sampled} counts the rows of AT and B themselves, one row in
 * {@value #SAMPLE_MODULUS} (the same rows in both, by a hash of the row), on the tablet servers,
 * and scales the sum up, with its error; a request that samples fewer than {@value
 * #MIN_SAMPLED_ROWS} shared rows is counted in full instead.
 */
public final class ProductEstimate {
  /** One row in this many is counted when there are no degree tables. */
  public static final int SAMPLE_MODULUS = 16;

  /** Fewer sampled shared rows than this, and every row is counted instead. */
  public static final int MIN_SAMPLED_ROWS = 64;

  /** Entries a scan of the estimate asks for at once. */
  private static final int BATCH = 10_000;

  /**
   * The estimate: {@code partialProducts} (exact unless {@code upperBound} or sampled), the shared
   * rows it found, and the seconds it took. {@code sampleModulus} is 0 for degree tables, 1 for
   * every row counted from the matrices, else the 1-in-m sample, whose {@code margin} is two
   * standard errors (about 95% of samples land within it).
   */
  public record Estimate(
      long partialProducts,
      long sharedRows,
      boolean upperBound,
      double seconds,
      int sampleModulus,
      long margin) {
    /** From the degree tables. */
    public Estimate(long partialProducts, long sharedRows, boolean upperBound, double seconds) {
      this(partialProducts, sharedRows, upperBound, seconds, 0, 0);
    }

    /** As the commands print it: {@code 803953 partial products over 713 shared rows (…)}. */
    public String describe() {
      String bound = upperBound ? " at most (column filters)" : "";
      if (sampleModulus <= 1) {
        return String.format(
            Locale.ROOT,
            "%d partial products over %d shared rows%s (%s, %.3f s)",
            partialProducts,
            sharedRows,
            bound,
            sampleModulus == 0 ? "degree tables" : "counted from the tables, no degree tables",
            seconds);
      }
      return String.format(
          Locale.ROOT,
          "about %d ± %d partial products%s (a sample of 1 row in %d, %d shared rows, no degree"
              + " tables, %.3f s)",
          partialProducts,
          margin,
          bound,
          sampleModulus,
          sharedRows,
          seconds);
    }
  }

  private ProductEstimate() {}

  /**
   * @throws IllegalArgumentException naming the missing degree table (and how to make it)
   */
  public static Estimate of(
      AccumuloClient client, String at, String b, RowRanges rows, boolean columnFilters)
      throws TableNotFoundException {
    return of(client, at, b, rows, columnFilters, userAuthorizations(client));
  }

  /**
   * As {@link #of(AccumuloClient, String, String, RowRanges, boolean)}, reading with {@code auths}.
   */
  public static Estimate of(
      AccumuloClient client,
      String at,
      String b,
      RowRanges rows,
      boolean columnFilters,
      Authorizations auths)
      throws TableNotFoundException {
    long begin = System.nanoTime();
    requireDegrees(client, at);
    requireDegrees(client, b);
    Range span = rows.isAll() ? new Range() : Ranges.span(rows);
    try (Scanner atDegrees = degreeScan(client, DegreeTables.of(at), auths, span, rows);
        Scanner bDegrees = degreeScan(client, DegreeTables.of(b), auths, span, rows)) {
      long[] sums = sumOfProducts(atDegrees.iterator(), bDegrees.iterator());
      return new Estimate(sums[0], sums[1], columnFilters, (System.nanoTime() - begin) / 1e9);
    }
  }

  /**
   * The partial products of asking for {@code rows} of B alone (a multiply by B's selection
   * matrix): the sum of B's degrees over those rows.
   */
  public static Estimate ofRows(
      AccumuloClient client, String b, RowRanges rows, boolean columnFilters, Authorizations auths)
      throws TableNotFoundException {
    long begin = System.nanoTime();
    requireDegrees(client, b);
    long products = 0;
    long found = 0;
    Range span = rows.isAll() ? new Range() : Ranges.span(rows);
    try (Scanner degrees = degreeScan(client, DegreeTables.of(b), auths, span, rows)) {
      for (Map.Entry<Key, Value> entry : degrees) {
        products = Math.addExact(products, degree(entry));
        found++;
      }
    }
    return new Estimate(products, found, columnFilters, (System.nanoTime() - begin) / 1e9);
  }

  /**
   * Without degree tables: a 1-in-{@value #SAMPLE_MODULUS} sample of the requested rows of AT and B
   * ({@code at} null: of B alone, for rows of B), counted on the tablet servers by {@link
   * SampledRowDegreeIterator} as the caller's user sees them, scaled up; every row when the sample
   * holds fewer than {@value #MIN_SAMPLED_ROWS} shared rows. The tablet servers read every entry of
   * the sampled rows; what crosses to the client is one entry per sampled row.
   *
   * @throws IllegalArgumentException naming a table that does not exist
   */
  public static Estimate sampled(
      AccumuloClient client, String at, String b, RowRanges rows, boolean columnFilters)
      throws TableNotFoundException {
    return sampled(client, at, b, rows, columnFilters, userAuthorizations(client));
  }

  /**
   * As {@link #sampled(AccumuloClient, String, String, RowRanges, boolean)}, reading with {@code
   * auths}.
   */
  public static Estimate sampled(
      AccumuloClient client,
      String at,
      String b,
      RowRanges rows,
      boolean columnFilters,
      Authorizations auths)
      throws TableNotFoundException {
    long begin = System.nanoTime();
    for (String table : at == null ? new String[] {b} : new String[] {at, b}) {
      if (!client.tableOperations().exists(table)) {
        throw new IllegalArgumentException("table '" + table + "' does not exist");
      }
    }
    int modulus = SAMPLE_MODULUS;
    long[] sums = sample(client, at, b, rows, auths, modulus);
    if (sums[1] < MIN_SAMPLED_ROWS) {
      modulus = 1;
      sums = sample(client, at, b, rows, auths, modulus);
    }
    // Bernoulli sampling at p = 1/m: the estimate m·Σx has variance (1-p)/p·Σx² over all rows,
    // estimated from the sample as m(m-1)·Σx² (the sample's sum of squares scaled by m).
    double variance = (double) modulus * (modulus - 1) * sums[2];
    return new Estimate(
        sums[0] * modulus,
        sums[1],
        columnFilters,
        (System.nanoTime() - begin) / 1e9,
        modulus,
        Math.round(2 * Math.sqrt(variance)));
  }

  /** {Σ products, shared rows, Σ products²} over the rows sampled at {@code modulus}. */
  private static long[] sample(
      AccumuloClient client, String at, String b, RowRanges rows, Authorizations auths, int modulus)
      throws TableNotFoundException {
    Range span = rows.isAll() ? new Range() : Ranges.span(rows);
    try (Scanner bRows = sampleScan(client, b, auths, span, rows, modulus)) {
      if (at == null) {
        long[] sums = new long[3];
        for (Map.Entry<Key, Value> entry : bRows) {
          long x = degree(entry);
          sums[0] = Math.addExact(sums[0], x);
          sums[1]++;
          sums[2] = Math.addExact(sums[2], Math.multiplyExact(x, x));
        }
        return sums;
      }
      try (Scanner atRows = sampleScan(client, at, auths, span, rows, modulus)) {
        return join(atRows.iterator(), bRows.iterator());
      }
    }
  }

  private static Scanner sampleScan(
      AccumuloClient client,
      String table,
      Authorizations auths,
      Range span,
      RowRanges rows,
      int modulus)
      throws TableNotFoundException {
    ServerCode.requireKernel(client, table);
    Scanner scan = client.createScanner(table, auths);
    scan.setRange(span);
    if (rows.ranges().size() > 1) {
      scan.addScanIterator(RowRangesIterator.setting(rows));
    }
    scan.addScanIterator(SampledRowDegreeIterator.setting(modulus));
    return fetchingAhead(scan);
  }

  private static void requireDegrees(AccumuloClient client, String table) {
    if (!client.tableOperations().exists(DegreeTables.of(table))) {
      throw new IllegalArgumentException(
          "table '"
              + table
              + "' has no degree table '"
              + DegreeTables.of(table)
              + "': load it with degrees, or make one with scripts/matrix degrees");
    }
  }

  /**
   * The user's authorizations: a degree table's counts carry the labels of the rows they count (the
   * loader's {@code visibility}), so a user counts the rows it may read, as it multiplies.
   */
  static Authorizations userAuthorizations(AccumuloClient client) {
    return ReadAuthorizations.of(client, null);
  }

  static Scanner degreeScan(
      AccumuloClient client, String table, Authorizations auths, Range span, RowRanges rows)
      throws TableNotFoundException {
    if (rows.ranges().size() > 1) {
      ServerCode.requireKernel(client, table);
    }
    Scanner scan = client.createScanner(table, auths);
    scan.setRange(span);
    if (rows.ranges().size() > 1) {
      scan.addScanIterator(RowRangesIterator.setting(rows));
    }
    return fetchingAhead(scan);
  }

  /**
   * {@code scan} fetching its first batch as soon as its iterator is made, and each next batch
   * while the last is read: the estimate's two scans, made one after the other, then wait for their
   * tablet servers side by side instead of in turn (the estimate is most of what auto adds to a
   * small request). A batch of {@value #BATCH} entries takes a request of a thousand rows in one
   * round trip (Accumulo's default is 1,000); memory stays one batch ahead per scan, each entry a
   * row's count, and the tablet server cuts a batch at {@code table.scan.max.memory} in any case.
   */
  private static Scanner fetchingAhead(Scanner scan) {
    scan.setReadaheadThreshold(0);
    scan.setBatchSize(BATCH);
    return scan;
  }

  /**
   * Joins two degree scans (one entry per row, in row order) on their rows.
   *
   * @return {Σ degree AT × degree B over shared rows, shared rows}
   * @throws IllegalArgumentException for a degree that is not a decimal count
   */
  static long[] sumOfProducts(
      Iterator<Map.Entry<Key, Value>> at, Iterator<Map.Entry<Key, Value>> b) {
    long[] sums = join(at, b);
    return new long[] {sums[0], sums[1]};
  }

  /** {Σ degree AT × degree B, shared rows, Σ (degree AT × degree B)²} over the shared rows. */
  private static long[] join(
      Iterator<Map.Entry<Key, Value>> at, Iterator<Map.Entry<Key, Value>> b) {
    long[] sums = new long[3];
    forEachSharedRow(
        at,
        b,
        (row, products) -> {
          sums[0] = Math.addExact(sums[0], products);
          sums[1]++;
          sums[2] = Math.addExact(sums[2], Math.multiplyExact(products, products));
        });
    return sums;
  }

  /** A shared row k and its partial products, |AT row k| × |B row k|. */
  interface SharedRow {
    void accept(Key row, long products);
  }

  /**
   * Walks two degree scans (one entry per row, in row order) together and hands each row they
   * share, in order, to {@code out}.
   *
   * @throws IllegalArgumentException for a degree that is not a decimal count
   */
  static void forEachSharedRow(
      Iterator<Map.Entry<Key, Value>> at, Iterator<Map.Entry<Key, Value>> b, SharedRow out) {
    Map.Entry<Key, Value> x = at.hasNext() ? at.next() : null;
    Map.Entry<Key, Value> y = b.hasNext() ? b.next() : null;
    while (x != null && y != null) {
      int order = x.getKey().getRowData().compareTo(y.getKey().getRowData());
      if (order == 0) {
        out.accept(y.getKey(), Math.multiplyExact(degree(x), degree(y)));
      }
      if (order <= 0) {
        x = at.hasNext() ? at.next() : null;
      }
      if (order >= 0) {
        y = b.hasNext() ? b.next() : null;
      }
    }
  }

  private static long degree(Map.Entry<Key, Value> entry) {
    String text = new String(entry.getValue().get(), StandardCharsets.UTF_8);
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "degree of row '"
              + entry.getKey().getRow()
              + "' is '"
              + text
              + "', not a count: is this a degree table?",
          e);
    }
  }
}
