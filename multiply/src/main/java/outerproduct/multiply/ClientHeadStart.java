package outerproduct.multiply;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import outerproduct.kernel.answer.Answer;
import outerproduct.kernel.d4m.RowRange;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.product.Cancellation;

/**
 * The client path's answer started beside auto's estimate, for a request that names a few single
 * rows: such an answer is the client path's unless one of its rows is a hub, and a 1-row answer is
 * a few round trips, of which the estimate's degree scans would otherwise be one more before it. If
 * the decision is the client path, {@link #take} hands over the answer begun; otherwise {@link
 * #drop} cancels it, and {@link #close} waits for its thread to let go of the client (the client
 * path checks for a cancel every few thousand products, so a hub's row costs the client a moment of
 * CPU, the servers one read of the row).
 */
final class ClientHeadStart implements AutoCloseable {
  /**
   * Single rows a request may name and still get a head start. At SCALE 18 of the shipped
   * calibration the client path answers first below about 27,000 partial products; a typical row of
   * a Graph500 matrix yields a few hundred, so 16 rows are the client's unless one is a hub.
   */
  static final int MAX_ROWS = 16;

  /** Not the common pool: on a 2-core machine it has one thread, shared with everything else. */
  private static final ExecutorService STARTS =
      Executors.newCachedThreadPool(
          new ThreadFactoryBuilder()
              .setNameFormat("outerproduct-client-head-start-%d")
              .setDaemon(true)
              .build());

  private final CompletableFuture<Answer> answer;
  private final Cancellation own;
  private final Cancellation.Registration link;

  private ClientHeadStart(
      CompletableFuture<Answer> answer, Cancellation own, Cancellation.Registration link) {
    this.answer = answer;
    this.own = own;
    this.link = link;
  }

  /**
   * Whether a request for {@code rows} gets a head start: at most {@link #MAX_ROWS} single rows.
   */
  static boolean worthIt(RowRanges rows) {
    return !rows.isAll()
        && rows.ranges().size() <= MAX_ROWS
        && rows.ranges().stream().allMatch(RowRange::isSingleRow);
  }

  /**
   * Starts {@code answer} on a thread of its own with a cancellation of its own, which the
   * request's {@code cancellation} also cancels.
   *
   * @param answer runs the client path with the cancellation it is given
   */
  static ClientHeadStart start(Cancellation cancellation, Function<Cancellation, Answer> answer) {
    Cancellation own = new Cancellation();
    Cancellation.Registration link = cancellation.onCancel(own::cancel);
    return new ClientHeadStart(
        CompletableFuture.supplyAsync(() -> answer.apply(own), STARTS), own, link);
  }

  /**
   * The answer begun, once it is in hand.
   *
   * @throws Exception what the client path threw, as it would have running after the decision
   */
  Answer take() throws Exception {
    try {
      return answer.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
  }

  /** Cancels the answer begun: the decision is another path, or no path. */
  void drop() {
    own.cancel();
  }

  /** Waits for the answer's thread to let go of the client (at once, after {@link #take}). */
  @Override
  public void close() {
    try {
      answer.join();
    } catch (CompletionException | CancellationException e) {
      // taken already, or dropped: what it threw was either handed over or not going to be used
    } finally {
      link.close();
    }
  }

  /** Wraps a client-path run whose checked exceptions a supplier cannot throw. */
  static Answer unchecked(Callable<Answer> run) {
    try {
      return run.call();
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new CompletionException(e);
    }
  }
}
