package outerproduct.kernel.semiring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SemiringsTest {

  @ParameterizedTest(name = "{0}: ''{1}'' is stored canonically as ''{2}''")
  @CsvSource(
      delimiter = '|',
      value = {
        "plus-times-long|007|7",
        "plus-times-long|+3|3",
        "plus-times-long|-0|0",
        "plus-times-long|-9223372036854775808|-9223372036854775808",
        "plus-times-double|2|2.0",
        "plus-times-double|-2.50|-2.5",
        "plus-times-double|1e3|1000.0",
        "plus-times-bigdecimal|3.10|3.1",
        "plus-times-bigdecimal|100|100",
        "plus-times-bigdecimal|1E+2|100",
        "plus-times-bigdecimal|0.000|0",
        "min-plus|Infinity|Infinity",
        "max-plus|-1|-1.0",
        "max-min|0.5|0.5",
        "or-and|1|1",
        "or-and|0|0"
      })
  void canonicalForm(String name, String stored, String canonical) {
    Semiring<?> s = Semirings.forName(name);
    assertEquals(canonical, new String(s.canonical(utf8(stored)), StandardCharsets.UTF_8));
  }

  @ParameterizedTest(name = "{0} rejects ''{1}''")
  @CsvSource(
      delimiter = '|',
      value = {
        "plus-times-long|1.5",
        "plus-times-long|abc",
        "plus-times-long|9223372036854775808",
        "plus-times-long|-",
        "plus-times-long|1 2",
        "plus-times-long|0x10",
        "plus-times-long|-9223372036854775809",
        "plus-times-long|99999999999999999990",
        "plus-times-double|NaN",
        "plus-times-double|1d",
        "plus-times-double|0x1p3",
        "plus-times-double|1,5",
        "plus-times-bigdecimal|1..2",
        "min-plus|inf",
        "or-and|2",
        "or-and|true",
        "or-and|11"
      })
  void rejectsValuesOutsideItsDomain(String name, String stored) {
    Semiring<?> s = Semirings.forName(name);
    assertThrows(IllegalArgumentException.class, () -> s.decode(utf8(stored)));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "plus-times-long",
        "plus-times-double",
        "plus-times-bigdecimal",
        "min-plus",
        "max-plus",
        "max-min",
        "or-and"
      })
  void emptyValueIsRejected(String name) {
    assertThrows(IllegalArgumentException.class, () -> Semirings.forName(name).decode(new byte[0]));
  }

  @Test
  void zeroIsIdentityOfPlusAndAnnihilatorOfTimes() {
    for (String name : Semirings.builtInNames()) {
      checkZero(Semirings.forName(name), name.equals("or-and") ? "1" : "3");
    }
  }

  private static <T> void checkZero(Semiring<T> s, String sample) {
    T x = s.decode(utf8(sample));
    T zero = s.zero();
    assertEquals(x, s.plus(x, zero), s.name());
    assertTrue(s.isZero(s.times(x, zero)), s.name());
    assertTrue(s.isZero(s.times(zero, x)), s.name());
    assertFalse(s.isZero(x), s.name());
  }

  @Test
  void longOverflowIsAnErrorNotAWrap() {
    Semiring<Long> s = new PlusTimesLong();
    ArithmeticException e =
        assertThrows(ArithmeticException.class, () -> s.times(Long.MAX_VALUE, 2L));
    assertTrue(e.getMessage().contains("9223372036854775807 * 2"), e.getMessage());
    assertThrows(ArithmeticException.class, () -> s.plus(Long.MAX_VALUE, 1L));
  }

  @Test
  void longEncodingMatchesLongToString() {
    Semiring<Long> s = new PlusTimesLong();
    for (long v :
        new long[] {0, 1, -1, 9, 10, -10, 1023, 1024, 123456789, Long.MAX_VALUE, Long.MIN_VALUE}) {
      assertArrayEquals(utf8(Long.toString(v)), s.encode(v));
    }
    for (long v = -2000; v <= 2000; v++) {
      assertArrayEquals(utf8(Long.toString(v)), s.encode(v), "encoding of " + v);
    }
  }

  @Test
  void unknownNameSaysWhatIsKnown() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Semirings.forName("plus-times-complex"));
    assertTrue(e.getMessage().contains("'plus-times-complex'"), e.getMessage());
    assertTrue(e.getMessage().contains("min-plus"), e.getMessage());
  }

  @Test
  void classThatIsNotASemiringIsRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Semirings.forName("java.lang.String"));
    assertTrue(e.getMessage().contains("does not implement"), e.getMessage());
  }

  @Test
  void classWithoutNoArgConstructorIsRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> Semirings.forName(NeedsArgument.class.getName()));
    assertTrue(e.getMessage().contains("no-argument constructor"), e.getMessage());
  }

  @Test
  void userSemiringLoadsByClassName() {
    Semiring<?> s = Semirings.forName(MaxTimesLong.class.getName());
    assertInstanceOf(MaxTimesLong.class, s);
    assertEquals("6", new String(((MaxTimesLong) s).encode(6L), StandardCharsets.UTF_8));
  }

  @Test
  void badValueExceptionNamesEverything() {
    BadValueException e =
        new BadValueException(
            "B",
            utf8("r1"),
            utf8("c1"),
            utf8("x"),
            "plus-times-long",
            new IllegalArgumentException("not an integer"));
    assertEquals(
        "table 'B', row 'r1', column 'c1': value 'x' is not a plus-times-long value"
            + " (not an integer)",
        e.getMessage());
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** A user semiring: (max, ×) over longs. */
  public static final class MaxTimesLong implements Semiring<Long> {
    private final PlusTimesLong text = new PlusTimesLong();

    @Override
    public String name() {
      return getClass().getName();
    }

    @Override
    public Long decode(byte[] value) {
      return text.decode(value);
    }

    @Override
    public byte[] encode(Long value) {
      return text.encode(value);
    }

    @Override
    public Long plus(Long a, Long b) {
      return Math.max(a, b);
    }

    @Override
    public Long times(Long a, Long b) {
      return a * b;
    }

    @Override
    public Long zero() {
      return Long.MIN_VALUE;
    }
  }

  public static final class NeedsArgument extends PlusTimesLongWrapper {
    public NeedsArgument(int unused) {}
  }

  /** Lets NeedsArgument implement Semiring without repeating it. */
  public abstract static class PlusTimesLongWrapper implements Semiring<Long> {
    private final PlusTimesLong delegate = new PlusTimesLong();

    @Override
    public String name() {
      return delegate.name();
    }

    @Override
    public Long decode(byte[] value) {
      return delegate.decode(value);
    }

    @Override
    public byte[] encode(Long value) {
      return delegate.encode(value);
    }

    @Override
    public Long plus(Long a, Long b) {
      return delegate.plus(a, b);
    }

    @Override
    public Long times(Long a, Long b) {
      return delegate.times(a, b);
    }

    @Override
    public Long zero() {
      return 0L;
    }
  }
}
