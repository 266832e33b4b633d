package outerproduct.kernel.product;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Window sizes as options take them: auto, off, a count up to the bound, and named errors. */
class WindowSizeTest {

  @Test
  void anOptionTakesAutoOrAProductCountAndNamesItselfOtherwise() {
    assertEquals(WindowSize.AUTO, WindowSize.parse("--presum", "auto"));
    assertEquals(0, WindowSize.parse("--presum", "0"));
    assertEquals(1 << 20, WindowSize.parse("--presum", "1048576"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> WindowSize.parse("--presum", "-1"));
    assertTrue(e.getMessage().startsWith("--presum must be between 0 (off)"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> WindowSize.parse("--presum", "many"));
    assertEquals("--presum 'many': expected auto or a number of products", e.getMessage());
  }

  @Test
  void aWindowSizedToAHeapTakesAQuarterOfWhatIsLeftSharedByTheWindows() {
    long mb = 1 << 20;
    assertEquals(3072 * mb / 4 / 4 / 32, WindowSize.forHeap(3072 * mb, 0, 4));
    assertEquals((384 - 100) * mb / 4 / 32, WindowSize.forHeap(384 * mb, 100 * mb, 1));
    assertEquals(0, WindowSize.forHeap(100 * mb, 200 * mb, 1), "nothing left: no window");
    assertEquals(WindowSize.MAX_PRODUCTS, WindowSize.forHeap(Long.MAX_VALUE / 2, 0, 1));
  }

  @Test
  void checkAcceptsOffAndTheBoundAndNamesTheOptionOtherwise() {
    assertEquals(0, WindowSize.check("option 'presum'", 0));
    assertEquals(
        WindowSize.MAX_PRODUCTS, WindowSize.check("option 'presum'", WindowSize.MAX_PRODUCTS));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> WindowSize.check("--presum", -1));
    assertEquals(
        "--presum must be between 0 (off) and " + WindowSize.MAX_PRODUCTS + " products, got -1",
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> WindowSize.check("--presum", WindowSize.MAX_PRODUCTS + 1L));
    assertTrue(e.getMessage().endsWith("got " + (WindowSize.MAX_PRODUCTS + 1L)), e.getMessage());
  }

  @Test
  void aWindowThatMustHoldSomethingTakesOneUpToTheBound() {
    assertEquals(1, WindowSize.checkOn("window", 1));
    assertEquals(WindowSize.MAX_PRODUCTS, WindowSize.checkOn("window", WindowSize.MAX_PRODUCTS));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> WindowSize.checkOn("window", 0));
    assertEquals(
        "window must be between 1 and " + WindowSize.MAX_PRODUCTS + " products, got 0",
        e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> WindowSize.checkOn("window", WindowSize.MAX_PRODUCTS + 1L));
  }
}
