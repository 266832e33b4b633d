package outerproduct.kernel.accumulo;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Range;

/**
 * Result tables made ready before the requests that fill them: a background thread keeps up to
 * {@code ahead} new tables created (by the caller's {@link Preparer}, with the engine's
 * configuration) and hosted, and {@link #take} hands each out once. A queued request then pays
 * neither for creating its C, an Accumulo FATE operation that the manager runs one after another,
 * nor for waiting until C's tablet has a tablet server; it still checks C as any multiply does.
 *
 * <pre>{@code
 * try (PreparedTables ready = PreparedTables.start(client, "C_request_", 4,
 *     (c, table) -> ResultTables.prepare(c, table, "plus-times-long"))) {
 *   String c = ready.take();
 *   TableMult.on(props).transposeOf("AT").times("B").into(c).client(client).run();
 * }
 * }</pre>
 *
 * <p>Tables are named {@code <prefix><n>}, n counting from 0; a name that exists is skipped. {@link
 * #close} stops the thread and deletes the tables not taken; those taken are the caller's.
 */
public final class PreparedTables implements AutoCloseable {
  /** Creates one result table the way its engine needs it. */
  @FunctionalInterface
  public interface Preparer {
    void create(AccumuloClient client, String table) throws Exception;
  }

  private final AccumuloClient client;
  private final String prefix;
  private final Preparer preparer;
  private final int ahead;
  private final Semaphore room;
  private final BlockingQueue<String> ready = new LinkedBlockingQueue<>();
  private final AtomicReference<Exception> failure = new AtomicReference<>();
  private final Thread filler;
  private volatile boolean closed;

  /** The table being created now, if any; deleted by {@link #close} if it got no further. */
  private volatile String preparing;

  private int next;

  private PreparedTables(AccumuloClient client, String prefix, int ahead, Preparer preparer) {
    this.client = client;
    this.prefix = prefix;
    this.preparer = preparer;
    this.ahead = ahead;
    this.room = new Semaphore(ahead);
    this.filler = new Thread(this::fill, "outerproduct-prepared-tables-" + prefix);
    filler.setDaemon(true);
  }

  /**
   * Starts preparing {@code ahead} tables.
   *
   * @throws IllegalArgumentException if {@code ahead} is below 1 or the prefix is empty
   */
  public static PreparedTables start(
      AccumuloClient client, String prefix, int ahead, Preparer preparer) {
    if (ahead < 1) {
      throw new IllegalArgumentException("prepared tables: ahead must be at least 1, got " + ahead);
    }
    if (prefix == null || prefix.isEmpty()) {
      throw new IllegalArgumentException("prepared tables: the table name prefix is empty");
    }
    PreparedTables tables =
        new PreparedTables(Objects.requireNonNull(client), prefix, ahead, preparer);
    tables.filler.start();
    return tables;
  }

  /**
   * A created, hosted, empty table, waiting for one if none is ready; the caller owns it from now.
   *
   * @throws IllegalStateException if preparing a table failed (with that failure as its cause)
   */
  public String take() throws InterruptedException {
    while (true) {
      throwIfFailed();
      String table = ready.poll(100, TimeUnit.MILLISECONDS);
      if (table != null) {
        room.release();
        return table;
      }
      if (closed) {
        throw new IllegalStateException("prepared tables '" + prefix + "…' are closed");
      }
    }
  }

  /**
   * Waits until all {@code ahead} tables are ready, as in a service that has been up a while.
   *
   * @throws IllegalStateException if preparing a table failed
   */
  public void awaitAhead() throws InterruptedException {
    while (ready.size() < ahead) {
      throwIfFailed();
      Thread.sleep(10);
    }
  }

  private void throwIfFailed() {
    Exception failed = failure.get();
    if (failed != null) {
      throw new IllegalStateException(
          "preparing result table '" + prefix + "…' failed: " + failed.getMessage(), failed);
    }
  }

  private void fill() {
    try {
      while (!closed) {
        room.acquire();
        if (closed) {
          return;
        }
        String table = nextFreeName();
        preparing = table;
        preparer.create(client, table);
        // Accumulo's own wait for every tablet to have a server (it polls, backing off).
        client.tableOperations().locate(table, List.of(new Range()));
        ready.add(table);
        preparing = null;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      if (!closed) {
        failure.set(e);
      }
    }
  }

  private String nextFreeName() {
    String name;
    do {
      name = prefix + next++;
    } while (client.tableOperations().exists(name));
    return name;
  }

  /** Stops preparing and deletes the prepared tables no one took. */
  @Override
  public void close() throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    closed = true;
    filler.interrupt();
    try {
      filler.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    List<String> left = new ArrayList<>();
    ready.drainTo(left);
    if (preparing != null && !left.contains(preparing)) {
      left.add(preparing);
    }
    for (String table : left) {
      if (client.tableOperations().exists(table)) {
        client.tableOperations().delete(table);
      }
    }
  }
}
