package outerproduct.multiply;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import outerproduct.kernel.product.Cancellation;

/**
 * A multiply started with {@link Multiply#start()}: it runs on a thread of its own while the caller
 * asks how far it is, waits for its result, or cancels it.
 *
 * <pre>{@code
 * RunningMultiply running = Multiply.on(file).transposeOf("AT").times("B").into("C").start();
 * running.progress();        // phase, path, partial products reported so far
 * running.cancel();          // the engine stops at its next safe point; C is marked cancelled
 * running.await();           // the result, or the failure (MultiplyCancelledException)
 * }</pre>
 */
public final class RunningMultiply {
  /** Where a started multiply is. */
  public enum Phase {
    /** Counting the partial products and choosing a path. */
    DECIDING,
    /** The chosen path runs. */
    RUNNING,
    /** C is complete. */
    DONE,
    /** It stopped with an error, or because it was cancelled. */
    STOPPED
  }

  /**
   * How far a multiply is: its phase, the path chosen (null while deciding) and the partial
   * products its engine has reported so far (the iterator engine's monitoring entries; the other
   * paths report theirs when they end).
   */
  public record Progress(Phase phase, ExecutionPath path, long partialProductsReported) {}

  private final Cancellation cancellation;
  private final CompletableFuture<Multiply.Result> result = new CompletableFuture<>();
  private final AtomicReference<Phase> phase = new AtomicReference<>(Phase.DECIDING);
  private final AtomicReference<ExecutionPath> path = new AtomicReference<>();
  private final AtomicLong reported = new AtomicLong();

  RunningMultiply(Cancellation cancellation) {
    this.cancellation = cancellation;
  }

  /** Asks the multiply to stop; {@link #await} then throws its cancel. Returns at once. */
  public void cancel() {
    cancellation.cancel();
  }

  public Progress progress() {
    return new Progress(phase.get(), path.get(), reported.get());
  }

  public boolean isDone() {
    return result.isDone();
  }

  /**
   * @return the result once the multiply has ended
   * @throws Exception what the multiply threw (a {@code MultiplyCancelledException} if cancelled)
   */
  public Multiply.Result await() throws Exception {
    try {
      return result.get();
    } catch (ExecutionException e) {
      throw rethrown(e);
    }
  }

  /**
   * As {@link #await()}, for at most {@code timeout}.
   *
   * @throws TimeoutException if the multiply is still running then
   */
  public Multiply.Result await(Duration timeout) throws Exception {
    try {
      return result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw rethrown(e);
    }
  }

  private static Exception rethrown(ExecutionException e) {
    Throwable cause = e.getCause();
    if (cause instanceof Exception exception) {
      return exception;
    }
    if (cause instanceof Error error) {
      throw error;
    }
    return new CancellationException(String.valueOf(cause));
  }

  void running(ExecutionPath chosen) {
    path.set(chosen);
    phase.set(Phase.RUNNING);
  }

  void reported(long partialProducts) {
    reported.addAndGet(partialProducts);
  }

  void finished(Multiply.Result r) {
    reported.set(r.partialProducts());
    phase.set(Phase.DONE);
    result.complete(r);
  }

  void failed(Throwable e) {
    phase.set(Phase.STOPPED);
    result.completeExceptionally(e);
  }
}
