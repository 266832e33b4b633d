package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** scripts/compare refuses bad arguments before it starts a cluster: exit 2, the option named. */
class CompareArgumentsTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "--engines iterator,warp | --engines: unknown engine 'warp'",
      "--workloads whole,nightly | --workloads 'nightly': expected whole or queued",
      "--requests 0 | --requests must be at least 1, got 0",
      "--concurrency 1,0 | --concurrency must be at least 1, got 0",
      "--warmup -1 | --warmup -1: expected 0 or more",
      "--scales 10 --queued-scale 12 | --queued-scale 12 is not one of --scales [10]",
      "--scales ten | Invalid value for option '--scales'",
      "--input elsewhere | --input",
      "--load fax | --load 'fax': expected batchwriter, bulk or auto",
      "--presum -1 | --presum must be between 0 (off) and 268435456 cells, got -1",
      "--mr-presum 300000000 | --mr-presum must be between 0 (off) and 268435456 cells, got 300000000",
      "--accumulo-site table.file.compress.typo=snappy | --accumulo-site 'table.file.compress.typo': not an Accumulo property",
      "--accumulo-site table.split.threshold=big | --accumulo-site table.split.threshold='big': not a valid value",
      "--cluster c.properties --accumulo-site tserver.memory.maps.max=1G | applies to the embedded cluster only",
  })
  void badArgumentsExitTwoNamingTheOption(String args, String expected) {
    StringWriter err = new StringWriter();
    int exit = CompareCommand.run(new PrintWriter(err, true), args.trim().split(" "));
    assertEquals(2, exit, err.toString());
    assertTrue(err.toString().contains(expected), err.toString());
  }
}
