package outerproduct.multiply;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.accumulo.ClusterSize;
import outerproduct.kernel.accumulo.ColumnFamilyException;
import outerproduct.kernel.accumulo.InputTables;
import outerproduct.kernel.accumulo.ReadAuthorizations;
import outerproduct.kernel.answer.Answer;
import outerproduct.kernel.answer.Cell;
import outerproduct.kernel.answer.CellRuns;
import outerproduct.kernel.d4m.Utf8;
import outerproduct.kernel.product.Visibility;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * The 2-hop neighbourhood of a few vertices S in a graph G (a table in the project's layout: row =
 * source vertex, column qualifier = target, value = the edge's): every vertex j two edges from some
 * s in S, with the ⊕ of the paths' values, C(s,j) = ⊕_k G(s,k) ⊗ G(k,j) — rows S of G ⊕.⊗ G, the
 * multiply {@code --at Gᵀ --b G --at-columns S} would give. It reads only what the answer needs:
 * the rows S, then the rows of their neighbours K, one seek each, so every entry read beyond the
 * first hop forms at least one product of the answer; nothing scans all of G or needs Gᵀ. Runs in
 * the caller (the client path's way) and answers it ({@link Answer}), within its bound.
 *
 * <pre>{@code
 * TwoHop.Result r = TwoHop.of(client, "G").from(List.of("1", "7", "42")).run();
 * r.answer().cells().forEachRemaining(cell -> ...);  // rows s, columns j, path values
 * }</pre>
 */
public final class TwoHop {
  /** The answer, the entries read in each hop, and the seconds from the call. */
  public record Result(Answer answer, long firstHopEntries, long secondHopEntries, double seconds) {
    /** Entries read in all. */
    public long entriesRead() {
      return firstHopEntries + secondHopEntries;
    }
  }

  /** One edge s→k of the first hop, as the second hop multiplies it. */
  private record Edge(byte[] source, byte[] visibility, Object value) {}

  /**
   * A cell of the answer by its bytes, as Accumulo tells keys apart: ids are compared as stored,
   * never through a decoded string (two ids that are not UTF-8 would decode to the same text).
   */
  private record CellKey(ByteBuffer row, ByteBuffer column, ByteBuffer visibility) {}

  private final AccumuloClient client;
  private final String graph;
  private Collection<String> sources = List.of();
  private Semiring<?> semiring = Semirings.forName(Semirings.DEFAULT);
  private Authorizations authorizations;
  private long maxCells = Answer.DEFAULT_MAX_CELLS;

  private TwoHop(AccumuloClient client, String graph) {
    this.client = client;
    this.graph = graph;
  }

  /** The graph {@code table}, read with {@code client}'s user. */
  public static TwoHop of(AccumuloClient client, String table) {
    return new TwoHop(Objects.requireNonNull(client, "client"), Objects.requireNonNull(table));
  }

  /** The vertices S whose 2-hop neighbourhood is asked (at least one). */
  public TwoHop from(Collection<String> vertices) {
    if (vertices.isEmpty()) {
      throw new IllegalArgumentException("two-hop: name at least one vertex");
    }
    this.sources = new TreeSet<>(vertices);
    return this;
  }

  public TwoHop semiring(String name) {
    this.semiring = Semirings.forName(name);
    return this;
  }

  /** Read with only these of the user's authorizations; default all of them. */
  public TwoHop authorizations(Authorizations auths) {
    this.authorizations = Objects.requireNonNull(auths);
    return this;
  }

  /** The cells the caller may hold; default {@link Answer#DEFAULT_MAX_CELLS}. */
  public TwoHop maxCells(long cells) {
    if (cells < 1) {
      throw new IllegalArgumentException("maxCells must be at least 1, got " + cells);
    }
    this.maxCells = cells;
    return this;
  }

  /**
   * @throws IllegalArgumentException for a missing or unreadable graph, or an entry with a column
   *     family
   * @throws IllegalStateException for a value the semiring cannot read, or past the bound
   */
  public Result run() throws Exception {
    long begin = System.nanoTime();
    Authorizations auths = ReadAuthorizations.of(client, authorizations);
    InputTables.await(
        InputTables.checkReadableLater(
            client, Semirings.encodingOf(semiring.name()), authorizations, graph));
    Map<Text, List<Edge>> firstHop = new HashMap<>();
    List<Text> sourceRows = new ArrayList<>();
    sources.forEach(s -> sourceRows.add(new Text(Utf8.bytes(s))));
    long first = scan(rows(sourceRows), auths, (k, v) -> addEdge(firstHop, k, v));
    Sums<?> sums = new Sums<>(semiring, maxCells);
    long second =
        firstHop.isEmpty()
            ? 0
            : scan(rows(firstHop.keySet()), auths, (k, v) -> sums.add(firstHop, k, v));
    Answer answer = new Answer(semiring, List.of(sums.packed()), sums.products, firstHop.size());
    return new Result(answer, first, second, (System.nanoTime() - begin) / 1e9);
  }

  private void addEdge(Map<Text, List<Edge>> firstHop, Key key, Value value) {
    firstHop
        .computeIfAbsent(key.getColumnQualifier(), k -> new ArrayList<>())
        .add(
            new Edge(
                key.getRow().copyBytes(),
                key.getColumnVisibilityData().toArray(),
                decode(semiring, key, value)));
  }

  private interface EntryConsumer {
    void accept(Key key, Value value);
  }

  private long scan(List<Range> ranges, Authorizations auths, EntryConsumer consumer)
      throws Exception {
    long entries = 0;
    try (BatchScanner scan =
        client.createBatchScanner(graph, auths, ClusterSize.scanThreads(client))) {
      scan.setRanges(ranges);
      for (Map.Entry<Key, Value> e : scan) {
        ColumnFamilyException.requireEmpty(graph, e.getKey());
        consumer.accept(e.getKey(), e.getValue());
        entries++;
      }
    }
    return entries;
  }

  private static List<Range> rows(Collection<Text> ids) {
    List<Range> ranges = new ArrayList<>(ids.size());
    ids.forEach(id -> ranges.add(Range.exact(id)));
    return ranges;
  }

  private Object decode(Semiring<?> s, Key key, Value value) {
    try {
      return s.decode(value.get());
    } catch (BadValueException e) {
      throw new IllegalStateException(
          "two-hop: table '" + graph + "', key " + key + ": " + e.getMessage(), e);
    }
  }

  /** The second hop's products, ⊕-ed per cell of C, within the bound. */
  private final class Sums<T> {
    private final Semiring<T> semiring;
    private final long maxCells;
    private final Map<CellKey, T> cells = new HashMap<>();
    private long products;

    Sums(Semiring<T> semiring, long maxCells) {
      this.semiring = semiring;
      this.maxCells = maxCells;
    }

    @SuppressWarnings("unchecked")
    void add(Map<Text, List<Edge>> firstHop, Key key, Value value) {
      T b = (T) decode(semiring, key, value);
      ByteBuffer j = ByteBuffer.wrap(key.getColumnQualifierData().toArray());
      byte[] bLabel = key.getColumnVisibilityData().toArray();
      for (Edge edge : firstHop.get(key.getRow())) {
        CellKey cell =
            new CellKey(
                ByteBuffer.wrap(edge.source()),
                j,
                ByteBuffer.wrap(Visibility.and(edge.visibility(), bLabel)));
        cells.merge(cell, semiring.times((T) edge.value(), b), semiring::plus);
        products++;
        if (cells.size() > maxCells) {
          throw Answer.overBound("more than " + maxCells + " cells", maxCells);
        }
      }
    }

    byte[] packed() {
      List<Cell> sorted = new ArrayList<>(cells.size());
      cells.forEach(
          (c, v) ->
              sorted.add(
                  new Cell(
                      c.row().array(),
                      c.column().array(),
                      c.visibility().array(),
                      semiring.encode(v))));
      return CellRuns.sortedRun(sorted);
    }
  }
}
