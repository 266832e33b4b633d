package outerproduct.mr.input;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.hadoop.mapreduce.AccumuloInputFormat;
import org.apache.accumulo.hadoopImpl.mapreduce.RangeInputSplit;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import outerproduct.mr.MultiplyConf;

/**
 * AccumuloInputFormat with one split per tablet of B, whatever the number of row ranges: the
 * ranges AccumuloInputFormat cut at tablet boundaries are grouped by the tablet they fall in
 * (B's split rows are in {@link MultiplyConf#B_TABLET_SPLITS}) and read in row order by one
 * task. Configure it with {@link AccumuloInputFormat#configure()}; the ranges must not overlap
 * (they are merged anyway when AccumuloInputFormat auto-adjusts them, its default).
 */
public final class TabletGroupedInputFormat extends AccumuloInputFormat {

  @Override
  public List<InputSplit> getSplits(JobContext context) throws IOException {
    List<byte[]> tabletEnds = new MultiplyConf(context.getConfiguration()).rows(MultiplyConf.B_TABLET_SPLITS);
    Map<Integer, List<RangeInputSplit>> byTablet = new TreeMap<>();
    for (InputSplit split : super.getSplits(context)) {
      RangeInputSplit range = (RangeInputSplit) split;
      byTablet.computeIfAbsent(tabletOf(range.getRange(), tabletEnds), t -> new ArrayList<>()).add(range);
    }
    List<InputSplit> grouped = new ArrayList<>(byTablet.size());
    for (List<RangeInputSplit> parts : byTablet.values()) {
      parts.sort(Comparator.comparing(RangeInputSplit::getRange));
      grouped.add(new RangeGroupSplit(parts));
    }
    return grouped;
  }

  /** Index of the tablet holding the range's first row: the first tablet end row at or after it. */
  static int tabletOf(Range range, List<byte[]> tabletEnds) {
    if (range.isInfiniteStartKey()) {
      return 0;
    }
    byte[] start = range.getStartKey().getRowData().toArray();
    int low = 0;
    int high = tabletEnds.size();
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (Arrays.compareUnsigned(tabletEnds.get(mid), start) < 0) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }

  @Override
  public RecordReader<Key, Value> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new GroupRecordReader();
  }

  /** Reads each part of a {@link RangeGroupSplit} with AccumuloInputFormat's own reader. */
  private final class GroupRecordReader extends RecordReader<Key, Value> {
    private List<RangeInputSplit> parts;
    private TaskAttemptContext context;
    private int index = -1;
    private RecordReader<Key, Value> current;

    @Override
    public void initialize(InputSplit split, TaskAttemptContext attempt) {
      this.parts = ((RangeGroupSplit) split).parts();
      this.context = attempt;
    }

    @Override
    public boolean nextKeyValue() throws IOException, InterruptedException {
      while (true) {
        if (current != null && current.nextKeyValue()) {
          return true;
        }
        if (current != null) {
          current.close();
          current = null;
        }
        if (++index >= parts.size()) {
          return false;
        }
        current = TabletGroupedInputFormat.super.createRecordReader(parts.get(index), context);
        current.initialize(parts.get(index), context);
      }
    }

    @Override
    public Key getCurrentKey() throws IOException, InterruptedException {
      return current.getCurrentKey();
    }

    @Override
    public Value getCurrentValue() throws IOException, InterruptedException {
      return current.getCurrentValue();
    }

    @Override
    public float getProgress() throws IOException, InterruptedException {
      if (parts.isEmpty() || index >= parts.size()) {
        return 1f;
      }
      float within = current == null ? 0f : current.getProgress();
      return (Math.max(index, 0) + within) / parts.size();
    }

    @Override
    public void close() throws IOException {
      if (current != null) {
        current.close();
      }
    }
  }
}
