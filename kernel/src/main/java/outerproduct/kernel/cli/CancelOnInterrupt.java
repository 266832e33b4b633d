package outerproduct.kernel.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.util.ShutdownHookManager;
import outerproduct.kernel.product.Cancellation;

/**
 * Ctrl-C (SIGINT, or SIGTERM) of a command cancels its multiply instead of leaving it running on
 * the cluster: a shutdown hook cancels it and holds the JVM until the multiply has stopped and
 * cleaned up (C marked, staging removed, the job killed), at most {@value #WAIT_SECONDS} s.
 *
 * <pre>{@code
 * try (CancelOnInterrupt interrupt = CancelOnInterrupt.install()) {
 *   builder.cancellation(interrupt.cancellation()).run();
 * }
 * }</pre>
 */
public final class CancelOnInterrupt implements AutoCloseable {
  static final int WAIT_SECONDS = 60;

  /**
   * Above Hadoop's {@code FileSystem} hook (10), which closes every file system: the cancel must
   * still delete the credentials file and kill the job through them.
   */
  static final int HOOK_PRIORITY = 100;

  private final Cancellation cancellation = new Cancellation();
  private final CountDownLatch stopped = new CountDownLatch(1);
  private final Runnable hook = this::cancelAndWait;

  private CancelOnInterrupt() {}

  /**
   * Installs the hook until {@link #close}, through Hadoop's {@link ShutdownHookManager}, which
   * runs hooks one after another by priority where the JVM's own run at once.
   */
  public static CancelOnInterrupt install() {
    CancelOnInterrupt interrupt = new CancelOnInterrupt();
    ShutdownHookManager.get()
        .addShutdownHook(interrupt.hook, HOOK_PRIORITY, WAIT_SECONDS + 5, TimeUnit.SECONDS);
    return interrupt;
  }

  /** What the hook cancels: give it to the multiply. */
  public Cancellation cancellation() {
    return cancellation;
  }

  private void cancelAndWait() {
    System.err.println("interrupted: cancelling the multiply...");
    cancellation.cancel();
    try {
      if (!stopped.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
        System.err.println(
            "the multiply did not stop within " + WAIT_SECONDS + " s; exiting without it");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The multiply has stopped, one way or another: the hook no longer waits, or is removed. */
  @Override
  public void close() {
    stopped.countDown();
    try {
      ShutdownHookManager.get().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running: it returns now that the multiply has stopped
    }
  }
}
