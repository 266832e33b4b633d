package outerproduct.mr.io;

import org.apache.hadoop.io.Text;

/** Partitions stripes by their C row, the key ({@link RowPartitioner}). */
public final class StripePartitioner extends RowPartitioner<Text, Stripe> {
  @Override
  public int getPartition(Text row, Stripe stripe, int partitions) {
    return partition(row.getBytes(), row.getLength(), partitions);
  }
}
