package outerproduct.mr.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

class TabletGroupedInputFormatTest {
  private static final List<byte[]> ENDS = List.of(bytes("3"), bytes("6"));

  @Test
  void rangesGoToTheTabletHoldingTheirFirstRow() {
    assertEquals(0, TabletGroupedInputFormat.tabletOf(new Range(), ENDS));
    assertEquals(0, TabletGroupedInputFormat.tabletOf(new Range("1", "2"), ENDS));
    assertEquals(0, TabletGroupedInputFormat.tabletOf(new Range("3"), ENDS), "end rows are inclusive");
    assertEquals(1, TabletGroupedInputFormat.tabletOf(new Range("4", "5"), ENDS));
    assertEquals(2, TabletGroupedInputFormat.tabletOf(new Range("7", null), ENDS));
    // AccumuloInputFormat clips a range to a tablet: it then starts just after the previous end row
    Range clipped = new Range(new Text("3"), false, new Text("5"), true);
    assertEquals(1, TabletGroupedInputFormat.tabletOf(clipped, ENDS));
    assertEquals(0, TabletGroupedInputFormat.tabletOf(new Range("5"), List.of()), "one tablet");
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
