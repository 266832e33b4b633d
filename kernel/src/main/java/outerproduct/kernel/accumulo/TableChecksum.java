package outerproduct.kernel.accumulo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import outerproduct.kernel.d4m.ByteOrder;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * checksum(C) (docs/format.md) of a matrix table as {@code auths} show it, values through the
 * semiring's canonical form, so a Combiner's lazily summed entries count as their sum.
 *
 * <p>Where the table can load this project's server code, each tablet server sums its own tablets
 * ({@link ChecksumIterator}) and returns one entry per tablet; elsewhere the client reads every
 * entry and sums them. The sum does not depend on order, so both read the tablets at once, and give
 * the same checksum. A table of few large tablets is read faster cut into stripes the caller
 * chooses ({@link #cuts}), summed at once by scans of their own.
 */
public final class TableChecksum {
  /** The checksum and the number of entries it covers (nnz). */
  public record Result(String checksum, long nnz) {}

  /** Where the entries were summed. */
  public enum SummedIn {
    TABLET_SERVERS,
    CLIENT
  }

  /**
   * Above every iterator a table of C carries (its Combiner included): it sees what a scan does.
   */
  static final int PRIORITY = 1_000;

  /** Stripes {@link #cuts} makes for each scan the cluster runs at once. */
  static final int STRIPES_PER_SCAN = 2;

  private TableChecksum() {}

  public static Result of(
      AccumuloClient client, String table, Semiring<?> semiring, Authorizations auths)
      throws TableNotFoundException {
    return of(client, table, semiring, auths, where(client, table));
  }

  /**
   * The tablet servers where they can load the iterator, else (or if they cannot say) the client.
   */
  static SummedIn where(AccumuloClient client, String table) throws TableNotFoundException {
    try {
      return ServerCode.missing(client, table, ChecksumIterator.class).isEmpty()
          ? SummedIn.TABLET_SERVERS
          : SummedIn.CLIENT;
    } catch (AccumuloException | AccumuloSecurityException e) {
      return SummedIn.CLIENT;
    }
  }

  /** As {@link #of(AccumuloClient, String, Semiring, Authorizations)}, summed where asked. */
  public static Result of(
      AccumuloClient client,
      String table,
      Semiring<?> semiring,
      Authorizations auths,
      SummedIn where)
      throws TableNotFoundException {
    return of(client, table, semiring, auths, where, List.of());
  }

  /**
   * As {@link #of(AccumuloClient, String, Semiring, Authorizations)}, the table cut at {@code cuts}
   * into stripes that are summed at once, each by a scan of its own: a tablet server reads a tablet
   * on one thread per scan, so a table of one large tablet (bulk output's C) is otherwise read at
   * one core's pace. {@link #cuts} chooses them from rows the caller knows.
   *
   * @param cuts rows in Accumulo order, each the first row of a stripe; none: the table as one
   */
  public static Result of(
      AccumuloClient client,
      String table,
      Semiring<?> semiring,
      Authorizations auths,
      List<String> cuts)
      throws TableNotFoundException {
    return of(client, table, semiring, auths, where(client, table), cuts);
  }

  /**
   * Cuts for {@link #of(AccumuloClient, String, Semiring, Authorizations, List)}: {@value
   * #STRIPES_PER_SCAN} stripes for each of the scans the cluster's size allows at once ({@link
   * ClusterSize#scanThreads}), so that stripes of unequal size even out, each holding as many of
   * {@code rows} as the next.
   *
   * @param rows the table's rows, or rows spread as its rows are, in Accumulo order
   */
  public static List<String> cuts(AccumuloClient client, List<String> rows) {
    return cuts(rows, STRIPES_PER_SCAN * ClusterSize.scanThreads(client));
  }

  /** Up to {@code stripes - 1} cuts among {@code rows}, none its first, each after the last. */
  static List<String> cuts(List<String> rows, int stripes) {
    List<String> cuts = new ArrayList<>();
    for (int s = 1; s < stripes && !rows.isEmpty(); s++) {
      String row = rows.get((int) ((long) rows.size() * s / stripes));
      String before = cuts.isEmpty() ? rows.get(0) : cuts.get(cuts.size() - 1);
      if (!row.equals(before)) {
        cuts.add(row);
      }
    }
    return cuts;
  }

  /** As {@link #of(AccumuloClient, String, Semiring, Authorizations, List)}, summed where asked. */
  public static Result of(
      AccumuloClient client,
      String table,
      Semiring<?> semiring,
      Authorizations auths,
      SummedIn where,
      List<String> cuts)
      throws TableNotFoundException {
    List<Range> stripes = stripes(cuts);
    int threads = ClusterSize.scanThreads(client);
    ResultChecksum sum = new ResultChecksum();
    if (stripes.size() == 1) {
      return result(sum.plus(stripe(client, table, semiring, auths, where, stripes.get(0))));
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, stripes.size()));
    try {
      List<Future<ResultChecksum>> parts = new ArrayList<>();
      for (Range stripe : stripes) {
        parts.add(pool.submit(() -> stripe(client, table, semiring, auths, where, stripe)));
      }
      for (Future<ResultChecksum> part : parts) {
        sum.plus(part.get());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while summing table '" + table + "'", e);
    } catch (ExecutionException e) {
      throw rethrown(e.getCause());
    } finally {
      pool.shutdownNow();
    }
    return result(sum);
  }

  private static Result result(ResultChecksum sum) {
    return new Result(sum.hex(), sum.entries());
  }

  /**
   * The ranges between the cuts: before the first, between each two, from the last on.
   *
   * @throws IllegalArgumentException naming a cut not after the one before it, which would count
   *     entries twice or not at all
   */
  static List<Range> stripes(List<String> cuts) {
    List<Range> stripes = new ArrayList<>();
    String start = null;
    for (String cut : cuts) {
      if (start != null && ByteOrder.STRINGS.compare(start, cut) >= 0) {
        throw new IllegalArgumentException(
            "checksum stripes: cut '" + cut + "' must come after '" + start + "' in row order");
      }
      stripes.add(new Range(start, true, cut, false));
      start = cut;
    }
    stripes.add(new Range(start, true, null, false));
    return stripes;
  }

  /** The sum of one stripe, over every tablet it crosses at once. */
  private static ResultChecksum stripe(
      AccumuloClient client,
      String table,
      Semiring<?> semiring,
      Authorizations auths,
      SummedIn where,
      Range stripe)
      throws TableNotFoundException {
    ResultChecksum sum = new ResultChecksum();
    try (BatchScanner scan =
        client.createBatchScanner(table, auths, ClusterSize.scanThreads(client))) {
      scan.setRanges(List.of(stripe));
      if (where == SummedIn.TABLET_SERVERS) {
        scan.addScanIterator(ChecksumIterator.setting(semiring.name()));
        for (Map.Entry<Key, Value> e : scan) {
          byte[] payload = ChecksumIterator.payload(e.getValue());
          if (e.getValue().get()[0] == ChecksumIterator.BAD_VALUE) {
            throw badValue(table, semiring, e.getKey(), payload, whyNotRead(semiring, payload));
          }
          sum.plus(ResultChecksum.fromState(payload));
        }
      } else {
        for (Map.Entry<Key, Value> e : scan) {
          byte[] value = e.getValue().get();
          byte[] canonical;
          try {
            canonical = Semirings.canonicalText(semiring, value);
          } catch (IllegalArgumentException bad) {
            throw badValue(table, semiring, e.getKey(), value, bad);
          }
          Key key = e.getKey();
          sum.add(key.getRowData().toArray(), key.getColumnQualifierData().toArray(), canonical);
        }
      }
    }
    return sum;
  }

  /** A stripe's failure as the caller would have seen it from one scan. */
  private static RuntimeException rethrown(Throwable cause) throws TableNotFoundException {
    if (cause instanceof TableNotFoundException notFound) {
      throw notFound;
    }
    if (cause instanceof RuntimeException unchecked) {
      return unchecked;
    }
    return new IllegalStateException(cause.getMessage(), cause);
  }

  /** What the semiring says of {@code value}, read again here for the message. */
  private static Throwable whyNotRead(Semiring<?> semiring, byte[] value) {
    try {
      Semirings.canonicalText(semiring, value);
      return null;
    } catch (IllegalArgumentException e) {
      return e;
    }
  }

  private static BadValueException badValue(
      String table, Semiring<?> semiring, Key key, byte[] value, Throwable cause) {
    return new BadValueException(
        table,
        key.getRowData().toArray(),
        key.getColumnQualifierData().toArray(),
        value,
        semiring.name(),
        cause);
  }
}
