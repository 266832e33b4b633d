package outerproduct.compare.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.accumulo.core.security.Authorizations;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.engine.Operands;
import outerproduct.compare.engine.Target;
import outerproduct.compare.report.RunRecords;
import outerproduct.kernel.accumulo.PreparedTables;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRange;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;

/**
 * The queued workload (docs/format.md): many small multiplies, each restricted to a subset of the
 * rows present in AT, drawn with a fixed seed so that every engine answers the same requests. A
 * batch runs its requests on a fixed number of threads; at one thread the times are latencies, at
 * more the batch's wall time gives throughput.
 *
 * <p>Each request writes a fresh C, created before the engine's clock starts (creating a table is
 * an Accumulo FATE operation that costs as much as a small multiply and is the same for every
 * engine) and inside the request's latency, or prepared ahead of the batch; each C is checked
 * against the oracle for that subset, then deleted. An engine that {@linkplain Engine#answersCaller
 * answers the caller} writes no C: its cells are checked as they arrive.
 */
public final class QueuedWorkload {
  /** The fixed seed for drawing subsets; request n of a size uses {@code SEED + n}. */
  public static final long SEED = 20_150_000L;

  /**
   * One multiply of a batch: its row subset, AT's columns (null: all; a two-hop request's vertices
   * S), the oracle's checksum for it, and for a two-hop request the entries its answer needs (rows
   * S of the graph and the rows of their neighbours; null otherwise).
   */
  public record Request(
      int rowsRequested,
      int index,
      RowRanges rows,
      ColumnFilter atColumns,
      int rowsSelected,
      String expected,
      Long entriesNeeded) {}

  /**
   * What one request gave: its run and C's checksum, or (run and checksum null) the error that
   * stopped the engine.
   */
  public record Outcome(
      Request request, String table, Engine.Run run, String checksum, long nnz, String error) {
    public boolean equal() {
      return error == null && checksum.equals(request.expected());
    }
  }

  /** A batch's outcomes and its wall time (first start to last C readable or failed). */
  public record Batch(int concurrency, List<Outcome> outcomes, double wallSeconds) {
    /** Requests answered (not failed) per second of the batch's wall time. */
    public double requestsPerSecond() {
      return outcomes.stream().filter(o -> o.error() == null).count() / wallSeconds;
    }
  }

  private QueuedWorkload() {}

  /**
   * {@code count} distinct rows of AT, drawn with {@code seed}; all of them when AT has fewer.
   *
   * @throws IllegalArgumentException if count is not positive or AT has no rows
   */
  public static RowRanges subset(SparseMatrix at, int count, long seed) {
    List<RowRange> chosen = new ArrayList<>();
    for (String row : draw(at, count, seed, "AT")) {
      chosen.add(RowRange.row(row));
    }
    return RowRanges.of(chosen);
  }

  /**
   * {@code count} distinct rows of {@code m} (all when it has fewer), shuffled with {@code seed}.
   */
  private static List<String> draw(SparseMatrix m, int count, long seed, String name) {
    if (count < 1) {
      throw new IllegalArgumentException("a queued subset needs at least one row, got " + count);
    }
    List<String> rows = m.rowIds();
    if (rows.isEmpty()) {
      throw new IllegalArgumentException(name + " has no rows to draw a queued subset from");
    }
    Collections.shuffle(rows, new Random(seed));
    return rows.subList(0, Math.min(count, rows.size()));
  }

