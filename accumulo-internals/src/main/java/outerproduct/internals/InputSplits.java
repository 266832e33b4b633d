package outerproduct.internals;

import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.hadoopImpl.mapreduce.RangeInputSplit;
import org.apache.hadoop.mapreduce.InputSplit;

/**
 * The row range of an {@code AccumuloInputFormat} split. The public API hands a mapper only {@link
 * InputSplit}; the range is on its implementation class, {@code RangeInputSplit} (Accumulo
 * internals; {@code AccumuloInternalsIT} fails when it changes).
 */
public final class InputSplits {
  private InputSplits() {}

  /**
   * @return the split's range, or the whole table for a split of another kind (a batch split holds
   *     several ranges)
   */
  public static Range rangeOf(InputSplit split) {
    return split instanceof RangeInputSplit single ? single.getRange() : new Range();
  }
}
