package outerproduct.mr.task;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.hadoop.mapreduce.AccumuloFileOutputFormat;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import outerproduct.internals.SortedFileWriter;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.mr.MultiplyConf;
import outerproduct.mr.OuterProductCounter;

/**
 * How a reducer's final sums reach C ({@link MultiplyConf#OUTPUT}), whichever map output the
 * reducer merged: cells arrive in C's order, each once, with its final sum. When the job removes
 * zeros, a cell whose sum is the semiring's zero is dropped here (counted in {@link
 * OuterProductCounter#ZEROS_REMOVED}).
 *
 * <p>Through AccumuloOutputFormat, one Mutation per C row (a very long row cut into Mutations of at
 * most {@link MultiplyConf#MUTATION_MAX_CELLS} cells so the reducer's memory stays bounded). Each
 * put is the cell's final sum, with the visibility its products share; C keeps one version and has
 * no summing combiner, so a retried or speculative attempt rewrites the same values: output is
 * idempotent.
 *
 * <p>As sorted RFile entries (AccumuloFileOutputFormat) for one bulk import of C after the job
 * succeeds. Only the committed attempt's file is imported, so a failed or speculative attempt
 * cannot add to C.
 */
abstract class CellOutput {
  private static final byte[] FAMILY = new byte[0];

  final TaskInputOutputContext<?, ?, Object, Object> context;

  /**
   * Looked up once, and added to once per Mutation or per file rather than per cell: a lookup per
   * cell showed as 4-5% of a reduce task's profile samples, and an increment per cell as 6%
   * (docs/mr-engine.md#tuning).
   */
  final Counter entriesWritten;

  private final Counter zerosRemoved;
  private final CellFold<Object> fold;
  private final boolean removeZeros;

  @SuppressWarnings("unchecked")
  private CellOutput(TaskInputOutputContext<?, ?, Object, Object> context, MultiplyConf conf) {
    this.context = context;
    this.entriesWritten = context.getCounter(OuterProductCounter.ENTRIES_WRITTEN);
    this.zerosRemoved = context.getCounter(OuterProductCounter.ZEROS_REMOVED);
    this.fold = new CellFold<>((Semiring<Object>) conf.semiring());
    this.removeZeros = conf.removeZeros();
  }

  static CellOutput of(TaskInputOutputContext<?, ?, Object, Object> context) throws IOException {
    MultiplyConf conf = new MultiplyConf(context.getConfiguration());
    return conf.output() == Output.BULK ? new Files(context, conf) : new Mutations(context, conf);
  }

  /** Writes a cell's final sum; rows come in C's order, cells within a row too. */
  void writeSum(byte[] row, byte[] column, byte[] visibility, Object sum)
      throws IOException, InterruptedException {
    if (removeZeros && fold.isZero(sum)) {
      zerosRemoved.increment(1);
    } else {
      put(row, column, visibility, fold.encode(sum));
    }
  }

  /**
   * {@link #writeSum} of a cell whose one value arrives encoded (the semiring's canonical form).
   */
  void writeEncoded(byte[] row, byte[] column, byte[] visibility, byte[] value)
      throws IOException, InterruptedException {
    if (removeZeros) {
      writeSum(row, column, visibility, fold.decode(new CellName(row, column), value));
    } else {
      put(row, column, visibility, value);
    }
  }

  /**
   * Puts one cell's encoded final sum into C. The arrays become the output's: callers pass arrays
   * they do not change afterwards.
   */
  abstract void put(byte[] row, byte[] column, byte[] visibility, byte[] sum)
      throws IOException, InterruptedException;

  /** Writes what is held, at the end of the task. */
  void flush() throws IOException, InterruptedException {}

  /**
   * Writes the task's RFile itself, where AccumuloFileOutputFormat's writer would (the task's work
   * file, committed as the output format commits it), rather than through {@code context.write}:
   * Hadoop's reduce-side writer wrapper scans every file system's statistics on each record to
   * count output bytes, 9-11% of a reduce task's profile samples at one record per cell. And
   * through {@link SortedFileWriter}, as the iterator engine's bulk output writes, rather than the
   * output format's public RFile writer, which looks every key's label up in a map of those it has
   * seen. The file is created with the first cell: a reducer with none leaves no file, as the
   * output format's writer does. The task's file-system counters still count the bytes.
   */
  private static final class Files extends CellOutput {
    private final MultiplyConf conf;
    private SortedFileWriter file;
    private long written;

    Files(TaskInputOutputContext<?, ?, Object, Object> context, MultiplyConf conf) {
      super(context, conf);
      this.conf = conf;
    }

    @Override
    void put(byte[] row, byte[] column, byte[] visibility, byte[] sum) throws IOException {
      if (file == null) {
        Path path = new AccumuloFileOutputFormat().getDefaultWorkFile(context, ".rf");
        file =
            SortedFileWriter.open(
                path.getFileSystem(context.getConfiguration()),
                path,
                FileCompression.fileProperties(conf.fileCompression()));
      }
      // The arrays are not changed after put, so the file's key and value need not copy them.
      file.append(row, column, visibility, sum);
      written++;
    }

    @Override
    void flush() throws IOException {
      if (file != null) {
        file.close();
      }
      entriesWritten.increment(written);
    }
  }

  private static final class Mutations extends CellOutput {
    private final Text table;
    private final MultiplyConf conf;
    private boolean checked;
    private final int maxCells;
    private byte[] row;
    private Mutation mutation;
    private int cells;

    Mutations(TaskInputOutputContext<?, ?, Object, Object> context, MultiplyConf conf) {
      super(context, conf);
      table = new Text(conf.cTable());
      this.conf = conf;
      maxCells = conf.mutationMaxCells();
    }

    @Override
    void put(byte[] row, byte[] column, byte[] visibility, byte[] sum)
        throws IOException, InterruptedException {
      if (mutation == null || !java.util.Arrays.equals(row, this.row) || cells >= maxCells) {
        flush();
        this.row = row;
        mutation = new Mutation(row);
      }
      mutation.at().family(FAMILY).qualifier(column).visibility(visibility).put(sum);
      cells++;
    }

    @Override
    void flush() throws IOException, InterruptedException {
      if (mutation != null) {
        if (!checked) {
          conf.requireSameResultTable();
          checked = true;
        }
        context.write(table, mutation);
        entriesWritten.increment(cells);
        mutation = null;
        cells = 0;
      }
    }
  }

  /** A cell as messages name it: "(i, j)". */
  private record CellName(byte[] row, byte[] column) {
    @Override
    public String toString() {
      return "("
          + new String(row, StandardCharsets.UTF_8)
          + ", "
          + new String(column, StandardCharsets.UTF_8)
          + ")";
    }
  }
}
