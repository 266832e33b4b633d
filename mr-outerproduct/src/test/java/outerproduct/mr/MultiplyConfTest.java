package outerproduct.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.Test;

/** The map task's pre-sum window: sized to the heap the sort buffer leaves unless set. */
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
}
