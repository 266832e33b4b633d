package outerproduct.kernel.accumulo;

import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * checksum(C) (docs/format.md) of a matrix table, read with a plain scan: values through the
 * semiring's canonical form, so a Combiner's lazily summed entries count as their sum.
 */
public final class TableChecksum {
  /** The digest and the number of entries it covers (nnz). */
  public record Result(String checksum, long nnz) {}

  private static final int CHECKSUM_BATCH = 20_000;

  private TableChecksum() {}

  public static Result of(
      AccumuloClient client, String table, Semiring<?> semiring, Authorizations auths)
      throws TableNotFoundException {
    ResultChecksum sum = new ResultChecksum();
    try (Scanner scanner = client.createScanner(table, auths)) {
      // Large batches: a checksum reads every entry, and at 1,000 per round trip (the default)
      // the round trips were a good part of reading a C of millions of entries.
      scanner.setBatchSize(CHECKSUM_BATCH);
      for (Map.Entry<Key, Value> e : scanner) {
        byte[] row = e.getKey().getRowData().toArray();
        byte[] column = e.getKey().getColumnQualifierData().toArray();
        byte[] canonical;
        try {
          canonical = Semirings.canonicalText(semiring, e.getValue().get());
        } catch (IllegalArgumentException bad) {
          throw new BadValueException(table, row, column, e.getValue().get(), semiring.name(), bad);
        }
        sum.add(row, column, canonical);
      }
    }
    long nnz = sum.entries();
    return new Result(sum.hex(), nnz);
  }
}
