package outerproduct.mr.input;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.hadoopImpl.mapreduce.RangeInputSplit;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;

/**
 * Several of AccumuloInputFormat's single-range splits read one after the other by one map task,
 * in row order. A row subset of 1,024 single rows would otherwise be 1,024 map tasks.
 */
public final class RangeGroupSplit extends InputSplit implements Writable {
  private final List<RangeInputSplit> parts = new ArrayList<>();

  public RangeGroupSplit() {}

  RangeGroupSplit(List<RangeInputSplit> parts) {
    this.parts.addAll(parts);
  }

  List<RangeInputSplit> parts() {
    return parts;
  }

  /** The rows this split covers, sorted and disjoint. */
  public List<Range> ranges() {
    List<Range> ranges = new ArrayList<>(parts.size());
    for (RangeInputSplit part : parts) {
      ranges.add(part.getRange());
    }
    return ranges;
  }

  @Override
  public long getLength() throws IOException {
    long length = 0;
    for (RangeInputSplit part : parts) {
      length += part.getLength();
    }
    return length;
  }

  @Override
  public String[] getLocations() {
    Set<String> locations = new LinkedHashSet<>();
    for (RangeInputSplit part : parts) {
      locations.addAll(List.of(part.getLocations()));
    }
    return locations.toArray(String[]::new);
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeInt(parts.size());
    for (RangeInputSplit part : parts) {
      part.write(out);
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    parts.clear();
    int n = in.readInt();
    for (int p = 0; p < n; p++) {
      RangeInputSplit part = new RangeInputSplit();
      part.readFields(in);
      parts.add(part);
    }
  }

  @Override
  public String toString() {
    return "RangeGroupSplit" + ranges();
  }
}
