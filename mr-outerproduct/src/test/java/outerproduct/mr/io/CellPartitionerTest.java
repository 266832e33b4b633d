package outerproduct.mr.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import outerproduct.mr.MultiplyConf;

class CellPartitionerTest {

  @Test
  void cutsSendRowRangesToConsecutiveReducers() {
    CellPartitioner p = partitioner(List.of(bytes("3"), bytes("6")));
    assertEquals(0, p.getPartition(cell("1", "z"), null, 3));
    assertEquals(0, p.getPartition(cell("299", "a"), null, 3));
    assertEquals(1, p.getPartition(cell("3", "a"), null, 3), "a cut row starts the next partition");
    assertEquals(1, p.getPartition(cell("5", "a"), null, 3));
    assertEquals(2, p.getPartition(cell("6", "a"), null, 3));
    assertEquals(2, p.getPartition(cell("99", "a"), null, 3));
    assertEquals(1, p.getPartition(cell("99", "a"), null, 2), "never beyond the last reducer");
  }

  @Test
  void withoutCutsARowStaysOnOneReducer() {
    CellPartitioner p = partitioner(List.of());
    for (int row = 0; row < 200; row++) {
      int first = p.getPartition(cell(Integer.toString(row), "1"), null, 4);
      for (int col = 2; col < 20; col++) {
        assertEquals(
            first, p.getPartition(cell(Integer.toString(row), Integer.toString(col)), null, 4));
      }
    }
  }

  @Test
  void cutsAreChosenEvenlyFromSplits() {
    List<byte[]> splits = new ArrayList<>();
    for (int s = 10; s < 20; s++) {
      splits.add(bytes(Integer.toString(s)));
    }
    assertEquals(List.of("14"), strings(CellPartitioner.cutsFromSplits(splits, 2)));
    assertEquals(
        List.of("11", "14", "17"),
        strings(CellPartitioner.cutsFromSplits(splits, 4)),
        "11 tablets in 4 partitions of 2, 3, 3 and 3 tablets");
    assertEquals(
        10, CellPartitioner.cutsFromSplits(splits, 50).size(), "at most one cut per split");
    assertTrue(CellPartitioner.cutsFromSplits(splits, 1).isEmpty());
    assertTrue(CellPartitioner.cutsFromSplits(List.of(), 4).isEmpty());
  }

  private static CellPartitioner partitioner(List<byte[]> cuts) {
    Configuration conf = new Configuration(false);
    MultiplyConf.setRows(conf, MultiplyConf.PARTITION_CUTS, cuts);
    CellPartitioner p = new CellPartitioner();
    p.setConf(conf);
    return p;
  }

  private static CellKey cell(String row, String column) {
    return new CellKey(bytes(row), bytes(column));
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static List<String> strings(List<byte[]> rows) {
    return rows.stream().map(r -> new String(r, StandardCharsets.UTF_8)).toList();
  }
}
