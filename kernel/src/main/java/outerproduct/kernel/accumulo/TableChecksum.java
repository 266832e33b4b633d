package outerproduct.kernel.accumulo;

import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
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
 * the same checksum.
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
    ResultChecksum sum = new ResultChecksum();
    try (BatchScanner scan =
        client.createBatchScanner(table, auths, ClusterSize.scanThreads(client))) {
      scan.setRanges(List.of(new Range()));
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
    return new Result(sum.hex(), sum.entries());
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
