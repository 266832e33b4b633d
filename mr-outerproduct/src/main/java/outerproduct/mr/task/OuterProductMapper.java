package outerproduct.mr.task;

import java.io.IOException;
import org.apache.accumulo.core.client.Accumulo;
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
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Mapper;
import outerproduct.internals.InputSplits;
import outerproduct.kernel.accumulo.ColumnFamilyException;
import outerproduct.kernel.accumulo.ColumnFilterIterator;
import outerproduct.kernel.accumulo.KeyValueEntrySource;
import outerproduct.kernel.accumulo.RowRangesIterator;
import outerproduct.kernel.accumulo.ScanEntrySource;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.product.EntrySource;
import outerproduct.kernel.product.OuterProduct;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.mr.MultiplyConf;
import outerproduct.mr.OuterProductCounter;
import outerproduct.mr.io.CellKey;
import outerproduct.mr.io.Stripe;

/**
 * Joins its split's rows of B (the records) with AT's rows over the same ranges (a scanner of AT
 * opened for the task), and emits every AT(k,i) ⊗ B(k,j) of the rows k they share: the kernel's
 * outer product, in one of two orders.
 *
 * <p>With a pre-sum window ({@link MultiplyConf#PRESUM_PRODUCTS}, sized to the task's heap by
 * default), the task holds its inputs, as the iterator engine's bulk output does ({@link
 * HeldStripes}): stretches of shared rows read whole into half the window's bytes, their products
 * formed in C's row order through the kernel's {@link outerproduct.kernel.product.SortedWindow},
 * each cell's products ⊕-ed, and written as {@link Stripe}s, one record per C row of a stretch
 * (key: the row). A task that holds its split in one stretch emits each of its C rows once, summed.
 * Without a window every product is a record of its own ({@link CellKey}, its value), in k order,
 * as Hadoop's textbook job does; then at most a part of one row of B is held and AT is streamed.
 *
 * <p>The whole loop runs in {@link #run} rather than {@code map()} because the join pulls B's
 * records at its own pace (it skips B rows AT does not have and vice versa).
 *
 * <p>A value the semiring rejects, or an entry with a column family, fails the task naming the
 * table and key (and counts in {@link OuterProductCounter#BAD_VALUES}); nothing is skipped
 * silently.
 */
public class OuterProductMapper extends Mapper<Key, Value, Writable, Writable> {
  private static final int COUNTER_BATCH = 10_000;

  /** AT's entries for this task and what to close after. */
  public interface AtSource extends AutoCloseable {
    EntrySource entries();

    @Override
    void close();
  }

  @Override
  public void run(Context context) throws IOException, InterruptedException {
    setup(context);
    try {
      multiply(new MultiplyConf(context.getConfiguration()).semiring(), context);
    } finally {
      cleanup(context);
    }
  }

  private <T> void multiply(Semiring<T> semiring, Context context)
      throws IOException, InterruptedException {
    MultiplyConf conf = new MultiplyConf(context.getConfiguration());
    EntrySource b = new RecordSource(conf.bTable(), context);
    int windowProducts = conf.presumProducts(Runtime.getRuntime().maxMemory());
    try (AtSource at = openAt(context, conf, range(context.getInputSplit()))) {
      if (windowProducts == 0) {
        eachProduct(semiring, at.entries(), b, context);
      } else {
        new HeldStripes<>(semiring, windowProducts, context).run(at.entries(), b);
      }
    } catch (BadValueException | ColumnFamilyException e) {
      context.getCounter(OuterProductCounter.BAD_VALUES).increment(1);
      throw e;
    }
  }

  /** Without a window: every product a record of its own, in k order. */
  private static <T> void eachProduct(
      Semiring<T> semiring, EntrySource at, EntrySource b, Context context) throws IOException {
    CellEmitter out = new CellEmitter(context);
    long reportedProducts = 0;
    long reportedRows = 0;
    OuterProduct<T> product = new OuterProduct<>(semiring, at, b);
    while (product.advance()) {
      out.accept(product.i(), product.j(), product.visibility(), semiring.encode(product.value()));
      if (product.partialProducts() - reportedProducts >= COUNTER_BATCH) {
        reportedRows = report(context, product, reportedRows, reportedProducts);
        reportedProducts = product.partialProducts();
      }
    }
    report(context, product, reportedRows, reportedProducts);
  }

  /** Writes one (cell, encoded value) to the map output; the key and value objects are reused. */
  private static final class CellEmitter {
    private final Context context;
    private final CellKey cell = new CellKey();
    private final Text value = new Text();

    CellEmitter(Context context) {
      this.context = context;
    }

    void accept(byte[] i, byte[] j, byte[] visibility, byte[] sum) throws IOException {
      cell.set(i, j, visibility);
      value.set(sum);
      StripeEmitter.write(context, cell, value);
    }
  }

  private static long report(Context context, OuterProduct<?> product, long rows, long products) {
    context
        .getCounter(OuterProductCounter.PARTIAL_PRODUCTS)
        .increment(product.partialProducts() - products);
    context.getCounter(OuterProductCounter.ROWS_ALIGNED).increment(product.rowsAligned() - rows);
    return product.rowsAligned();
  }

  /**
   * Opens AT over the given range of rows (restricted to the job's row subset, which the tablet
   * server seeks through), as the job's user with the job's authorizations (as B is read),
   * restricted to the job's AT columns. Overridden by unit tests to feed AT from memory.
   */
  protected AtSource openAt(Context context, MultiplyConf conf, Range range) throws IOException {
    AccumuloClient client = Accumulo.newClient().from(conf.clientProperties()).build();
    try {
      Authorizations auths =
          conf.authorizations() != null
              ? conf.authorizations()
              : client.securityOperations().getUserAuthorizations(client.whoami());
      Scanner scanner = client.createScanner(conf.atTable(), auths);
      scanner.setRange(range);
      RowRanges rows = conf.rowSubset();
      if (rows.ranges().size() > 1) {
        scanner.addScanIterator(RowRangesIterator.setting(rows));
      }
      ColumnFilter columns = conf.atColumns();
      if (columns != null) {
        scanner.addScanIterator(ColumnFilterIterator.setting(columns));
      }
      EntrySource entries = ScanEntrySource.of(conf.atTable(), scanner);
      return new AtSource() {
        @Override
        public EntrySource entries() {
          return entries;
        }

        @Override
        public void close() {
          scanner.close();
          client.close();
        }
      };
    } catch (AccumuloException
        | AccumuloSecurityException
        | TableNotFoundException
        | RuntimeException e) {
      client.close();
      throw new IOException("cannot scan AT table '" + conf.atTable() + "': " + e.getMessage(), e);
    }
  }

  /** The rows of B this task reads (its tablet's part of the subset's span): where AT is needed. */
  static Range range(InputSplit split) {
    return InputSplits.rangeOf(split);
  }

  /** B's records as the kernel reads them. */
  private static final class RecordSource extends KeyValueEntrySource {
    private final Context context;

    RecordSource(String table, Context context) throws IOException, InterruptedException {
      super(table);
      this.context = context;
      advance();
    }

    @Override
    public void next() throws IOException {
      try {
        advance();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted reading " + table());
      }
    }

    private void advance() throws IOException, InterruptedException {
      if (context.nextKeyValue()) {
        load(context.getCurrentKey(), context.getCurrentValue());
      } else {
        exhausted();
      }
    }
  }
}
