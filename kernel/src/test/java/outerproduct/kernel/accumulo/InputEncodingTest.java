package outerproduct.kernel.accumulo;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    assertDoesNotThrow(() -> InputTables.checkEncoding("plainB", Map.of(), ValueEncoding.TEXT));
  }

  /** Text 2 is a valid VARLEN 50: a binary encoding is read only from a table that declares it. */
  @Test
  void aBinaryEncodingIsReadOnlyFromATableThatSaysSo() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> InputTables.checkEncoding("plainB", Map.of(), ValueEncoding.FIXEDLEN));
    assertEquals(
        "input table 'plainB' does not say its values are fixedlen (no SummingCombiner of type"
            + " FIXEDLEN, no table.custom.outerproduct.value.encoding): read as fixedlen, a text"
            + " value such as 2 is a number it is not; if they are fixedlen, set that property on"
            + " the table",
        e.getMessage());
    assertDoesNotThrow(
        () ->
            InputTables.checkEncoding(
                "writtenC", ValueEncoding.FIXEDLEN.tableProperties(), ValueEncoding.FIXEDLEN));
    Map<String, String> ourCombiner =
        Map.of(
            "table.iterator.scan.outerproductSum",
            "10,outerproduct.iterator.SemiringCombiner",
            "table.iterator.scan.outerproductSum.opt.semiring",
            "plus-times-long@varlen");
    assertDoesNotThrow(
        () -> InputTables.checkEncoding("iteratorC", ourCombiner, ValueEncoding.VARLEN));
    IllegalArgumentException text =
        assertThrows(
            IllegalArgumentException.class,
            () -> InputTables.checkEncoding("iteratorC", ourCombiner, ValueEncoding.TEXT));
    assertTrue(
        text.getMessage().contains("sums with semiring plus-times-long@varlen"), text.getMessage());
  }
}
