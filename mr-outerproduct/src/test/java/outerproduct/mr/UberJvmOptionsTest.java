package outerproduct.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import outerproduct.kernel.d4m.RowRanges;

class UberJvmOptionsTest {
  private static final String C1_ONLY = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC";
  private static final String TIERED = "-XX:+UseSerialGC";

  private static RowRanges singleRows(int n) {
    return RowRanges.parse(
        IntStream.range(0, n).mapToObj(i -> "r" + i + ",").collect(Collectors.joining()));
  }

  @Test
  void aFewSingleRowsCompileWithC1Only() {
    assertEquals(C1_ONLY, JobSetup.uberJvmOptions(singleRows(1)));
    assertEquals(C1_ONLY, JobSetup.uberJvmOptions(singleRows(JobSetup.C1_ONLY_MAX_ROWS)));
  }

  @Test
  void moreRowsOrAnyRangeUseTieredCompilation() {
    assertEquals(TIERED, JobSetup.uberJvmOptions(singleRows(JobSetup.C1_ONLY_MAX_ROWS + 1)));
    assertEquals(TIERED, JobSetup.uberJvmOptions(RowRanges.parse("a,:,b,")));
    assertEquals(TIERED, JobSetup.uberJvmOptions(RowRanges.parse("r1,a,:,b,")));
    assertEquals(TIERED, JobSetup.uberJvmOptions(RowRanges.all()));
  }
}
