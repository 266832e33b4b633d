package outerproduct.compare;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import outerproduct.kernel.product.Cancellation;

/**
 * The longest one whole-table multiply of the harness may take ({@code --run-limit}) before it is
 * cancelled and recorded as failed, so that a run that stops moving costs one failed record and not
 * the rest of a sweep: at SCALE 18 a MapReduce job whose map output filled YARN's local disks
 * waited for containers until it was stopped by hand, with a night's runs still to come behind it.
 *
 * <p>The limit ends a run through the caller's cancel every engine honours (docs/guarantees.md):
 * the iterator engine's tablet servers stop, a MapReduce job is killed, a C the run created is
 * deleted. The default, three hours, is many times the slowest whole-table run in the example
 * reports, so it ends only runs that would not have ended; a sweep of larger inputs or a slower
 * cluster raises it.
 *
 * <p>One daemon thread per limit waits for the deadlines; nothing runs on it but the cancels.
 */
final class RunLimit {
  /** What a run may take by default, as the option writes it. */
  static final String DEFAULT = "3h";

  /** The limit as given ({@code 3h}, {@code 90m}, {@code 30s}; {@code none}). */
  private final String text;

  /** Null: none. */
  private final Duration limit;

  private ScheduledExecutorService timer;

  private RunLimit(String text, Duration limit) {
    this.text = text;
    this.limit = limit;
  }

  /**
   * Parses the option: a whole number of hours, minutes or seconds ({@code 3h}, {@code 90m}, {@code
   * 30s}), or {@code none}.
   *
   * @throws IllegalArgumentException naming the option and the value
   */
  static RunLimit parse(String text) {
    String given = text.trim().toLowerCase(Locale.ROOT);
    if (given.equals("none")) {
      return new RunLimit(given, null);
    }
    if (given.matches("[1-9][0-9]{0,6}[hms]")) {
      long n = Long.parseLong(given.substring(0, given.length() - 1));
      Duration limit =
          switch (given.charAt(given.length() - 1)) {
            case 'h' -> Duration.ofHours(n);
            case 'm' -> Duration.ofMinutes(n);
            default -> Duration.ofSeconds(n);
          };
      return new RunLimit(given, limit);
    }
    throw new IllegalArgumentException(
        "--run-limit '"
            + text
            + "': expected a whole number of hours, minutes or seconds (3h, 90m, 30s) or none");
  }

  /** As the option writes it. */
  @Override
  public String toString() {
    return text;
  }

  /** Starts timing one run: its cancellation is cancelled once the limit has passed. */
  synchronized Watch start() {
    Watch watch = new Watch();
    if (limit == null) {
      return watch;
    }
    if (timer == null) {
      ScheduledThreadPoolExecutor executor =
          new ScheduledThreadPoolExecutor(
              1,
              r -> {
                Thread thread = new Thread(r, "compare run limit");
                thread.setDaemon(true);
                return thread;
              });
      // A run that ends in time drops its deadline at once, not hours later.
      executor.setRemoveOnCancelPolicy(true);
      timer = executor;
    }
    watch.deadline = timer.schedule(watch::expire, limit.toMillis(), TimeUnit.MILLISECONDS);
    return watch;
  }

  /** One run's deadline. */
  final class Watch implements AutoCloseable {
    private final Cancellation cancellation = new Cancellation();
    private ScheduledFuture<?> deadline;
    private volatile boolean expired;

    /** What the run's multiply is cancelled by. */
    Cancellation cancellation() {
      return cancellation;
    }

    /** Whether the limit ended the run. */
    boolean expired() {
      return expired;
    }

    /** The run's error as the record keeps it: the limit first, if it ended the run. */
    String explain(String error) {
      return expired ? "stopped at the run limit of " + text + " (--run-limit): " + error : error;
    }

    /** Ends the run now, as its deadline does. */
    void expire() {
      expired = true;
      cancellation.cancel();
    }

    @Override
    public void close() {
      if (deadline != null) {
        deadline.cancel(false);
      }
    }
  }
}
