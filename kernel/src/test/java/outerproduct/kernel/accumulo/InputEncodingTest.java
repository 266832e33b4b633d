package outerproduct.kernel.accumulo;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import outerproduct.kernel.semiring.ValueEncoding;

/** An input summed by Accumulo's own combiner is read in the encoding its option 'type' names. */
class InputEncodingTest {
  private static final Map<String, String> SUMMING_VARLEN =
      Map.of(
          "table.iterator.scan.sum",
          "10,org.apache.accumulo.core.iterators.user.SummingCombiner",
          "table.iterator.scan.sum.opt.type",
          "VARLEN",
          "table.iterator.scan.sum.opt.all",
          "true");

  @Test
  void aMismatchIsOneLineNamingTableIteratorAndTheOptionToGive() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> InputTables.checkEncoding("sumB", SUMMING_VARLEN, ValueEncoding.TEXT));
    assertEquals(
        "input table 'sumB' stores its values as varlen (its scan iterator 'sum' has type VARLEN),"
            + " but this multiply reads them as text: give --value-encoding varlen"
            + " (valueEncoding(VARLEN))",
        e.getMessage());
    assertDoesNotThrow(
        () -> InputTables.checkEncoding("sumB", SUMMING_VARLEN, ValueEncoding.VARLEN));
    assertDoesNotThrow(
        () ->
            InputTables.checkEncoding(
                "textB", Map.of("table.iterator.scan.sum.opt.type", "STRING"), ValueEncoding.TEXT));
    assertDoesNotThrow(() -> InputTables.checkEncoding("plainB", Map.of(), ValueEncoding.FIXEDLEN));
  }
}
