package outerproduct.kernel.product;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static outerproduct.kernel.product.EmbeddedIds.embedded;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The pre-sum buffer against a naive map of sums: nothing lost, nothing counted twice, bounded. */
class PresumBufferTest {

  /** What left the buffer, one entry per hand-over. */
  private static final class Collected implements PresumBuffer.Sink<Long> {
    final List<String> cells = new ArrayList<>();
    final Map<String, Long> sums = new HashMap<>();

    @Override
    public void accept(byte[] i, byte[] j, byte[] visibility, Long value) {
      String cell =
          new String(i, UTF_8) + "|" + new String(j, UTF_8) + "|" + new String(visibility, UTF_8);
      cells.add(cell);
      sums.merge(cell, value, Long::sum);
    }
  }

  @ParameterizedTest(name = "{0} cells at most, seed {1}")
  @CsvSource({"1, 1", "2, 2", "7, 3", "100, 4", "100000, 5"})
  void sumsEqualTheNaiveSumsWhateverTheBound(int maxCells, long seed) throws Exception {
    Random random = new Random(seed);
    Collected out = new Collected();
    PresumBuffer<Long> buffer = new PresumBuffer<>(maxCells, Long::sum, out);
    Map<String, Long> expected = new HashMap<>();
    String[] labels = {"", "a", "a&b"};
    for (int n = 0; n < 20_000; n++) {
      String i = Integer.toString(random.nextInt(40));
      String j = Integer.toString(random.nextInt(40));
      String label = labels[random.nextInt(labels.length)];
      long value = random.nextInt(1000) - 500;
      buffer.add(embedded(i, random), embedded(j, random), embedded(label, random), value);
      expected.merge(i + "|" + j + "|" + label, value, Long::sum);
      assertTrue(
          buffer.cells() <= maxCells, "holds " + buffer.cells() + " cells, bound " + maxCells);
    }
    buffer.flush();
    assertEquals(0, buffer.cells());
    assertEquals(expected, out.sums);
    if (maxCells >= expected.size()) {
      assertEquals(
          expected.size(), out.cells.size(), "a buffer that holds every cell writes each once");
    }
  }

  @Test
  void anOptionTakesAutoOrACellCountAndNamesItselfOtherwise() {
    assertEquals(PresumBuffer.AUTO, PresumBuffer.parseCells("--presum", "auto"));
    assertEquals(0, PresumBuffer.parseCells("--presum", "0"));
    assertEquals(1 << 20, PresumBuffer.parseCells("--presum", "1048576"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> PresumBuffer.parseCells("--presum", "-1"));
    assertTrue(e.getMessage().startsWith("--presum must be between 0 (off)"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> PresumBuffer.parseCells("--presum", "many"));
    assertEquals("--presum 'many': expected auto or a number of cells", e.getMessage());
  }

  @Test
  void idsThatConcatenateAlikeAreDifferentCells() throws Exception {
    Collected out = new Collected();
    PresumBuffer<Long> buffer = new PresumBuffer<>(10, Long::sum, out);
    Random random = new Random(6);
    buffer.add(embedded("ab", random), embedded("c", random), embedded("", random), 1L);
    buffer.add(embedded("a", random), embedded("bc", random), embedded("", random), 2L);
    buffer.add(embedded("a", random), embedded("b", random), embedded("c", random), 4L);
    buffer.flush();
    assertEquals(Map.of("ab|c|", 1L, "a|bc|", 2L, "a|b|c", 4L), out.sums);
  }

  @Test
  void aFullBufferHandsOverItsOlderHalfAndKeepsSummingTheYounger() throws Exception {
    Collected out = new Collected();
    PresumBuffer<Long> buffer = new PresumBuffer<>(4, Long::sum, out);
    Random random = new Random(7);
    for (String i : new String[] {"1", "2", "3", "4", "5"}) {
      buffer.add(embedded(i, random), embedded("x", random), embedded("", random), 1L);
    }
    assertEquals(List.of("1|x|", "2|x|"), out.cells);
    buffer.add(embedded("3", random), embedded("x", random), embedded("", random), 10L);
    assertEquals(3, buffer.cells());
    buffer.flush();
    assertEquals(List.of("1|x|", "2|x|", "3|x|", "4|x|", "5|x|"), out.cells);
    assertEquals(11L, out.sums.get("3|x|"));
  }

  @Test
  void growsPastItsInitialArraysWithoutLosingCells() throws Exception {
    Collected out = new Collected();
    PresumBuffer<Long> buffer = new PresumBuffer<>(50_000, Long::sum, out);
    Random random = new Random(8);
    for (int round = 0; round < 2; round++) {
      for (int n = 0; n < 40_000; n++) {
        buffer.add(
            embedded("row" + n, random),
            embedded("col" + (n % 7), random),
            embedded("", random),
            1L);
      }
    }
    assertEquals(40_000, buffer.cells());
    assertTrue(out.cells.isEmpty());
    buffer.flush();
    assertEquals(40_000, out.cells.size());
    assertTrue(out.sums.values().stream().allMatch(v -> v == 2L));
  }

  @Test
  void boundsOutsideTheRangeAreRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new PresumBuffer<Long>(0, Long::sum, (i, j, v, x) -> {}));
    assertThrows(
        IllegalArgumentException.class,
        () -> new PresumBuffer<Long>(PresumBuffer.MAX_CELLS + 1, Long::sum, (i, j, v, x) -> {}));
  }

  @Test
  void optionCheckAcceptsOffAndTheBoundAndNamesTheOptionOtherwise() {
    assertEquals(0, PresumBuffer.checkCells("option 'presum'", 0));
    assertEquals(
        PresumBuffer.MAX_CELLS, PresumBuffer.checkCells("option 'presum'", PresumBuffer.MAX_CELLS));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PresumBuffer.checkCells("--presum", -1));
    assertEquals(
        "--presum must be between 0 (off) and " + PresumBuffer.MAX_CELLS + " cells, got -1",
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> PresumBuffer.checkCells("--presum", PresumBuffer.MAX_CELLS + 1L));
    assertTrue(e.getMessage().endsWith("got " + (PresumBuffer.MAX_CELLS + 1L)), e.getMessage());
  }
}
