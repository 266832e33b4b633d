package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import outerproduct.compare.InputLoad.Method;

class InputLoadTest {

  @Test
  void autoBulkImportsFromTheMeasuredCrossoverOnly() {
    Method auto = Method.parse("auto");
    assertEquals(Method.BATCHWRITER, auto.resolve(InputLoad.BULK_FROM_ENTRIES - 1));
    assertEquals(Method.BULK, auto.resolve(InputLoad.BULK_FROM_ENTRIES));
    // SCALE 16's fixture (955,140 entries in AT) loaded faster by BatchWriter; SCALE 18's did not.
    assertEquals(Method.BATCHWRITER, auto.resolve(955_140));
    assertEquals(Method.BULK, auto.resolve(3_939_738));
  }

  @Test
  void explicitChoicesAreKeptWhateverTheSize() {
    assertEquals(Method.BULK, Method.parse("BULK").resolve(1));
    assertEquals(Method.BATCHWRITER, Method.parse("batchwriter").resolve(Long.MAX_VALUE));
  }

  @Test
  void anUnknownMethodIsNamed() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Method.parse("fax"));
    assertTrue(e.getMessage().contains("--load 'fax'"), e.getMessage());
  }
}
