package outerproduct.mr.io;

import org.apache.hadoop.io.Text;

/** Partitions one-cell records by their C row ({@link RowPartitioner}). */
public final class CellPartitioner extends RowPartitioner<CellKey, Text> {
  @Override
  public int getPartition(CellKey key, Text value, int partitions) {
    return partition(key.rowBytes(), key.rowLength(), partitions);
  }
}
