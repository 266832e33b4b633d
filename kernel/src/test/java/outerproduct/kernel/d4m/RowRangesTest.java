package outerproduct.kernel.d4m;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RowRangesTest {

  @Example
  void specExample() {
    RowRanges r = RowRanges.parse("a,:,b,d,f,:,");
    assertEquals(
        List.of(new RowRange("a", "b"), RowRange.row("d"), new RowRange("f", null)), r.ranges());
    assertTrue(r.contains(utf8("a")));
    assertTrue(r.contains(utf8("azzz")));
    assertTrue(r.contains(utf8("b")));
    assertFalse(r.contains(utf8("c")));
    assertTrue(r.contains(utf8("d")));
    assertFalse(r.contains(utf8("da")));
    assertTrue(r.contains(utf8("zzz")));
  }

  @Example
  void anySeparatorAndOpenStart() {
    assertEquals(
        RowRanges.of(List.of(new RowRange(null, "5"), RowRange.row("7"))),
        RowRanges.parse(":;5;7;"));
    assertTrue(RowRanges.parse(":,").isAll());
  }

  @Example
  void overlapsMergeAndOrderIsByBytes() {
    RowRanges r = RowRanges.parse("9,10,:,2,1,");
    // "10" < "2" < "9" in byte order; [10,2] swallows 1? no: "1" < "10".
    assertEquals(
        List.of(RowRange.row("1"), new RowRange("10", "2"), RowRange.row("9")), r.ranges());
    assertEquals("1,10,:,2,9,", r.toD4m());
    assertEquals(RowRanges.parse("a,:,c,b,:,d,"), RowRanges.parse("a,:,d,"));
  }

  @Example
  void printerAvoidsSeparatorsInRowIds() {
    RowRanges r = RowRanges.of(List.of(RowRange.row("a,b")));
    assertEquals("a,b;", r.toD4m());
    assertEquals(r, RowRanges.parse(r.toD4m()));
  }

  @ParameterizedTest(name = "''{0}'' fails at {1}: {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "|0|empty",
        ",|0|only a separator",
        "a,,b,|2|empty entry",
        "a,:,:,b,|4|two ':'",
        "a,b,:,|4|n/a",
        "a,:,b,:,c,|6|must follow a row id",
        "b,:,a,|0|sorts after its last"
      })
  void malformed(String text, int position, String reason) {
    if (reason.equals("n/a")) {
      // "a,b,:," is [a,a] ∪ [b,+inf): well formed.
      assertEquals(2, RowRanges.parse(text).ranges().size());
      return;
    }
    D4mSyntaxException e =
        assertThrows(D4mSyntaxException.class, () -> RowRanges.parse(text == null ? "" : text));
    assertEquals(position, e.position(), e.getMessage());
    assertTrue(e.getMessage().contains(reason), e.getMessage());
    assertTrue(e.getMessage().contains("row ranges"), e.getMessage());
  }

  @Property(tries = 500)
  void printThenParseIsIdentity(@ForAll("rowRanges") RowRanges r) {
    assertEquals(r, RowRanges.parse(r.toD4m()));
  }

  @Property(tries = 500)
  void containsAgreesWithTheRangesGiven(
      @ForAll("rangeList") List<RowRange> given, @ForAll("ids") String row) {
    boolean expected = given.stream().anyMatch(r -> r.contains(utf8(row)));
    assertEquals(expected, RowRanges.of(given).contains(utf8(row)));
  }

  @Provide
  Arbitrary<String> ids() {
    return Arbitraries.strings().withChars("ab1:,;").ofMinLength(1).ofMaxLength(3);
  }

  @Provide
  Arbitrary<List<RowRange>> rangeList() {
    Arbitrary<String> bound = ids().injectNull(0.15);
    Arbitrary<RowRange> range =
        Combinators.combine(bound, bound)
            .as(
                (x, y) ->
                    x != null && y != null && ByteOrder.compare(x, y) > 0
                        ? new RowRange(y, x)
                        : new RowRange(x, y));
    return range.list().ofMinSize(1).ofMaxSize(5);
  }

  @Provide
  Arbitrary<RowRanges> rowRanges() {
    return rangeList()
        .filter(l -> l.stream().noneMatch(r -> ":".equals(r.first()) || ":".equals(r.last())))
        .map(RowRanges::of);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
