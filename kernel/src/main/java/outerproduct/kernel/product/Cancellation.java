package outerproduct.kernel.product;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A caller's way to stop a multiply that is running: {@link #cancel} once, from any thread, and
 * every engine stops at its next chance: the client path between rows, the iterator engine's tablet
 * servers within a quarter of a second of their credentials file being deleted, the MapReduce
 * engine's job killed through YARN. What each engine leaves is in docs/guarantees.md; the multiply
 * then throws {@link MultiplyCancelledException}.
 *
 * <p>Actions registered with {@link #onCancel} run on the cancelling thread, in order, once each;
 * one registered after the cancel runs at once. A failing action is logged and the others still
 * run: a cancel never throws.
 */
public final class Cancellation {
  private static final System.Logger log = System.getLogger(Cancellation.class.getName());

  private final List<Runnable> actions = new CopyOnWriteArrayList<>();
  private volatile boolean requested;

  /** Asks the multiply to stop; a second call does nothing. */
  public void cancel() {
    List<Runnable> toRun;
    synchronized (this) {
      if (requested) {
        return;
      }
      requested = true;
      toRun = List.copyOf(actions);
    }
    toRun.forEach(Cancellation::runQuietly);
  }

  /** Whether {@link #cancel} was called. */
  public boolean requested() {
    return requested;
  }

  /**
   * Runs {@code action} when the multiply is cancelled (now, if it already is).
   *
   * @return what to close once the action no longer applies (its resource closed anyway)
   */
  public Registration onCancel(Runnable action) {
    boolean now;
    synchronized (this) {
      now = requested;
      if (!now) {
        actions.add(action);
      }
    }
    if (now) {
      runQuietly(action);
    }
    return () -> actions.remove(action);
  }

  /**
   * @throws MultiplyCancelledException saying {@code what} stopped, if cancelled
   */
  public void throwIfRequested(String what) {
    if (requested) {
      throw new MultiplyCancelledException(what + ": cancelled by the caller");
    }
  }

  private static void runQuietly(Runnable action) {
    try {
      action.run();
    } catch (RuntimeException e) {
      log.log(System.Logger.Level.WARNING, "a cancel action failed: " + e);
    }
  }

  /** An action's registration, closed when it no longer applies; closing never throws. */
  public interface Registration extends AutoCloseable {
    @Override
    void close();
  }
}
