package outerproduct.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.Test;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRange;
import outerproduct.kernel.d4m.RowRanges;

/**
 * The job's own settings: the map task's pre-sum window (sized to the heap the sort buffer leaves
 * unless set), and D4M lists of any text.
 */
class MultiplyConfTest {
  private static final long MB = 1 << 20;

  @Test
  void automaticWindowIsAQuarterOfTheHeapTheSortBufferLeaves() {
    Configuration conf = new Configuration(false);
    assertEquals((384 - 100) * MB / 4 / 32, new MultiplyConf(conf).presumProducts(384 * MB));
    conf.setInt(MRJobConfig.IO_SORT_MB, 200);
    assertEquals((384 - 200) * MB / 4 / 32, new MultiplyConf(conf).presumProducts(384 * MB));
    assertEquals(0, new MultiplyConf(conf).presumProducts(100 * MB), "no heap left: no window");
  }

  @Test
  void aSetWindowIsTakenAsItIsAndCheckedNamingTheKey() {
    Configuration conf = new Configuration(false);
    conf.setLong(MultiplyConf.PRESUM_PRODUCTS, 0);
    assertEquals(0, new MultiplyConf(conf).presumProducts(384 * MB));
    conf.setLong(MultiplyConf.PRESUM_PRODUCTS, 1000);
    assertEquals(1000, new MultiplyConf(conf).presumProducts(384 * MB));
    conf.setLong(MultiplyConf.PRESUM_PRODUCTS, -5);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new MultiplyConf(conf).presumProducts(MB));
    assertTrue(
        e.getMessage().startsWith(MultiplyConf.PRESUM_PRODUCTS + " must be"), e.getMessage());
  }

  /**
   * What a task reads of a row subset and column filter is what the client set, through the job's
   * configuration as Hadoop writes and reads it (XML): ids of every plane, a separator outside the
   * Basic Multilingual Plane, and ids holding every printable separator, so that the list is
   * written with NUL, which XML 1.0 cannot hold as text.
   */
  @Test
  void rowSubsetsAndColumnFiltersOfAnyTextSurviveTheJobsConfigurationFile() throws Exception {
    List<RowRanges> subsets =
        List.of(
            RowRanges.parse("abc\uD83D\uDCA9"),
            RowRanges.parse("k\u00e9\u4e2d\uD800\uDC00,:,\uDBFF\uDFFF,"),
            RowRanges.of(List.of(RowRange.row("a,b;c|d\te\nf\u0001"), new RowRange("x", null))));
    for (RowRanges rows : subsets) {
      Configuration conf = new Configuration(false);
      MultiplyConf.setD4m(conf, MultiplyConf.ROW_SUBSET, rows.toD4m());
      MultiplyConf.setD4m(
          conf,
          MultiplyConf.AT_COLUMNS,
          ColumnFilter.of(List.of("j\u0000", "\uD83D\uDCA9")).toD4m());
      ByteArrayOutputStream xml = new ByteArrayOutputStream();
      conf.writeXml(xml);
      Configuration read = new Configuration(false);
      read.addResource(new ByteArrayInputStream(xml.toByteArray()));
      assertEquals(rows, new MultiplyConf(read).rowSubset());
      assertEquals(
          List.of("j\u0000", "\uD83D\uDCA9"), new MultiplyConf(read).atColumns().columns());
    }
  }
}
