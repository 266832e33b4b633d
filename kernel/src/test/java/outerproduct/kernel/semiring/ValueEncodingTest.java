package outerproduct.kernel.semiring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.apache.accumulo.core.iterators.LongCombiner;

/**
 * plus-times-long in Accumulo's LongCombiner encodings: the bytes are Accumulo's own, a value is
 * read only if it is exactly one encoded long (Accumulo's decoders read a prefix), and the name
 * carries the encoding wherever the semiring goes.
 */
class ValueEncodingTest {
  private static final Semiring<?> VARLEN = Semirings.forName("plus-times-long@varlen");
  private static final Semiring<?> FIXEDLEN = Semirings.forName("plus-times-long@fixedlen");

  @Property(tries = 500)
  void valuesAreAccumulosOwnBytesBothWays(@ForAll long v) {
    @SuppressWarnings("unchecked")
    Semiring<Long> varlen = (Semiring<Long>) VARLEN;
    @SuppressWarnings("unchecked")
    Semiring<Long> fixedlen = (Semiring<Long>) FIXEDLEN;
    assertArrayEquals(LongCombiner.VAR_LEN_ENCODER.encode(v), varlen.encode(v));
    assertArrayEquals(LongCombiner.FIXED_LEN_ENCODER.encode(v), fixedlen.encode(v));
    assertEquals(v, varlen.decode(LongCombiner.VAR_LEN_ENCODER.encode(v)));
    assertEquals(v, fixedlen.decode(LongCombiner.FIXED_LEN_ENCODER.encode(v)));
    assertArrayEquals(
        Long.toString(v).getBytes(StandardCharsets.UTF_8),
        Semirings.canonicalText(VARLEN, LongCombiner.VAR_LEN_ENCODER.encode(v)));
  }

  @Example
  void onlyExactlyOneEncodedLongIsRead() {
    // Accumulo's VARLEN decoder reads "49" as 52, its first byte: here it is refused
    assertEquals(52L, LongCombiner.VAR_LEN_ENCODER.decode("49".getBytes(StandardCharsets.UTF_8)));
    for (Semiring<?> s : new Semiring<?>[] {VARLEN, FIXEDLEN}) {
      assertThrows(
          IllegalArgumentException.class, () -> s.decode("49".getBytes(StandardCharsets.UTF_8)));
      assertThrows(IllegalArgumentException.class, () -> s.decode(FailedSum.of("overflow")));
      assertThrows(IllegalArgumentException.class, () -> s.decode(new byte[0]));
    }
  }

  @Example
  void theNameCarriesTheEncodingAndOnlyPlusTimesLongTakesOne() {
    assertEquals(
        "plus-times-long@varlen", Semirings.withEncoding("plus-times-long", ValueEncoding.VARLEN));
    assertEquals(
        "plus-times-long", Semirings.withEncoding("plus-times-long@fixedlen", ValueEncoding.TEXT));
    assertEquals("plus-times-long@varlen", VARLEN.name());
    assertEquals(ValueEncoding.FIXEDLEN, Semirings.encodingOf(FIXEDLEN.name()));
    assertEquals(ValueEncoding.TEXT, Semirings.encodingOf("min-plus"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Semirings.withEncoding("min-plus", ValueEncoding.VARLEN));
    assertTrue(
        e.getMessage().contains("varlen") && e.getMessage().contains("'min-plus'"), e.getMessage());
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class, () -> Semirings.forName("plus-times-long@zigzag"));
    assertTrue(
        bad.getMessage().contains("'zigzag': expected text, varlen or fixedlen"), bad.getMessage());
  }

  @Example
  void aCombinersTypeNamesItsEncoding() {
    assertEquals(ValueEncoding.VARLEN, ValueEncoding.ofCombinerType("VARLEN"));
    assertEquals(ValueEncoding.FIXEDLEN, ValueEncoding.ofCombinerType("FIXEDLEN"));
    assertEquals(ValueEncoding.TEXT, ValueEncoding.ofCombinerType("STRING"));
    assertEquals(null, ValueEncoding.ofCombinerType("class:my.Encoder"));
  }
}
