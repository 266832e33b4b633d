package outerproduct.kernel.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.IntStream;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.junit.jupiter.api.Test;

/** Where a table's checksum is cut into stripes: among the rows given, evenly, each cut once. */
class TableChecksumTest {
  private static List<String> rows(int count) {
    return IntStream.range(0, count).mapToObj(n -> String.format("%03d", n)).toList();
  }

  @Test
  void cutsSplitTheRowsIntoStripesOfEqualCount() {
    assertEquals(List.of("025", "050", "075"), TableChecksum.cuts(rows(100), 4));
  }

  @Test
  void fewerRowsThanStripesCutBetweenEachTwoRowsOnce() {
    assertEquals(List.of("001", "002"), TableChecksum.cuts(rows(3), 8));
  }

  @Test
  void oneRowOrNoneLeavesTheTableWhole() {
    assertEquals(List.of(), TableChecksum.cuts(rows(1), 8));
    assertEquals(List.of(), TableChecksum.cuts(List.of(), 8));
    assertEquals(List.of(), TableChecksum.cuts(rows(100), 1));
  }

  @Test
  void stripesCoverEveryRowOnce() {
    List<Range> stripes = TableChecksum.stripes(List.of("b", "d"));
    assertEquals(3, stripes.size());
    for (String row : List.of("", "a", "b", "c", "d", "e")) {
      Key key = new Key(row, "", "1");
      assertEquals(1, stripes.stream().filter(s -> s.contains(key)).count(), row);
    }
  }

  @Test
  void cutsOutOfOrderAreRefusedNamingTheCut() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> TableChecksum.stripes(List.of("d", "b")));
    assertEquals("checksum stripes: cut 'b' must come after 'd' in row order", e.getMessage());
  }
}
