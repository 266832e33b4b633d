package outerproduct.kernel.product;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CancellationTest {
  @Test
  void actionsRunOnceInOrderAndAFailingOneDoesNotStopTheOthers() {
    Cancellation cancellation = new Cancellation();
    List<String> ran = new ArrayList<>();
    cancellation.onCancel(() -> ran.add("first"));
    cancellation.onCancel(
        () -> {
          throw new IllegalStateException("a scanner already closed");
        });
    cancellation.onCancel(() -> ran.add("third"));
    assertFalse(cancellation.requested());
    cancellation.cancel();
    cancellation.cancel();
    assertTrue(cancellation.requested());
    assertEquals(List.of("first", "third"), ran);
  }

  @Test
  void aClosedRegistrationDoesNotRunAndALateOneRunsAtOnce() {
    Cancellation cancellation = new Cancellation();
    List<String> ran = new ArrayList<>();
    try (Cancellation.Registration scan = cancellation.onCancel(() -> ran.add("closed scan"))) {
      assertEquals(List.of(), ran);
    }
    cancellation.cancel();
    assertEquals(List.of(), ran, "an action whose resource is gone does not run");
    cancellation.onCancel(() -> ran.add("late"));
    assertEquals(List.of("late"), ran, "registered after the cancel: run at once");
  }

  @Test
  void throwIfRequestedNamesWhatStopped() {
    Cancellation cancellation = new Cancellation();
    cancellation.throwIfRequested("client path");
    cancellation.cancel();
    MultiplyCancelledException e =
        assertThrows(
            MultiplyCancelledException.class, () -> cancellation.throwIfRequested("client path"));
    assertEquals("client path: cancelled by the caller", e.getMessage());
  }
}
