package outerproduct.kernel.d4m;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ColumnFilterTest {

  @Test
  void parsesSortsAndMatches() {
    ColumnFilter f = ColumnFilter.parse("9|10|2|");
    assertEquals(List.of("10", "2", "9"), f.columns());
    assertTrue(f.contains("10"));
    assertFalse(f.contains("1"));
    assertEquals("10,2,9,", f.toD4m());
    assertEquals(f, ColumnFilter.parse(f.toD4m()));
  }

  @Test
  void rangesAreRefusedWithPosition() {
    D4mSyntaxException e =
        assertThrows(D4mSyntaxException.class, () -> ColumnFilter.parse("a,:,c,"));
    assertEquals(2, e.position());
    assertTrue(e.getMessage().contains("column filter"), e.getMessage());
    assertTrue(e.getMessage().contains("not supported"), e.getMessage());
  }

  @Test
  void emptyEntriesAreRefused() {
    D4mSyntaxException e = assertThrows(D4mSyntaxException.class, () -> ColumnFilter.parse("a,,"));
    assertEquals(2, e.position());
  }
}