  /** The requests of one subset size, each with its oracle checksum. */
  public static List<Request> requests(
      Semiring<?> semiring, SparseMatrix at, SparseMatrix b, int rowsRequested, int count) {
    List<Request> requests = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      RowRanges rows = subset(at, rowsRequested, SEED + n);
      String expected =
          ResultChecksum.of(ReferenceMultiply.multiply(semiring, at, b, rows, null, null));
      requests.add(new Request(rowsRequested, n, rows, null, rows.ranges().size(), expected, null));
    }
    return requests;
  }

  /**
   * The two-hop requests of one size: {@code vertices} rows of the graph {@code g} drawn as a
   * queued subset is, each request's oracle the multiply AT = Gᵀ, B = G restricted to AT's columns
   * S (rows S of G ⊕.⊗ G), and the entries its answer needs counted from {@code g}.
   */
  public static List<Request> twoHopRequests(
      Semiring<?> semiring, SparseMatrix gTransposed, SparseMatrix g, int vertices, int count) {
    List<Request> requests = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      List<String> sources = draw(g, vertices, SEED + n, "the graph");
      ColumnFilter s = ColumnFilter.of(sources);
      String expected =
          ResultChecksum.of(
              ReferenceMultiply.multiply(semiring, gTransposed, g, RowRanges.all(), s, null));
      requests.add(
          new Request(
              vertices,
              n,
              RowRanges.all(),
              s,
              sources.size(),
              expected,
              entriesNeeded(g, sources)));
    }
    return requests;
  }

  /**
   * The entries of rows S of {@code g} (the first hop) and of the rows of their neighbours (the
   * second, each neighbour once however many of S reach it).
   */
  private static long entriesNeeded(SparseMatrix g, List<String> sources) {
    Set<String> neighbours = new HashSet<>();
    long entries = 0;
    for (String s : sources) {
      entries += g.row(s).size();
      neighbours.addAll(g.row(s).keySet());
    }
    for (String k : neighbours) {
      entries += g.row(k).size();
    }
    return entries;
  }

  /**
   * Runs every request with {@code engine} on {@code concurrency} threads. Each C is named {@code
   * <cPrefix>_<index>}, or with {@code preparedAhead} above 0 taken from that many tables the
   * engine's {@link Engine#createResult} keeps ready ({@link PreparedTables}, filled before the
   * batch starts, refilled while it runs; not for an engine that creates C only after choosing,
   * {@code auto}); after the batch every C is checked and deleted. A multiply that fails is an
   * outcome with its error; the others go on.
   */
  public static Batch run(
      Engine engine,
      Operands on,
      String cPrefix,
      List<Request> requests,
      int concurrency,
      int preparedAhead)
      throws Exception {
    Target target = on.target();
    Left left = new Left(requests.size());
    ExecutorService pool = Executors.newFixedThreadPool(concurrency);
    List<Future<Engine.Run>> futures = new ArrayList<>();
    double wallSeconds;
    // every request is a row subset: a prepared C is split as the product splits a subset's C
    RowRanges subset = requests.isEmpty() ? RowRanges.all() : requests.get(0).rows();
    try (PreparedTables prepared =
        preparedAhead == 0 || !engine.preparesResultAhead()
            ? null
            : PreparedTables.start(
                target.client(),
                cPrefix + "_p",
                preparedAhead,
                (client, table) -> engine.createResult(on, table, subset))) {
      if (prepared != null) {
        prepared.awaitAhead();
      }
      long begin = System.nanoTime();
      for (int n = 0; n < requests.size(); n++) {
        Request request = requests.get(n);
        int slot = n;
        futures.add(pool.submit(() -> one(engine, on, prepared, cPrefix, request, left, slot)));
      }
      awaitAll(futures);
      wallSeconds = (System.nanoTime() - begin) / 1e9;
    } finally {
      pool.shutdownNow();
    }
    // Checked after the batch, so that the wall time is the multiplies' alone.
    List<Outcome> outcomes = new ArrayList<>();
    for (int n = 0; n < requests.size(); n++) {
      Engine.Answered answered = left.answers[n];
      Request request = requests.get(n);
      outcomes.add(
          answered != null
              ? new Outcome(
                  request, null, answered.run(), answered.checksum(), answered.cells(), null)
              : outcome(target, on.semiring(), request, left.tables[n], futures.get(n)));
    }
    return new Batch(concurrency, outcomes, wallSeconds);
  }

  /** What each request left to check: the C it wrote, or the answer it was handed. */
  private static final class Left {
    final String[] tables;
    final Engine.Answered[] answers;

    Left(int requests) {
      tables = new String[requests];
      answers = new Engine.Answered[requests];
    }
  }

  /** One request: answered, or into a C of its own or one prepared ahead. */
  private static Engine.Run one(
      Engine engine,
      Operands on,
      PreparedTables prepared,
      String cPrefix,
      Request request,
      Left left,
      int slot)
      throws Exception {
    if (engine.answersCaller()) {
      left.answers[slot] = engine.answer(on, request.rows(), request.atColumns());
      return left.answers[slot].run();
    }
    if (prepared == null) {
      left.tables[slot] = table(cPrefix, request);
      return engine.createAndMultiply(on, left.tables[slot], request.rows());
    }
    long waiting = System.nanoTime();
    left.tables[slot] = prepared.take();
    double waited = (System.nanoTime() - waiting) / 1e9;
    return engine.multiply(on, left.tables[slot], request.rows()).afterPreparing(waited);
  }

  private static void awaitAll(List<Future<Engine.Run>> futures) throws InterruptedException {
    for (Future<Engine.Run> f : futures) {
      try {
        f.get();
      } catch (ExecutionException e) {
        // its outcome says so; the batch's wall time still ends with its last request
      }
    }
  }

  /** Checks and deletes one request's C ({@code c} null: it failed before it had one). */
  private static Outcome outcome(
      Target target, Semiring<?> semiring, Request request, String c, Future<Engine.Run> future)
      throws Exception {
    Engine.Run run;
    try {
      run = future.get();
    } catch (ExecutionException e) {
      if (c != null && target.client().tableOperations().exists(c)) {
        target.client().tableOperations().delete(c);
      }
      return new Outcome(request, c, null, null, 0, RunRecords.error(e.getCause()));
    }
    TableChecksum.Result result =
        TableChecksum.of(target.client(), c, semiring, Authorizations.EMPTY);
    target.client().tableOperations().delete(c);
    return new Outcome(request, c, run, result.checksum(), result.nnz(), null);
  }

  private static String table(String cPrefix, Request request) {
    return cPrefix + "_" + request.index();
  }
}
