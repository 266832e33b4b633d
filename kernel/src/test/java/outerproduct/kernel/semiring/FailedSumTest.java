package outerproduct.kernel.semiring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** ⊕ and ⊗ stay in each semiring's domain; what C's combiner forms never throws. */
class FailedSumTest {
  private static final Semiring<Long> LONG = new PlusTimesLong();
  private static final Semiring<Double> DOUBLE = new PlusTimesDouble();

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void anOverflowBecomesAFailedSumNamingTheValues() {
    byte[] sum =
        FailedSum.fold(
            LONG, List.of(bytes("4611686018427387904"), bytes("4611686018427387904")).iterator());
    assertTrue(FailedSum.is(sum));
    assertEquals(
        "plus-times-long: 4611686018427387904 + 4611686018427387904 overflows a 64-bit integer",
        FailedSum.reason(sum));
    assertThrows(IllegalArgumentException.class, () -> LONG.decode(sum));
  }

  @Test
  void aFailedSumAbsorbsAndAnUnreadableValueBecomesOne() {
    byte[] failed = FailedSum.of("earlier");
    assertArrayEquals(
        failed, FailedSum.fold(LONG, List.of(bytes("1"), failed, bytes("2")).iterator()));
    byte[] unreadable = FailedSum.fold(LONG, List.of(bytes("1"), bytes("x1")).iterator());
    assertTrue(
        FailedSum.reason(unreadable).startsWith("value 'x1' is not a plus-times-long value"),
        FailedSum.reason(unreadable));
    assertArrayEquals(bytes("3"), FailedSum.fold(LONG, List.of(bytes("1"), bytes("2")).iterator()));
    assertFalse(FailedSum.is(bytes("3")));
  }

  @Test
  void notANumberIsNeverAResult() {
    ArithmeticException times =
        assertThrows(ArithmeticException.class, () -> DOUBLE.times(Double.POSITIVE_INFINITY, 0.0));
    assertEquals("plus-times-double: Infinity * 0.0 is not a number", times.getMessage());
    assertThrows(
        ArithmeticException.class,
        () -> DOUBLE.plus(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
    assertThrows(
        ArithmeticException.class,
        () -> new MinPlus().times(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
    assertThrows(
        ArithmeticException.class,
        () -> new MaxPlus().times(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
    assertEquals(Double.POSITIVE_INFINITY, DOUBLE.plus(Double.MAX_VALUE, Double.MAX_VALUE));
  }

  /** Below the safe exposure, ⊕ over the values in any order cannot fail: what skips C's scan. */
  @Property
  void longsWhoseExposureIsSafeNeverOverflow(@ForAll @Size(max = 40) List<Long> values) {
    List<Long> safe = new ArrayList<>();
    double exposure = 0;
    for (long v : values) {
      if (exposure + LONG.plusExposure(v) < Semiring.SAFE_EXPOSURE) {
        safe.add(v);
        exposure += LONG.plusExposure(v);
      }
    }
    long sum = 0;
    for (long v : safe) {
      sum = LONG.plus(sum, v);
    }
    for (int n = safe.size() - 1; n >= 0; n--) {
      sum = LONG.plus(sum, -safe.get(n)); // the other order, down to zero
    }
    assertEquals(0L, sum);
  }

  @Property
  void doublesWhoseExposureIsSafeNeverMeetInfinityMinusInfinity(
      @ForAll @Size(max = 40) List<Double> values) {
    double exposure = 0;
    double sum = 0;
    for (double v : values) {
      if (Double.isNaN(v) || exposure + DOUBLE.plusExposure(v) >= Semiring.SAFE_EXPOSURE) {
        continue;
      }
      exposure += DOUBLE.plusExposure(v);
      sum = DOUBLE.plus(sum, v);
      assertTrue(Double.isFinite(sum));
    }
  }

  @Test
  void operationsThatCannotFailExposeNothing() {
    assertEquals(0, new MinPlus().plusExposure(Double.NEGATIVE_INFINITY));
    assertEquals(0, new OrAnd().plusExposure(true));
    assertEquals(0, new PlusTimesDecimal().plusExposure(java.math.BigDecimal.TEN));
    assertEquals(Double.POSITIVE_INFINITY, DOUBLE.plusExposure(Double.POSITIVE_INFINITY));
  }
}
