package outerproduct.kernel.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CellTest {
  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void idsOfEveryPlanePrintAsThemselvesWithTheLabelLast() {
    Cell cell = new Cell(utf8("é😀"), utf8("字"), utf8("A&B"), utf8("7"));
    assertEquals("é😀\t字\t7\tA&B", cell.toTsv("7"));
    assertEquals("é😀\t字\t7", new Cell(utf8("é😀"), utf8("字"), new byte[0], utf8("7")).toTsv("7"));
  }

  @Test
  void bytesThatAreNotUtf8AreRefusedByPartInsteadOfPrintedAsTheSameLine() {
    // 0xFF and 0xFE are distinct rows to Accumulo; decoded leniently both would print as U+FFFD
    Cell ff = new Cell(new byte[] {'a', (byte) 0xFF}, utf8("j"), new byte[0], utf8("1"));
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> ff.toTsv("1"));
    assertTrue(
        e.getMessage().startsWith("a cell's row is not UTF-8 text (bytes 61ff)"), e.getMessage());
    Cell fe = new Cell(utf8("i"), new byte[] {(byte) 0xFE}, new byte[0], utf8("1"));
    e = assertThrows(IllegalStateException.class, () -> fe.toTsv("1"));
    assertTrue(
        e.getMessage().startsWith("a cell's column is not UTF-8 text (bytes fe)"), e.getMessage());
  }
}
