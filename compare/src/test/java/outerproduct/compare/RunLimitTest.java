package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code --run-limit}: what it accepts, and what a run it ends is recorded with. */
class RunLimitTest {
  @ParameterizedTest
  @ValueSource(strings = {"3h", "90m", "30s", "none", " 2H "})
  void acceptsWholeHoursMinutesSecondsOrNone(String text) {
    assertEquals(text.trim().toLowerCase(), RunLimit.parse(text).toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"0m", "3", "1.5h", "-1h", "3d", "", "forever"})
  void refusesAnythingElseNamingTheOptionAndValue(String text) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RunLimit.parse(text));
    assertTrue(e.getMessage().startsWith("--run-limit '" + text + "'"), e.getMessage());
  }

  @Test
  void aRunItEndsIsCancelledAndItsErrorSaysWhy() {
    try (RunLimit.Watch watch = RunLimit.parse("3h").start()) {
      assertFalse(watch.cancellation().requested());
      assertEquals("boom", watch.explain("boom"), "a run that failed on its own says so alone");
      watch.expire();
      assertTrue(watch.cancellation().requested(), "the multiply is cancelled");
      assertTrue(watch.expired());
      assertEquals(
          "stopped at the run limit of 3h (--run-limit): cancelled", watch.explain("cancelled"));
    }
  }

  @Test
  void eachRunHasItsOwnCancellation() {
    RunLimit limit = RunLimit.parse("none");
    try (RunLimit.Watch first = limit.start();
        RunLimit.Watch second = limit.start()) {
      first.expire();
      assertFalse(second.cancellation().requested(), "the next run is not cancelled with it");
    }
  }
}
