package outerproduct.compare.engine;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.accumulo.Ranges;
import outerproduct.kernel.accumulo.ScanEntrySource;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.product.OuterProduct;
import outerproduct.kernel.semiring.Semiring;

/**
 * The D4M-style baseline (SPEC §4 {@code client}): scan AT and B to the client, multiply there
 * through the kernel, hold C in client memory, BatchWrite it. It holds all of C by design: that
 * is the cost of "data to compute" that the server-side engines are measured against.
 */
public final class ClientEngine {
  /** Counts of one run. */
  public record Result(long rowsAligned, long partialProducts, long entriesWritten, double seconds) {}

  private ClientEngine() {}

  /**
   * @throws IllegalArgumentException if C exists or equals an input: C is always a fresh table
   */
  public static <T> Result multiply(AccumuloClient client, Semiring<T> semiring, String at,
      String b, String c, RowRanges rows, Authorizations auths)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException, IOException {
    if (c.equals(at) || c.equals(b)) {
      throw new IllegalArgumentException("result table '" + c + "' must differ from inputs '" + at
          + "' and '" + b + "'");
    }
    for (String input : new String[] {at, b}) {
      if (!client.tableOperations().exists(input)) {
        throw new IllegalArgumentException("input table '" + input + "' does not exist");
      }
    }
    // Created before the clock starts, as the server-side engines' C is.
    try {
      client.tableOperations().create(c);
    } catch (TableExistsException e) {
      throw new IllegalArgumentException("result table '" + c + "' already exists; refusing to add to it", e);
    }
    long begin = System.nanoTime();
    Map<Cell, T> sums = new HashMap<>();
    long rowsAligned = 0;
    long partialProducts = 0;
    for (Range range : Ranges.toAccumulo(rows)) {
      try (Scanner atScan = client.createScanner(at, auths);
          Scanner bScan = client.createScanner(b, auths)) {
        atScan.setRange(range);
        bScan.setRange(range);
        OuterProduct<T> product = new OuterProduct<>(semiring,
            new ScanEntrySource(at, atScan.iterator()), new ScanEntrySource(b, bScan.iterator()));
        while (product.advance()) {
          sums.merge(new Cell(new Text(product.i()), new Text(product.j()), new Text(product.visibility())),
              product.value(), semiring::plus);
        }
        rowsAligned += product.rowsAligned();
        partialProducts += product.partialProducts();
      }
    }
    try (BatchWriter writer = client.createBatchWriter(c)) {
      for (Map.Entry<Cell, T> e : sums.entrySet()) {
        Cell cell = e.getKey();
        Mutation m = new Mutation(cell.row());
        m.at().family("").qualifier(cell.column()).visibility(cell.visibility())
            .put(new Value(semiring.encode(e.getValue())));
        writer.addMutation(m);
      }
    }
    return new Result(rowsAligned, partialProducts, sums.size(), (System.nanoTime() - begin) / 1e9);
  }

  /** A cell of C: products with different visibilities are summed apart, as on the servers. */
  private record Cell(Text row, Text column, Text visibility) {}
}
