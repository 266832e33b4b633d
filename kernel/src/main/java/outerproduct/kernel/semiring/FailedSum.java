package outerproduct.kernel.semiring;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;

/**
 * What C holds at a cell whose sum its combiner could not form: {@code !failed: <why>}, the reason
 * naming the values (an overflow, a value the semiring does not read). A combiner that threw
 * instead would fail every scan and compaction of the tablet, so one bad cell would make all of C
 * unreadable; this value keeps the rest readable and the failure visible. It decodes under no
 * built-in semiring (a reader that decodes it stops with a {@link BadValueException} naming the
 * cell), and it absorbs: ⊕ with a failed sum is that failed sum.
 *
 * <p>A multiply whose values could make ⊕ fail ({@link Semiring#plusExposure}) looks for failed
 * sums in C before marking it complete, so a multiply never reports success over one.
 */
public final class FailedSum {
  private static final byte[] PREFIX = "!failed: ".getBytes(StandardCharsets.UTF_8);

  /** Reasons are cut here: a failed sum is a message, not a place to store long ids twice. */
  private static final int MAX_REASON_CHARS = 1_000;

  private FailedSum() {}

  /** The stored form of a sum that failed for {@code reason}. */
  public static byte[] of(String reason) {
    String why = String.valueOf(reason);
    if (why.length() > MAX_REASON_CHARS) {
      why = why.substring(0, MAX_REASON_CHARS) + "…";
    }
    byte[] text = why.getBytes(StandardCharsets.UTF_8);
    byte[] value = Arrays.copyOf(PREFIX, PREFIX.length + text.length);
    System.arraycopy(text, 0, value, PREFIX.length, text.length);
    return value;
  }

  public static boolean is(byte[] value) {
    return value != null
        && value.length >= PREFIX.length
        && Arrays.equals(value, 0, PREFIX.length, PREFIX, 0, PREFIX.length);
  }

  /** The reason stored in a failed sum. */
  public static String reason(byte[] value) {
    if (!is(value)) {
      throw new IllegalArgumentException("not a failed sum");
    }
    return new String(value, PREFIX.length, value.length - PREFIX.length, StandardCharsets.UTF_8);
  }

  /**
   * ⊕ of stored values as C's combiner forms it: the sum, or a failed sum naming the first value
   * that does not decode or the first ⊕ that failed; never throws. It may stop reading {@code
   * values} at a failure.
   *
   * @return null for no values
   */
  public static <T> byte[] fold(Semiring<T> semiring, Iterator<byte[]> values) {
    T sum = null;
    while (values.hasNext()) {
      byte[] bytes = values.next();
      if (is(bytes)) {
        return bytes;
      }
      T v;
      try {
        v = semiring.decode(bytes);
      } catch (RuntimeException e) {
        return of(
            "value '"
                + BadValueException.shown(bytes)
                + "' is not a "
                + semiring.name()
                + " value"
                + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"));
      }
      try {
        sum = sum == null ? v : semiring.plus(sum, v);
      } catch (RuntimeException e) {
        return of(String.valueOf(e.getMessage()));
      }
    }
    return sum == null ? null : semiring.encode(sum);
  }
}
