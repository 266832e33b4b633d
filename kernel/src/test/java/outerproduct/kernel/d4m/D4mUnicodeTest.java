package outerproduct.kernel.d4m;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * D4M lists and ids over every Unicode plane: the separator is the last code point (an emoji
 * separator is two Java chars), ids convert to Accumulo's bytes in one place ({@link Utf8}), and
 * their order is Accumulo's byte order, which is code point order, not Java's char order.
 */
class D4mUnicodeTest {

  @Example
  void aSeparatorOutsideTheBasicPlaneSelectsTheRowItEnds() {
    RowRanges r = RowRanges.parse("abc\uD83D\uDCA9");
    assertEquals(List.of(RowRange.row("abc")), r.ranges());
    assertTrue(r.contains("abc".getBytes(StandardCharsets.UTF_8)));
    assertEquals(
        RowRanges.of(List.of(new RowRange("a", "c"), RowRange.row("x"))),
        RowRanges.parse("a\uD83D\uDCA9:\uD83D\uDCA9c\uD83D\uDCA9x\uD83D\uDCA9"));
    assertEquals(List.of("j1", "j2"), ColumnFilter.parse("j2\uD800\uDC00j1\uD800\uDC00").columns());
  }

  @Example
  void halfACharacterIsRefusedWithItsPosition() {
    D4mSyntaxException e =
        assertThrows(D4mSyntaxException.class, () -> RowRanges.parse("ab\uD83D,cd,"));
    assertEquals(2, e.position());
    assertTrue(e.getMessage().contains("surrogate"), e.getMessage());
    IllegalArgumentException id =
        assertThrows(IllegalArgumentException.class, () -> Utf8.bytes("k\uDCA9"));
    assertTrue(id.getMessage().contains("'k\\uDCA9' at position 1"), id.getMessage());
    assertThrows(IllegalArgumentException.class, () -> RowRange.row("x\uD83D"));
    assertThrows(IllegalArgumentException.class, () -> ColumnFilter.of(List.of("\uDCA9")));
  }

  @Property(tries = 1000)
  void everyListParsesToItsIdsWhateverTheSeparator(
      @ForAll("idLists") List<String> ids, @ForAll("codePoints") String separator) {
    Assume.that(ids.stream().noneMatch(id -> id.contains(separator) || id.equals(":")));
    StringBuilder text = new StringBuilder();
    ids.forEach(id -> text.append(id).append(separator));
    List<RowRange> rows = new ArrayList<>();
    ids.forEach(id -> rows.add(RowRange.row(id)));
    RowRanges parsed = RowRanges.parse(text.toString());
    assertEquals(RowRanges.of(rows), parsed);
    for (String id : ids) {
      assertTrue(parsed.contains(Utf8.bytes(id)), id);
    }
    Set<String> sorted = new TreeSet<>(ByteOrder.STRINGS);
    sorted.addAll(ids);
    assertEquals(List.copyOf(sorted), ColumnFilter.parse(text.toString()).columns());
  }

  @Property(tries = 500)
  void aRangeWithAnySeparatorHoldsExactlyTheIdsBetweenItsBounds(
      @ForAll("ids") String x,
      @ForAll("ids") String y,
      @ForAll("ids") String probe,
      @ForAll("codePoints") String separator) {
    Assume.that(!(x + y).contains(separator) && !separator.equals(":"));
    Assume.that(!x.equals(":") && !y.equals(":"));
    String first = ByteOrder.compare(x, y) <= 0 ? x : y;
    String last = first == x ? y : x;
    RowRanges r = RowRanges.parse(first + separator + ":" + separator + last + separator);
    boolean inside = ByteOrder.compare(first, probe) <= 0 && ByteOrder.compare(probe, last) <= 0;
    assertEquals(inside, r.contains(Utf8.bytes(probe)));
  }

  @Property(tries = 1000)
  void byteOrderIsCodePointOrder(@ForAll("ids") String a, @ForAll("ids") String b) {
    int byCodePoint = Integer.signum(compareCodePoints(a, b));
    assertEquals(byCodePoint, Integer.signum(ByteOrder.compare(a, b)));
  }

  @Property(tries = 1000)
  void theOneConversionRoundTripsEveryValidId(@ForAll("ids") String id) {
    byte[] bytes = Utf8.bytes(id);
    assertArrayEquals(id.getBytes(StandardCharsets.UTF_8), bytes);
    assertEquals(id, new String(bytes, StandardCharsets.UTF_8));
  }

  @Property(tries = 500)
  void theOneConversionRefusesEveryUnpairedSurrogate(
      @ForAll("ids") String id,
      @ForAll @IntRange(min = 0xD800, max = 0xDFFF) int half,
      @ForAll @IntRange(min = 0, max = 8) int where) {
    int at = id.offsetByCodePoints(0, Math.min(where, id.codePointCount(0, id.length())));
    String broken = id.substring(0, at) + (char) half + id.substring(at);
    // a high half just before a low half that follows it is a pair, and valid
    Assume.that(Utf8.firstUnpaired(broken) >= 0);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Utf8.bytes(broken));
    assertTrue(e.getMessage().contains(String.format("\\u%04X", half)), e.getMessage());
    assertEquals(-1, Utf8.firstUnpaired(e.getMessage()), "the message prints on any terminal");
  }

  private static int compareCodePoints(String a, String b) {
    int[] x = a.codePoints().toArray();
    int[] y = b.codePoints().toArray();
    for (int i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i] != y[i]) {
        return Integer.compare(x[i], y[i]);
      }
    }
    return Integer.compare(x.length, y.length);
  }

  /** One code point of any plane, weighted towards the planes ids come from. */
  @Provide
  Arbitrary<String> codePoints() {
    return Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(0x21, 0x7e)),
            net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0, 0x20)),
            net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(0x80, 0xD7FF)),
            net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0xE000, 0xFFFF)),
            net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(0x10000, 0x1FFFF)),
            net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0x20000, 0x10FFFF)))
        .map(Character::toString);
  }

  @Provide
  Arbitrary<String> ids() {
    return codePoints().list().ofMinSize(1).ofMaxSize(4).map(l -> String.join("", l));
  }

  @Provide
  Arbitrary<List<String>> idLists() {
    return ids().list().ofMinSize(1).ofMaxSize(6);
  }
}
