package outerproduct.mr.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.accumulo.core.data.ColumnUpdate;
import org.apache.accumulo.core.data.Mutation;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.mr.MultiplyConf;
import outerproduct.mr.OuterProductCounter;
import outerproduct.mr.io.CellKey;

/** The one-cell records' combiner and reducer, with both outputs, under MRUnit. */
class SumTasksTest {

  @Test
  void combinerFoldsEachCellWithTheSemiring() throws Exception {
    ReduceDriver<CellKey, Text, CellKey, Text> driver =
        ReduceDriver.newReduceDriver(new SemiringSumCombiner());
    driver.getConfiguration().set(MultiplyConf.SEMIRING, "min-plus");
    driver
        .withInput(cell("1", "1"), texts("4.5", "2", "7"))
        .withInput(cell("1", "2"), texts("3"))
        .withOutput(cell("1", "1"), new Text("2.0"))
        .withOutput(cell("1", "2"), new Text("3.0"))
        .runTest();
    assertEquals(4, driver.getCounters().findCounter(OuterProductCounter.COMBINER_IN).getValue());
    assertEquals(2, driver.getCounters().findCounter(OuterProductCounter.COMBINER_OUT).getValue());
  }

  @Test
  void combinerRejectsAValueTheSemiringCannotRead() {
    ReduceDriver<CellKey, Text, CellKey, Text> driver =
        ReduceDriver.newReduceDriver(new SemiringSumCombiner());
    driver.getConfiguration().set(MultiplyConf.SEMIRING, "plus-times-long");
    driver.withInput(cell("1", "1"), texts("1", "1.5"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, driver::run);
    assertTrue(
        e.getMessage().contains("'1.5'") && e.getMessage().contains("(1, 1)"), e.getMessage());
  }

  @Test
  void mutationReducerWritesOneMutationPerRowWithFinalSums() throws Exception {
    List<Pair<Object, Object>> out = mutationReducer(false, 100).run();
    assertEquals(
        List.of("r1: c1=3 c2=3", "r2: c1=0", "r3: c1=1 c2=2 c3=3 c4=4 c5=5"), describe(out));
  }

  @Test
  void mutationReducerDropsZerosWhenAskedAndCutsLongRows() throws Exception {
    ReduceDriver<CellKey, Text, Object, Object> driver = mutationReducer(true, 2);
    List<Pair<Object, Object>> out = driver.run();
    assertEquals(
        List.of("r1: c1=3 c2=3", "r3: c1=1 c2=2", "r3: c3=3 c4=4", "r3: c5=5"), describe(out));
    assertEquals(1, driver.getCounters().findCounter(OuterProductCounter.ZEROS_REMOVED).getValue());
    assertEquals(
        7, driver.getCounters().findCounter(OuterProductCounter.ENTRIES_WRITTEN).getValue());
  }

  @Test
  void bulkOutputWritesSortedKeysWithFinalSums(@TempDir Path dir) throws Exception {
    ReduceDriver<CellKey, Text, Object, Object> driver =
        ReduceDriver.newReduceDriver(new SumReducer());
    driver.getConfiguration().set(MultiplyConf.SEMIRING, "plus-times-long");
    driver.withInput(cell("r1", "c1"), texts("1", "2")).withInput(cell("r1", "c2"), texts("-5"));
    assertEquals(List.of("r1 c1 []=3", "r1 c2 []=-5"), ReducerFiles.run(driver, dir));
  }

  private static ReduceDriver<CellKey, Text, Object, Object> mutationReducer(
      boolean removeZeros, int maxCells) {
    ReduceDriver<CellKey, Text, Object, Object> driver =
        ReduceDriver.newReduceDriver(new SumReducer());
    driver.getConfiguration().set(MultiplyConf.SEMIRING, "plus-times-long");
    driver.getConfiguration().set(MultiplyConf.C_TABLE, "C");
    driver.getConfiguration().setBoolean(MultiplyConf.REMOVE_ZEROS, removeZeros);
    driver.getConfiguration().setInt(MultiplyConf.MUTATION_MAX_CELLS, maxCells);
    driver
        .withInput(cell("r1", "c1"), texts("1", "2"))
        .withInput(cell("r1", "c2"), texts("3"))
        .withInput(cell("r2", "c1"), texts("-1", "1"));
    for (int c = 1; c <= 5; c++) {
      driver.withInput(cell("r3", "c" + c), texts(Integer.toString(c)));
    }
    return driver;
  }

  static List<String> describe(List<Pair<Object, Object>> out) {
    List<String> rows = new ArrayList<>();
    for (Pair<Object, Object> p : out) {
      Mutation m = (Mutation) p.getSecond();
      assertEquals(new Text("C"), p.getFirst(), "written to C");
      StringBuilder s =
          new StringBuilder(new String(m.getRow(), StandardCharsets.UTF_8)).append(':');
      for (ColumnUpdate u : m.getUpdates()) {
        s.append(' ')
            .append(new String(u.getColumnQualifier(), StandardCharsets.UTF_8))
            .append('=')
            .append(new String(u.getValue(), StandardCharsets.UTF_8));
      }
      rows.add(s.toString());
    }
    return rows;
  }

  private static CellKey cell(String row, String column) {
    return new CellKey(
        row.getBytes(StandardCharsets.UTF_8), column.getBytes(StandardCharsets.UTF_8));
  }

  private static List<Text> texts(String... values) {
    List<Text> out = new ArrayList<>();
    for (String v : values) {
      out.add(new Text(v));
    }
    return out;
  }
}
