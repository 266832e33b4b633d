package outerproduct.multiply;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import outerproduct.iterator.TwoHopAnswer;
import outerproduct.kernel.accumulo.ClusterSize;
import outerproduct.kernel.accumulo.ColumnFamilyException;
import outerproduct.kernel.accumulo.InputTables;
import outerproduct.kernel.accumulo.ReadAuthorizations;
import outerproduct.kernel.accumulo.ScanTypes;
import outerproduct.kernel.answer.Answer;
import outerproduct.kernel.answer.SummedRuns;
import outerproduct.kernel.d4m.RowRange;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.d4m.Utf8;
import outerproduct.kernel.product.Cancellation;
import outerproduct.kernel.product.MultiplyCancelledException;
import outerproduct.kernel.product.Visibility;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * The 2-hop neighbourhood of a few vertices S in a graph G (a table in the project's layout: row =
 * source vertex, column qualifier = target, value = the edge's): every vertex j two edges from some
 * s in S, with the ⊕ of the paths' values, C(s,j) = ⊕_k G(s,k) ⊗ G(k,j) — rows S of G ⊕.⊗ G, the
 * multiply {@code --at Gᵀ --b G --at-columns S} would give. It reads only what the answer needs:
 * the rows S, then the rows of their neighbours K, each sought, so every entry read beyond the
 * first hop forms at least one product of the answer; nothing scans all of G or needs Gᵀ.
 *
 * <p>The first hop is read here. The second is formed where it costs least: in the tablet servers
 * of G, each pre-summing its rows' products and returning them ({@link TwoHopAnswer}), when the
 * rows S hold at least {@link #SERVERS_FROM_FIRST_HOP} entries and at most {@link
 * TwoHopAnswer#MAX_FIRST_HOP} (each tablet server holds them) and the servers have the server jar;
 * else here, as the client path would. Either way the caller gets C's cells ({@link Answer}),
 * within its bound.
 *
 * <pre>{@code
 * TwoHop.Result r = TwoHop.on(clientProperties, "G").from(List.of("1", "7", "42")).run();
 * r.answer().cells().forEachRemaining(cell -> ...);  // rows s, columns j, path values
 * }</pre>
 */
public final class TwoHop {
  /** Where the second hop's products were formed and summed. */
  public enum FormedIn {
    /** Each tablet of G pre-summed its rows' products and returned them ({@link TwoHopAnswer}). */
    TABLET_SERVERS,
    /** The rows of the neighbours were read here and their products summed here. */
    CLIENT
  }

  /**
   * The answer, the entries read in each hop, where it was formed and the seconds from the call.
   */
  public record Result(
      Answer answer,
      long firstHopEntries,
      long secondHopEntries,
      FormedIn formedIn,
      double seconds) {
    /** Entries read in all. */
    public long entriesRead() {
      return firstHopEntries + secondHopEntries;
    }
  }

  /** One edge s→k of the first hop, as the second hop multiplies it. */
  private record Edge(byte[] source, byte[] visibility, Object value) {}

  /**
   * First hops (edges out of S) from which the tablet servers form the second hop by default: below
   * it the caller forms it as soon, its rows being few and the servers' scan a fixed cost more.
   * docs/example-report/two-hop-scale18 holds each request's first hop ({@code entries_first_hop})
   * and its time formed either way: near the threshold the two ways are within their noise, and
   * with hundreds of edges the tablet servers answer sooner.
   */
  public static final int SERVERS_FROM_FIRST_HOP = 32;

  private final Properties clientProperties;
  private final String graph;
  private AccumuloClient sharedClient;
  private FormedIn formIn;
  private Collection<String> sources = List.of();
  private Semiring<?> semiring = Semirings.forName(Semirings.DEFAULT);
  private Authorizations authorizations;
  private long maxCells = Answer.DEFAULT_MAX_CELLS;
  private Cancellation cancellation = new Cancellation();

  private TwoHop(Properties clientProperties, String graph) {
    this.clientProperties = clientProperties;
    this.graph = graph;
  }

  /**
   * The graph {@code table}, read as the user of {@code clientPropertiesFile} (its token is what
   * the tablet servers read the rows S with).
   */
  public static TwoHop on(Path clientPropertiesFile, String table) {
    return new TwoHop(
        Multiply.readClientProperties(clientPropertiesFile), Objects.requireNonNull(table));
  }

  /** Use this client (it must act as the properties' user) instead of opening one per run. */
  public TwoHop client(AccumuloClient client) {
    this.sharedClient = Objects.requireNonNull(client, "client");
    return this;
  }

  /**
   * Stops the request when {@code cancellation} is cancelled, from any thread: its scans close, the
   * tablet servers' calls stop at their next check, and {@link #run} throws {@link
   * MultiplyCancelledException}. Default: one no caller holds.
   */
  public TwoHop cancellation(Cancellation cancellation) {
    this.cancellation = Objects.requireNonNull(cancellation, "cancellation");
    return this;
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

  /**
   * Form the second hop there; default: in the tablet servers when the first hop has at least
   * {@link #SERVERS_FROM_FIRST_HOP} edges and they can, else here.
   */
  public TwoHop formIn(FormedIn where) {
    this.formIn = Objects.requireNonNull(where, "where");
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
    try (AccumuloClient owned =
        sharedClient == null ? Accumulo.newClient().from(clientProperties).build() : null) {
      AccumuloClient client = sharedClient != null ? sharedClient : owned;
      CompletableFuture<Optional<String>> serverCode =
          CompletableFuture.supplyAsync(() -> missingServerCode(client));
      Authorizations auths = ReadAuthorizations.of(client, authorizations);
      InputTables.await(
          InputTables.checkReadableLater(
              client, Semirings.encodingOf(semiring.name()), authorizations, graph));
      Map<Text, List<Edge>> firstHop = new HashMap<>();
      List<Text> sourceRows = new ArrayList<>();
      sources.forEach(s -> sourceRows.add(new Text(Utf8.bytes(s))));
      long first = scan(client, rows(sourceRows), auths, (k, v) -> addEdge(firstHop, k, v));
      if (formIn(first, serverCode) == FormedIn.TABLET_SERVERS) {
        TwoHopAnswer.Result r = inTabletServers(client, auths, firstHop.keySet());
        return new Result(
            r.answer(),
            first,
            r.entriesRead(),
            FormedIn.TABLET_SERVERS,
            (System.nanoTime() - begin) / 1e9);
      }
      Sums<?> sums = new Sums<>(semiring, maxCells);
      long second =
          firstHop.isEmpty()
              ? 0
              : scan(client, rows(firstHop.keySet()), auths, (k, v) -> sums.add(firstHop, k, v));
      Answer answer = new Answer(semiring, List.of(sums.packed()), sums.products, firstHop.size());
      return new Result(answer, first, second, FormedIn.CLIENT, (System.nanoTime() - begin) / 1e9);
    }
  }

  private Optional<String> missingServerCode(AccumuloClient client) {
    try {
      return TwoHopAnswer.missingServerCode(client, graph);
    } catch (Exception e) {
      return Optional.of(e.getMessage());
    }
  }

  /**
   * Where the second hop is formed: as asked ({@link #formIn}), else in the tablet servers when the
   * first hop has at least {@link #SERVERS_FROM_FIRST_HOP} edges and they can.
   *
   * @throws IllegalStateException when the tablet servers were asked and cannot, saying why
   */
  private FormedIn formIn(long firstHopEntries, CompletableFuture<Optional<String>> serverCode) {
    if (formIn == FormedIn.CLIENT || (formIn == null && firstHopEntries < SERVERS_FROM_FIRST_HOP)) {
      return FormedIn.CLIENT;
    }
    Optional<String> why =
        firstHopEntries > TwoHopAnswer.MAX_FIRST_HOP
            ? Optional.of(
                "the rows S hold "
                    + firstHopEntries
                    + " entries, more than the "
                    + TwoHopAnswer.MAX_FIRST_HOP
                    + " each tablet server would hold")
            : serverCode.join();
    if (why.isEmpty()) {
      return FormedIn.TABLET_SERVERS;
    }
    if (formIn == FormedIn.TABLET_SERVERS) {
      throw new IllegalStateException(
          "two-hop: the tablet servers cannot form the second hop: " + why.get());
    }
    return FormedIn.CLIENT;
  }

  /** The second hop in the tablet servers of G, over the span of the neighbours {@code k}. */
  private TwoHopAnswer.Result inTabletServers(
      AccumuloClient client, Authorizations auths, Set<Text> k) throws Exception {
    if (k.isEmpty()) {
      return new TwoHopAnswer.Result(new Answer(semiring, List.of(), 0, 0), 0);
    }
    TreeSet<Text> sorted = new TreeSet<>(k);
    List<RowRange> s = new ArrayList<>();
    sources.forEach(vertex -> s.add(RowRange.row(vertex)));
    return TwoHopAnswer.secondHop(
        client,
        clientProperties,
        graph,
        RowRanges.of(s),
        new Range(sorted.first(), true, sorted.last(), true),
        semiring.name(),
        auths,
        maxCells,
        cancellation);
  }

  private void addEdge(Map<Text, List<Edge>> firstHop, Key key, Value value) {
    firstHop
        .computeIfAbsent(key.getColumnQualifier(), k -> new ArrayList<>())
        .add(new Edge(key.getRow().copyBytes(), label(key), decode(semiring, key, value)));
  }

  private interface EntryConsumer {
    void accept(Key key, Value value);
  }

  private long scan(
      AccumuloClient client, List<Range> ranges, Authorizations auths, EntryConsumer consumer)
      throws Exception {
    cancellation.throwIfRequested("two-hop");
    long entries = 0;
    try (BatchScanner scan =
            client.createBatchScanner(graph, auths, ClusterSize.scanThreads(client));
        Cancellation.Registration stop = cancellation.onCancel(scan::close)) {
      // A service asks about the same neighbourhoods again and again: keep their blocks cached.
      ScanTypes.hint(scan, ScanTypes.INTERACTIVE_SOURCE);
      scan.setRanges(ranges);
      for (Map.Entry<Key, Value> e : scan) {
        ColumnFamilyException.requireEmpty(graph, e.getKey());
        consumer.accept(e.getKey(), e.getValue());
        entries++;
      }
    } catch (RuntimeException e) {
      // a scan closed under its reader fails in whatever way it was reading
      cancellation.throwIfRequested("two-hop");
      throw e;
    }
    cancellation.throwIfRequested("two-hop");
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

  /** The second hop's products, ⊕-ed per cell of C ({@link SummedRuns}), within the bound. */
  private final class Sums<T> {
    private final Semiring<T> semiring;
    private final long maxCells;
    private final SummedRuns<T> runs;
    private long products;

    Sums(Semiring<T> semiring, long maxCells) {
      this.semiring = semiring;
      this.maxCells = maxCells;
      this.runs = new SummedRuns<>(semiring, SummedRuns.WINDOW);
    }

    @SuppressWarnings("unchecked")
    void add(Map<Text, List<Edge>> firstHop, Key key, Value value) {
      T b = (T) decode(semiring, key, value);
      byte[] j = key.getColumnQualifierData().toArray();
      byte[] bLabel = label(key);
      for (Edge edge : firstHop.get(key.getRow())) {
        runs.add(
            edge.source(),
            j,
            Visibility.and(edge.visibility(), bLabel),
            semiring.times((T) edge.value(), b));
        products++;
      }
      if (runs.packedCells() > maxCells) {
        throw Answer.overBound("more than " + maxCells + " cells", maxCells);
      }
    }

    byte[] packed() {
      SummedRuns.Packed packed = runs.finish();
      if (packed.cells() > maxCells) {
        throw Answer.overBound("more than " + maxCells + " cells", maxCells);
      }
      return packed.bytes();
    }
  }

  /** The entry's label; the one empty array when it has none, so equal labels are one array. */
  private static byte[] label(Key key) {
    ByteSequence label = key.getColumnVisibilityData();
    return label.length() == 0 ? Visibility.NONE : label.toArray();
  }
}
