package outerproduct.kernel.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ResultChecksumTest {

  /**
   * The sum computed outside Java: python3 -c "import hashlib; print('%064x' %
   * (sum(int(hashlib.sha256(l.encode()).hexdigest(), 16) for l in ['1\t10\t3\n', '1\t9\t-2\n',
   * '10\t1\t1\n']) % 2**256))"
   */
  @Test
  void matchesTheSumOfTheSpecLinesDigests() {
    SparseMatrix c = new SparseMatrix().put("10", "1", "1").put("1", "9", "-2").put("1", "10", "3");
    assertEquals(
        "d52f3a8108b4207582630f6afdb0880d8a1b855aee72bbe6b4ab0d564ac54d2a", ResultChecksum.of(c));
  }

  @Test
  void partsInAnyOrderAddUpToTheWhole() {
    String whole =
        new ResultChecksum().add("1", "10", "3").add("1", "9", "-2").add("10", "1", "1").hex();
    ResultChecksum first = new ResultChecksum().add("10", "1", "1");
    ResultChecksum second = new ResultChecksum().add("1", "9", "-2").add("1", "10", "3");
    ResultChecksum shipped = ResultChecksum.fromState(second.state());
    assertEquals(whole, first.plus(shipped).hex());
    assertEquals(3, first.entries());
  }

  @Test
  void aChangedMissingOrRepeatedEntryChangesIt() {
    String whole = new ResultChecksum().add("1", "9", "-2").add("10", "1", "1").hex();
    assertNotEquals(whole, new ResultChecksum().add("1", "9", "-3").add("10", "1", "1").hex());
    assertNotEquals(whole, new ResultChecksum().add("10", "1", "1").hex());
    assertNotEquals(
        whole,
        new ResultChecksum().add("1", "9", "-2").add("10", "1", "1").add("10", "1", "1").hex());
  }

  @Test
  void carriesAcrossEveryWordAndWrapsModulo2To256() {
    byte[] allOnes = new byte[ResultChecksum.STATE_BYTES];
    Arrays.fill(allOnes, 0, 32, (byte) 0xff);
    byte[] one = new byte[ResultChecksum.STATE_BYTES];
    one[31] = 1;
    ResultChecksum max = ResultChecksum.fromState(allOnes);
    assertEquals("0".repeat(64), max.plus(ResultChecksum.fromState(one)).hex());
    byte[] lowWordFull = new byte[ResultChecksum.STATE_BYTES];
    Arrays.fill(lowWordFull, 24, 32, (byte) 0xff);
    ResultChecksum low = ResultChecksum.fromState(lowWordFull);
    assertEquals(
        "0".repeat(47) + "1" + "0".repeat(16), low.plus(ResultChecksum.fromState(one)).hex());
  }

  @Test
  void aStateOfTheWrongLengthIsRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ResultChecksum.fromState(new byte[3]));
    assertEquals("a checksum state is 40 bytes, got 3", e.getMessage());
  }
}
