package outerproduct.iterator;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.Filter;
import outerproduct.kernel.semiring.FailedSum;

/**
 * Keeps only the {@link FailedSum}s of a result table, as its combiner forms them at scan time: the
 * tablet servers read all of C and return nothing when every sum formed. TableMult runs it before
 * marking a C complete when the products written could have made ⊕ fail ({@link
 * Progress#plusExposure}); it costs a scan of C, which is why it does not run otherwise.
 */
public class FailedSumFilter extends Filter {
  /** After the combiner (10) and the zero filter (11), so it sees C's sums as a reader does. */
  static final int PRIORITY = 40;

  /** C's tablets read in parallel, as many at once as a multiply's scan of B uses by default. */
  private static final int THREADS = 4;

  @Override
  public boolean accept(Key key, Value value) {
    return FailedSum.is(value.get());
  }

  /**
   * @return the first failed sum of {@code table}, as "row 'i', column 'j': why", if any
   */
  static Optional<String> first(AccumuloClient client, String table)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    try (BatchScanner scan =
        client.createBatchScanner(
            table, client.securityOperations().getUserAuthorizations(client.whoami()), THREADS)) {
      scan.setRanges(List.of(new Range()));
      scan.addScanIterator(new IteratorSetting(PRIORITY, "failedSums", FailedSumFilter.class));
      for (Map.Entry<Key, Value> e : scan) {
        Key key = e.getKey();
        return Optional.of(
            "row '"
                + key.getRow()
                + "', column '"
                + key.getColumnQualifier()
                + "': "
                + FailedSum.reason(e.getValue().get()));
      }
    }
    return Optional.empty();
  }
}
