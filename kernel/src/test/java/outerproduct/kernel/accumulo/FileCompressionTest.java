package outerproduct.kernel.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** A bulk output's compression: one Accumulo writes, or none chosen; anything else named. */
class FileCompressionTest {

  @Test
  void acceptsAccumulosCompressionsAndNone() {
    for (String name : FileCompression.COMPRESSIONS.split(", ")) {
      assertEquals(name, FileCompression.check(name));
    }
    assertNull(FileCompression.check(null), "none chosen: C's own");
  }

  @Test
  void refusesAnotherNamingIt() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> FileCompression.check("zip"));
    assertEquals(
        "file compression 'zip': expected one of " + FileCompression.COMPRESSIONS, e.getMessage());
  }
}
