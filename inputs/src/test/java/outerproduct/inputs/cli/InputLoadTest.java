package outerproduct.inputs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import outerproduct.inputs.cli.InputLoad.Method;
import outerproduct.kernel.cli.Choices;

class InputLoadTest {

  @Test
  void autoBulkImportsFromTheMeasuredCrossoverOnly() {
    Method auto = Choices.parse(Method.class, "auto");
    assertEquals(Method.BATCHWRITER, auto.resolve(InputLoad.BULK_FROM_ENTRIES - 1));
    assertEquals(Method.BULK, auto.resolve(InputLoad.BULK_FROM_ENTRIES));
    // SCALE 16's fixture (955,140 entries in AT) loaded faster by BatchWriter; SCALE 18's did not.
    assertEquals(Method.BATCHWRITER, auto.resolve(955_140));
    assertEquals(Method.BULK, auto.resolve(3_939_738));
  }

  @Test
  void explicitChoicesAreKeptWhateverTheSize() {
    assertEquals(Method.BULK, Choices.parse(Method.class, "bulk").resolve(1));
    assertEquals(
        Method.BATCHWRITER, Choices.parse(Method.class, "batchwriter").resolve(Long.MAX_VALUE));
  }

  @Test
  void anUnknownMethodIsNamed() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Choices.parse(Method.class, "fax"));
    assertEquals("'fax': expected batchwriter, bulk or auto", e.getMessage());
  }
}
