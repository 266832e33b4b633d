package outerproduct.mr.io;

import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapreduce.Partitioner;
import outerproduct.mr.MultiplyConf;

/**
 * Sends all of one C row to one reducer, so a reducer can write a C row as one Mutation and a bulk
 * file covers whole rows; subclasses say where a map output key holds its row.
 *
 * <p>With cut rows ({@link MultiplyConf#PARTITION_CUTS}, taken from C's splits) partition p holds
 * the rows in {@code [cut(p-1), cut(p))}: each reducer's output covers a contiguous range of C's
 * tablets, which is what a bulk import wants. Without cuts (C not split) rows are spread by hash,
 * which balances rows but not their lengths.
 *
 * @param <K> the map output key
 * @param <V> the map output value
 */
public abstract class RowPartitioner<K, V> extends Partitioner<K, V> implements Configurable {
  private Configuration conf;
  private byte[][] cuts = new byte[0][];

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    List<byte[]> rows = new MultiplyConf(conf).rows(MultiplyConf.PARTITION_CUTS);
    this.cuts = rows.toArray(byte[][]::new);
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /** The partition of the row held in {@code row[0, length)}. */
  protected int partition(byte[] row, int length, int partitions) {
    if (cuts.length == 0) {
      return (WritableComparator.hashBytes(row, length) & Integer.MAX_VALUE) % partitions;
    }
    int low = 0;
    int high = cuts.length;
    // first cut greater than the row: the row belongs to the partition before it
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (Arrays.compareUnsigned(row, 0, length, cuts[mid], 0, cuts[mid].length) >= 0) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return Math.min(low, partitions - 1);
  }

  /**
   * Picks {@code partitions - 1} of C's split rows, evenly by index, as partition cuts: with C
   * split at quantiles this balances the reducers' rows.
   */
  public static List<byte[]> cutsFromSplits(List<byte[]> splits, int partitions) {
    if (partitions <= 1 || splits.isEmpty()) {
      return List.of();
    }
    int cuts = Math.min(partitions - 1, splits.size());
    byte[][] chosen = new byte[cuts][];
    for (int p = 1; p <= cuts; p++) {
      chosen[p - 1] = splits.get((int) ((long) p * (splits.size() + 1) / (cuts + 1)) - 1);
    }
    return Arrays.asList(chosen);
  }
}
