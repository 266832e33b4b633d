package outerproduct.kernel.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ResultChecksumTest {

  /**
   * The digest of these lines, computed outside Java: printf '1\t10\t3\n1\t9\t-2\n10\t1\t1\n' |
   * sha256sum
   */
  @Test
  void matchesSha256OfTheSpecLines() {
    SparseMatrix c = new SparseMatrix().put("10", "1", "1").put("1", "9", "-2").put("1", "10", "3");
    assertEquals(
        "fe1310592264843461fb8cad4c1b7a25ef0d1c6e636a2657e26c9f39fec23487", ResultChecksum.of(c));
  }

  @Test
  void refusesEntriesOutOfKeyOrder() {
    ResultChecksum sum = new ResultChecksum().add("2", "1", "1");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> sum.add("10", "1", "1"));
    assertTrue(e.getMessage().contains("key order"), e.getMessage());
    ResultChecksum sameRow = new ResultChecksum().add("1", "b", "1");
    assertThrows(IllegalArgumentException.class, () -> sameRow.add("1", "a", "1"));
  }
}
