package outerproduct.kernel.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

class ResultLeaseTest {
  @Test
  void aFreshMarkIsLiveForItsLengthAndNamesItsHolder() {
    ResultLease lease = ResultLease.start("iterator");
    Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    String mark = lease.mark();
    Instant after = Instant.now();
    assertTrue(mark.startsWith("writing (iterator, since "), mark);
    assertTrue(mark.matches(".*, holder [0-9a-f]{8}, lease until .*Z\\)"), mark);
    assertTrue(ResultLease.live(mark), mark);
    Instant until = ResultLease.until(mark);
    Duration length = Duration.ofSeconds(ResultLease.DEFAULT_SECONDS);
    assertFalse(until.isBefore(before.plus(length)), mark + " runs out before " + before);
    assertFalse(until.isAfter(after.plus(length)), mark + " runs out after " + after);
  }

  @Test
  void aRunOutLeaseAMarkWithoutOneAndOtherStatesAreNotLive() {
    assertFalse(
        ResultLease.live(
            "writing (mr, since 2026-01-01T00:00:00Z, holder 0badc0de, lease until"
                + " 2026-01-01T00:01:00Z)"));
    assertFalse(ResultLease.live("writing (iterator, since 2026-01-01T00:00:00Z)"));
    assertNull(ResultLease.until("writing (iterator, since 2026-01-01T00:00:00Z)"));
    assertNull(ResultLease.until("writing (x, lease until tomorrow)"));
    assertFalse(ResultLease.live(ResultState.COMPLETE));
    assertFalse(ResultLease.live("incomplete: lease until 2999-01-01T00:00:00Z"));
    assertFalse(ResultLease.live(null));
  }

  @Test
  void theLengthComesFromTheSystemPropertyAndABadOneIsNamed() {
    String before = System.getProperty(ResultLease.SECONDS_PROPERTY);
    try {
      System.setProperty(ResultLease.SECONDS_PROPERTY, "7");
      assertEquals(Duration.ofSeconds(7), ResultLease.length());
      System.setProperty(ResultLease.SECONDS_PROPERTY, "0");
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, ResultLease::length);
      assertEquals(
          "outerproduct.lease.seconds: '0' is not a positive number of seconds", e.getMessage());
    } finally {
      if (before == null) {
        System.clearProperty(ResultLease.SECONDS_PROPERTY);
      } else {
        System.setProperty(ResultLease.SECONDS_PROPERTY, before);
      }
    }
  }

  @Test
  void replaceAndAddToExistingContradict() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new ResultState.Reuse(false, true, true));
    assertTrue(e.getMessage().startsWith("replace (--replace) and add to existing"));
  }
}
