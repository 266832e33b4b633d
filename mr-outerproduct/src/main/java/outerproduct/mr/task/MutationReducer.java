package outerproduct.mr.task;

import java.io.IOException;
import org.apache.accumulo.core.data.Mutation;
import org.apache.hadoop.io.Text;
import outerproduct.mr.MultiplyConf;
import outerproduct.mr.OuterProductCounter;
import outerproduct.mr.io.CellKey;

/**
 * ⊕ of each cell's values, written to C through AccumuloOutputFormat, one Mutation per C row: the
 * partitioner keeps a row on one reducer and the shuffle delivers its cells in column order. A very
 * long row is cut into Mutations of at most {@link MultiplyConf#MUTATION_MAX_CELLS} cells so the
 * reducer's memory stays bounded.
 *
 * <p>Each put is the cell's final sum, with the visibility its products share. C keeps one version
 * and has no summing combiner, so a retried or speculative attempt rewrites the same values: output
 * is idempotent.
 */
public class MutationReducer extends SumReducer<Text, Mutation> {
  private static final byte[] FAMILY = new byte[0];
  private Text table;
  private int maxCells;
  private byte[] row;
  private Mutation mutation;
  private int cells;

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    super.setup(context);
    MultiplyConf conf = new MultiplyConf(context.getConfiguration());
    table = new Text(conf.cTable());
    maxCells = conf.mutationMaxCells();
  }

  @Override
  protected void write(CellKey cell, byte[] sum, Context context)
      throws IOException, InterruptedException {
    if (mutation == null || !cell.sameRow(row) || cells >= maxCells) {
      flush(context);
      row = cell.row();
      mutation = new Mutation(row);
    }
    mutation.at().family(FAMILY).qualifier(cell.column()).visibility(cell.visibility()).put(sum);
    cells++;
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    flush(context);
  }

  private void flush(Context context) throws IOException, InterruptedException {
    if (mutation != null) {
      context.write(table, mutation);
      context.getCounter(OuterProductCounter.ENTRIES_WRITTEN).increment(cells);
      mutation = null;
      cells = 0;
    }
  }
}
