package outerproduct.kernel.accumulo;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;

/**
 * A writer's claim on a result table carries a lease: the mark {@code writing (engine, since T,
 * holder H, lease until U)} in C's {@link ResultState#PROPERTY}, which the claiming client pushes
 * forward every third of its length while the multiply runs. A C whose lease has run out was left
 * by a client that stopped (killed, its host lost): it is unfinished, and a multiply asked to
 * replace an unfinished C may take it. A live lease is never taken.
 *
 * <p>The length is {@value #DEFAULT_SECONDS} s unless the client's system property {@value
 * #SECONDS_PROPERTY} says otherwise; clients' clocks are trusted to agree within a few seconds of
 * it. Renewal is one change of C's configuration (a ZooKeeper write) per third of the length, on
 * one daemon thread shared by every multiply of the JVM; it stops when the engine marks C complete,
 * incomplete or released, or when C's mark no longer names its holder.
 */
public final class ResultLease {
  /** The lease's length in seconds, as a client system property. */
  public static final String SECONDS_PROPERTY = "outerproduct.lease.seconds";

  static final int DEFAULT_SECONDS = 60;
  private static final Pattern UNTIL = Pattern.compile("lease until ([^,)]+)");
  private static final ScheduledExecutorService RENEWALS =
      Executors.newSingleThreadScheduledExecutor(
          new ThreadFactoryBuilder()
              .setNameFormat("outerproduct-result-lease")
              .setDaemon(true)
              .build());

  /**
   * The renewals running in this JVM, by client and result table: two instances (or two users) may
   * each have a C of the same name.
   */
  private static final Map<Held, ScheduledFuture<?>> RENEWING = new ConcurrentHashMap<>();

  /** A table as one client sees it; clients compare by identity. */
  private record Held(AccumuloClient client, String table) {}

  private final String engine;
  private final Instant since;
  private final String holder;
  private final Duration length;

  private ResultLease(String engine, Duration length) {
    this.engine = engine;
    this.since = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    this.holder = UUID.randomUUID().toString().substring(0, 8);
    this.length = length;
  }

  /** A new holder's lease for {@code engine}, of the configured length. */
  static ResultLease start(String engine) {
    return new ResultLease(engine, length());
  }

  /**
   * @return the configured length
   * @throws IllegalArgumentException naming {@value #SECONDS_PROPERTY} and its value if it is not a
   *     positive number of seconds
   */
  public static Duration length() {
    String value = System.getProperty(SECONDS_PROPERTY);
    if (value == null) {
      return Duration.ofSeconds(DEFAULT_SECONDS);
    }
    try {
      long seconds = Long.parseLong(value.trim());
      if (seconds > 0) {
        return Duration.ofSeconds(seconds);
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw new IllegalArgumentException(
        SECONDS_PROPERTY + ": '" + value + "' is not a positive number of seconds");
  }

  /** C's mark for this holder, its lease running one length from now. */
  String mark() {
    return String.format(
        Locale.ROOT,
        "%s (%s, since %s, holder %s, lease until %s)",
        ResultState.WRITING,
        engine,
        since,
        holder,
        Instant.now().plus(length).truncatedTo(ChronoUnit.SECONDS));
  }

  /**
   * @return when the lease in C's mark {@code state} runs out; null for a mark without a lease
   *     (written before leases, or not a writer's mark), which counts as run out
   */
  public static Instant until(String state) {
    Matcher m = UNTIL.matcher(state == null ? "" : state);
    if (!m.find()) {
      return null;
    }
    try {
      return Instant.parse(m.group(1).trim());
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /** Whether {@code state} is a writer's mark whose lease has not run out. */
  public static boolean live(String state) {
    Instant until = until(state);
    return state != null
        && state.startsWith(ResultState.WRITING)
        && until != null
        && until.isAfter(Instant.now());
  }

  /** Renews the lease on {@code table} every third of its length until {@link #stop}. */
  void renewWhileHeld(AccumuloClient client, String table) {
    long period = Math.max(1, length.toMillis() / 3);
    ScheduledFuture<?> previous =
        RENEWING.put(
            new Held(client, table),
            RENEWALS.scheduleAtFixedRate(
                () -> renew(client, table), period, period, TimeUnit.MILLISECONDS));
    if (previous != null) {
      previous.cancel(false);
    }
  }

  private void renew(AccumuloClient client, String table) {
    String mine = "holder " + holder + ",";
    try {
      boolean[] held = {false};
      client
          .tableOperations()
          .modifyProperties(
              table,
              properties -> {
                String state = properties.get(ResultState.PROPERTY);
                held[0] = state != null && state.contains(mine);
                if (held[0]) {
                  properties.put(ResultState.PROPERTY, mark());
                }
              });
      if (!held[0]) {
        stop(client, table);
      }
    } catch (IllegalStateException | AccumuloSecurityException e) {
      stop(client, table); // the multiply's client closed, or its user may no longer alter C
    } catch (AccumuloException e) {
      if (e.getCause() instanceof TableNotFoundException) {
        stop(client, table); // C deleted
      }
      // otherwise retried at the next period; a lease that runs out meanwhile is what a
      // stopped writer leaves, and its C is then refused as unfinished, never trusted
    }
  }

  /** Stops renewing the lease on {@code table}, if this JVM holds one through {@code client}. */
  static void stop(AccumuloClient client, String table) {
    ScheduledFuture<?> renewal = RENEWING.remove(new Held(client, table));
    if (renewal != null) {
      renewal.cancel(false);
    }
  }
}
