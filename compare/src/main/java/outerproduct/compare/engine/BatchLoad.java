package outerproduct.compare.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.product.MultiplyCancelledException;
import outerproduct.multiply.RunningMultiply;

/**
 * A nightly multiply's load on the cluster while interactive requests are measured: whole-table
 * multiplies run by the one entry point's choice ({@code auto}, as an operator's nightly job runs
 * it), one after another on a thread of its own, until {@link #close} cancels the one running and
 * deletes every C it made. Each C is left unchecked: the load is the point, and the whole-table
 * workload proves the same multiply's C.
 */
public final class BatchLoad implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(BatchLoad.class);

  /** How long {@link #awaitRunning} waits for the first multiply to reach its servers. */
  private static final Duration START_LIMIT = Duration.ofMinutes(5);

  private final Operands whole;
  private final String cPrefix;
  private final ExecutorService thread = Executors.newSingleThreadExecutor();
  private final List<String> tables = new ArrayList<>();
  private final List<String> paths = new ArrayList<>();

  /**
   * The multiply running now; started, and {@link #stopping} set, only under this object's lock.
   */
  private volatile RunningMultiply running;

  private boolean stopping;
  private int completed;
  private Future<?> loop;

  private BatchLoad(Operands whole, String cPrefix) {
    this.whole = whole;
    this.cPrefix = cPrefix;
  }

  /** Starts the first whole-table multiply of {@code whole}'s inputs, each C named cPrefix_n. */
  public static BatchLoad start(Operands whole, String cPrefix) {
    BatchLoad load = new BatchLoad(whole, cPrefix);
    load.loop = load.thread.submit(load::runUntilStopped);
    return load;
  }

  private Void runUntilStopped() throws Exception {
    for (int n = 0; ; n++) {
      String c = cPrefix + "_" + n;
      // Checked and started under the lock close() takes: a multiply started after close() read
      // the running one would never be cancelled.
      synchronized (this) {
        if (stopping) {
          return null;
        }
        tables.add(c);
        running = EngineRuns.request(whole, c, RowRanges.all()).start();
      }
      try {
        running.await();
        synchronized (this) {
          completed++;
          paths.add(running.progress().path().label());
        }
      } catch (MultiplyCancelledException cancelled) {
        return null;
      }
      whole.target().client().tableOperations().delete(c);
    }
  }

  /**
   * Waits until the first multiply has chosen its path and runs in the servers, so that what is
   * measured next runs beside it.
   *
   * @throws IllegalStateException if it did not start within five minutes or already failed
   */
  public void awaitRunning() throws InterruptedException {
    long deadline = System.nanoTime() + START_LIMIT.toNanos();
    while (System.nanoTime() < deadline) {
      if (loop.isDone()) {
        throw new IllegalStateException("the whole-table load ended before it ran: " + failure());
      }
      RunningMultiply m = running;
      if (m != null && m.progress().phase() == RunningMultiply.Phase.RUNNING) {
        log.info("whole-table load running: {}", m.progress().path().label());
        return;
      }
      Thread.sleep(50);
    }
    throw new IllegalStateException("the whole-table load did not start within " + START_LIMIT);
  }

  private String failure() {
    try {
      loop.get();
      return "it returned";
    } catch (Exception e) {
      return e.getCause() != null ? e.getCause().getMessage() : e.getMessage();
    }
  }

  /** "auto (iterator-bulk ×1) on the whole SCALE 16 pair, 1 completed, then cancelled". */
  public synchronized String describe(int scale) {
    RunningMultiply m = running;
    String now =
        m == null ? "none" : m.progress().path() == null ? "?" : m.progress().path().label();
    return "auto on the whole SCALE "
        + scale
        + " pair: "
        + completed
        + " completed "
        + paths
        + ", the one running now: "
        + now;
  }

  /** Cancels the multiply running, waits for the loop to end, deletes every C it made. */
  @Override
  public void close() throws Exception {
    RunningMultiply m;
    synchronized (this) {
      stopping = true;
      m = running;
    }
    if (m != null) {
      m.cancel();
    }
    thread.shutdown();
    if (!thread.awaitTermination(2, TimeUnit.MINUTES)) {
      log.warn("the whole-table load did not stop within 2 minutes of its cancel");
    }
    for (String c : tables) {
      if (whole.target().client().tableOperations().exists(c)) {
        whole.target().client().tableOperations().delete(c);
      }
    }
  }
}
