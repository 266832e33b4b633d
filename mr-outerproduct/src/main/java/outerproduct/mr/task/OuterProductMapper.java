package outerproduct.mr.task;

import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
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
import org.apache.accumulo.hadoopImpl.mapreduce.RangeInputSplit;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Mapper;
import outerproduct.kernel.accumulo.KeyValueEntrySource;
import outerproduct.kernel.accumulo.ScanEntrySource;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.product.EntrySource;
import outerproduct.kernel.product.OuterProduct;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.mr.MultiplyConf;
import outerproduct.mr.OuterProductCounter;
import outerproduct.mr.input.RangeGroupSplit;
import outerproduct.mr.io.CellKey;

/**
 * Joins its split's rows of B (the records) with AT's rows over the same ranges (a scanner of AT
 * opened for the task) through the kernel's {@link OuterProduct}, and emits ((i, j), AT(k,i) ⊗
 * B(k,j)) for every shared row k. It holds at most one row of B; AT is streamed.
 *
 * <p>The whole loop runs in {@link #run} rather than {@code map()} because the join pulls B's
 * records at its own pace (it skips B rows AT does not have and vice versa).
 *
 * <p>A value the semiring rejects fails the task with the table, key and value (and counts in
 * {@link OuterProductCounter#BAD_VALUES}); nothing is skipped silently.
 */
public class OuterProductMapper extends Mapper<Key, Value, CellKey, Text> {
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

  private <T> void multiply(Semiring<T> semiring, Context context) throws IOException, InterruptedException {
    MultiplyConf conf = new MultiplyConf(context.getConfiguration());
    EntrySource b = new RecordSource(conf.bTable(), context);
    CellKey cell = new CellKey();
    Text value = new Text();
    long reportedProducts = 0;
    long reportedRows = 0;
    try (AtSource at = openAt(context, conf, ranges(context.getInputSplit()))) {
      OuterProduct<T> product = new OuterProduct<>(semiring, at.entries(), b);
      while (product.advance()) {
        cell.set(product.i(), product.j(), product.visibility());
        value.set(semiring.encode(product.value()));
        context.write(cell, value);
        if (product.partialProducts() - reportedProducts >= COUNTER_BATCH) {
          reportedRows = report(context, product, reportedRows, reportedProducts);
          reportedProducts = product.partialProducts();
        }
      }
      report(context, product, reportedRows, reportedProducts);
    } catch (BadValueException e) {
      context.getCounter(OuterProductCounter.BAD_VALUES).increment(1);
      throw e;
    }
  }

  private static long report(Context context, OuterProduct<?> product, long rows, long products) {
    context.getCounter(OuterProductCounter.PARTIAL_PRODUCTS).increment(product.partialProducts() - products);
    context.getCounter(OuterProductCounter.ROWS_ALIGNED).increment(product.rowsAligned() - rows);
    return product.rowsAligned();
  }

  /**
   * Opens AT over the given ranges of rows, as the job's user with that user's authorizations,
   * restricted to the job's AT columns. Overridden by unit tests to feed AT from memory.
   */
  protected AtSource openAt(Context context, MultiplyConf conf, List<Range> ranges) throws IOException {
    AccumuloClient client = Accumulo.newClient().from(conf.clientProperties()).build();
    try {
      Authorizations auths = client.securityOperations().getUserAuthorizations(client.whoami());
      Scanner scanner = client.createScanner(conf.atTable(), auths);
      ColumnFilter columns = conf.atColumns();
      if (columns != null) {
        for (String column : columns.columns()) {
          scanner.fetchColumn(new Text(), new Text(column));
        }
      }
      EntrySource entries = new ScanEntrySource(conf.atTable(), new RangesScan(scanner, ranges));
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
    } catch (AccumuloException | AccumuloSecurityException | TableNotFoundException | RuntimeException e) {
      client.close();
      throw new IOException("cannot scan AT table '" + conf.atTable() + "': " + e.getMessage(), e);
    }
  }

  /** The rows of B this task reads, which is where AT is needed. */
  static List<Range> ranges(InputSplit split) {
    if (split instanceof RangeGroupSplit group) {
      return group.ranges();
    }
    if (split instanceof RangeInputSplit single) {
      return List.of(single.getRange());
    }
    return List.of(new Range());
  }

  /** One scanner walked over sorted, disjoint ranges in order: a single sorted stream. */
  private static final class RangesScan implements Iterator<Map.Entry<Key, Value>> {
    private final Scanner scanner;
    private final Iterator<Range> ranges;
    private Iterator<Map.Entry<Key, Value>> current = java.util.Collections.emptyIterator();

    RangesScan(Scanner scanner, List<Range> ranges) {
      this.scanner = scanner;
      this.ranges = ranges.iterator();
    }

    @Override
    public boolean hasNext() {
      while (!current.hasNext() && ranges.hasNext()) {
        scanner.setRange(ranges.next());
        current = scanner.iterator();
      }
      return current.hasNext();
    }

    @Override
    public Map.Entry<Key, Value> next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return current.next();
    }
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
