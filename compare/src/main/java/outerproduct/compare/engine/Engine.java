package outerproduct.compare.engine;

import java.util.List;
import java.util.Properties;
import java.util.SortedSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.client.admin.CompactionConfig;
import org.apache.hadoop.io.Text;
import outerproduct.iterator.ResultTables;
import outerproduct.iterator.TableMult;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.semiring.Semiring;

/** The engines the harness can run on the same inputs, by the names SPEC §4 gives them. */
public enum Engine {
  ITERATOR("iterator") {
    @Override
    public Run multiply(AccumuloClient client, Properties clientProperties, Semiring<?> semiring,
        String at, String b, String c, RowRanges rows, Settings settings) throws Exception {
      ResultTables.prepare(client, c, semiring.name(), settings.resultSplits(), false);
      settings.applyDurability(client, c);
      TableMult.Result r = TableMult.on(clientProperties).transposeOf(at).times(b).into(c)
          .semiring(semiring.name()).rows(rows).presum(settings.presum()).run();
      return new Run(r.partialProducts(), r.entriesWritten(), r.seconds());
    }
  },
  /**
   * SPEC §4 ingest ceiling: the iterator engine's write path (same RemoteWriteIterator and
   * settings, inside the tablet servers) replaying this multiply's partial products from a
   * products table. Its time excludes writing that table; its C must equal the oracle's too.
   */
  INGEST_CEILING("ingest-ceiling") {
    @Override
    public Run multiply(AccumuloClient client, Properties clientProperties, Semiring<?> semiring,
        String at, String b, String c, RowRanges rows, Settings settings) throws Exception {
      if (!rows.isAll()) {
        throw new IllegalArgumentException("ingest-ceiling replays whole-table products only");
      }
      String products = "P_" + c;
      ProductsTable.write(client, semiring, at, b, products);
      client.tableOperations().compact(products, new CompactionConfig().setWait(true));
      ResultTables.prepare(client, c, semiring.name(), settings.resultSplits(), false);
      settings.applyDurability(client, c);
      TableMult.Result r = TableMult.on(clientProperties).into(c).semiring(semiring.name())
          .presum(settings.presum()).replayProducts(products);
      client.tableOperations().delete(products);
      return new Run(r.partialProducts(), r.entriesWritten(), r.seconds());
    }
  },
  CLIENT("client") {
    @Override
    public Run multiply(AccumuloClient client, Properties clientProperties, Semiring<?> semiring,
        String at, String b, String c, RowRanges rows, Settings settings) throws Exception {
      ClientEngine.Result r = ClientEngine.multiply(client, semiring, at, b, c, rows, Authorizations.EMPTY);
      return new Run(r.partialProducts(), r.entriesWritten(), r.seconds());
    }
  };

  /**
   * Engine knobs the harness sets: pre-sum cells (iterator engine; 0 = off), split points of a
   * new C (the client baseline creates its C itself and ignores them), and C's durability
   * (iterator engine; an explicit, reported choice).
   */
  public record Settings(long presum, SortedSet<Text> resultSplits, String resultDurability) {

    /** Sets C's {@code table.durability} when one was chosen (null: the table default). */
    void applyDurability(AccumuloClient client, String c) throws Exception {
      if (resultDurability != null) {
        client.tableOperations().setProperty(c, "table.durability", resultDurability);
      }
    }
  }

  /** What every engine reports; the time is from the call to C being readable. */
  public record Run(long partialProducts, long entriesWritten, double seconds) {}

  private final String name;

  Engine(String name) {
    this.name = name;
  }

  public String engineName() {
    return name;
  }

  public abstract Run multiply(AccumuloClient client, Properties clientProperties,
      Semiring<?> semiring, String at, String b, String c, RowRanges rows, Settings settings)
      throws Exception;

  public static List<String> names() {
    return java.util.Arrays.stream(values()).map(Engine::engineName).toList();
  }

  /** @throws IllegalArgumentException naming the engine and the ones that exist */
  public static Engine named(String name) {
    for (Engine e : values()) {
      if (e.name.equals(name)) {
        return e;
      }
    }
    throw new IllegalArgumentException("engine '" + name + "' is not built (yet); built: " + names());
  }
}
