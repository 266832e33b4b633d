package outerproduct.mr;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.cli.Choices;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.product.WindowSize;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * The job's own settings in its {@link Configuration}, with typed accessors so that the client that
 * writes them and the tasks that read them cannot disagree on a key or a format.
 *
 * <p>Credentials are never stored here: only the path of a client properties file on the job's file
 * system ({@link #CLIENT_PROPERTIES_PATH}), readable by the submitting user alone.
 */
public final class MultiplyConf {
  private static final String PREFIX = "outerproduct.mr.";
  public static final String SEMIRING = PREFIX + "semiring";
  public static final String AT_TABLE = PREFIX + "at.table";
  public static final String B_TABLE = PREFIX + "b.table";
  public static final String AT_COLUMNS = PREFIX + "at.columns";
  public static final String C_TABLE = PREFIX + "c.table";

  /** C's table id when the job took it: reducers check it before their first write to C. */
  public static final String C_TABLE_ID = PREFIX + "c.table.id";

  public static final String REMOVE_ZEROS = PREFIX + "remove.zeros";
  public static final String CLIENT_PROPERTIES_PATH = PREFIX + "client.properties.path";

  /** What the maps read AT with, as B's input format reads B ({@link Authorizations#serialize}). */
  public static final String AUTHORIZATIONS = PREFIX + "authorizations";

  /** Sorted C rows at which reducer partitions start (base64, comma-separated). */
  public static final String PARTITION_CUTS = PREFIX + "partition.cuts";

  /** The row subset (D4M syntax, {@link #setD4m}); absent for the whole table. */
  public static final String ROW_SUBSET = PREFIX + "rows";

  /**
   * Each map task's pre-sum budget in products, taken in halves by its held inputs and the window
   * their products are sorted and ⊕-ed in ({@link
   * outerproduct.kernel.product.HeldInputs#boundBeside}); 0 = off, one map output record per
   * product; {@link WindowSize#AUTO} (the default) = sized to the task's heap ({@link
   * #presumProducts}).
   */
  public static final String PRESUM_PRODUCTS = PREFIX + "presum.products";

  /** How the reducers write C: an {@link Output} label (batchwriter, the default, or bulk). */
  public static final String OUTPUT = PREFIX + "output";

  /**
   * The compression of C's files when the reducers write them ({@link Output#BULK}); unset,
   * Accumulo's default.
   */
  public static final String FILE_COMPRESSION = PREFIX + "file.compression";

  /** Largest Mutation a reducer builds for one C row before sending it. */
  public static final String MUTATION_MAX_CELLS = PREFIX + "mutation.max.cells";

  private final Configuration conf;

  public MultiplyConf(Configuration conf) {
    this.conf = conf;
  }

  public Semiring<?> semiring() {
    return Semirings.forName(conf.get(SEMIRING, Semirings.DEFAULT));
  }

  public String atTable() {
    return required(AT_TABLE);
  }

  public String bTable() {
    return required(B_TABLE);
  }

  public String cTable() {
    return required(C_TABLE);
  }

  /** The rows k to multiply: a subset, or {@link RowRanges#all()}. */
  public RowRanges rowSubset() {
    String s = d4m(ROW_SUBSET);
    return s == null ? RowRanges.all() : RowRanges.parse(s);
  }

  public static void setAuthorizations(Configuration conf, Authorizations auths) {
    conf.set(AUTHORIZATIONS, auths.serialize());
  }

  /** The authorizations the job reads with; null if the job does not say (all of the user's). */
  public Authorizations authorizations() {
    String s = conf.get(AUTHORIZATIONS);
    return s == null ? null : new Authorizations(s.getBytes(StandardCharsets.UTF_8));
  }

  public ColumnFilter atColumns() {
    String s = d4m(AT_COLUMNS);
    return s == null ? null : ColumnFilter.parse(s);
  }

  public boolean removeZeros() {
    return conf.getBoolean(REMOVE_ZEROS, false);
  }

  /**
   * The map task's pre-sum window. Automatic: {@link WindowSize#forHeap}, a quarter of the heap the
   * sort buffer leaves ({@code mapreduce.task.io.sort.mb}) at 32 bytes a product: 2.2M products in
   * a 384 MB heap with Hadoop's 100 MB sort buffer. The window's arrays grow by doubling, the
   * scanners and the JVM need the rest, and the task's resident set must stay inside its container:
   * at SCALE 13 a 4.4M window (half) peaked at 525 MB in a 512 MB container, 2M at 450 MB, 1M at
   * 400 MB, and the job took the same time with each (docs/mr-engine.md#tuning).
   *
   * @param maxHeapBytes the task JVM's maximum heap
   * @throws IllegalArgumentException naming {@link #PRESUM_PRODUCTS} when out of range
   */
  public int presumProducts(long maxHeapBytes) {
    long products = conf.getLong(PRESUM_PRODUCTS, WindowSize.AUTO);
    if (products != WindowSize.AUTO) {
      return WindowSize.check(PRESUM_PRODUCTS, products);
    }
    long sortBuffer = conf.getLong(MRJobConfig.IO_SORT_MB, MRJobConfig.DEFAULT_IO_SORT_MB) << 20;
    return WindowSize.forHeap(maxHeapBytes, sortBuffer, 1);
  }

  public Output output() {
    String s = conf.get(OUTPUT, Output.BATCH_WRITER.label());
    return Choices.parse(Output.class, s);
  }

  /** {@link #FILE_COMPRESSION}, or null for Accumulo's default. */
  public String fileCompression() {
    return conf.get(FILE_COMPRESSION);
  }

  public int mutationMaxCells() {
    return conf.getInt(MUTATION_MAX_CELLS, 10_000);
  }

  /**
   * Before a reducer's first write through BatchWriters: stops the task if C's name no longer
   * denotes the table the job took ({@link ResultState#requireSameTable}), so that a job whose
   * client was killed never writes into the C a retry put in its place. The window left is the
   * moment between this check and the output format's lookup of the name.
   */
  public void requireSameResultTable() throws IOException {
    String id = conf.get(C_TABLE_ID);
    if (id != null) {
      try (AccumuloClient client = Accumulo.newClient().from(clientProperties()).build()) {
        ResultState.requireSameTable(client, cTable(), id);
      }
    }
  }

  /** Reads the client properties file the submitter placed on the job's file system. */
  public Properties clientProperties() throws IOException {
    Path path = new Path(required(CLIENT_PROPERTIES_PATH));
    Properties p = new Properties();
    try (InputStream in = path.getFileSystem(conf).open(path)) {
      p.load(in);
    }
    return p;
  }

  /**
   * Sets a D4M list as base64 of its UTF-8 bytes. As plain text, a job's configuration (an XML
   * file) refuses what XML 1.0 cannot hold, such as the NUL or control characters a row id may
   * contain and the separator {@link RowRanges#toD4m()} may then choose.
   */
  public static void setD4m(Configuration conf, String key, String d4m) {
    conf.set(key, Base64.getEncoder().encodeToString(d4m.getBytes(StandardCharsets.UTF_8)));
  }

  private String d4m(String key) {
    String s = conf.get(key);
    return s == null ? null : new String(Base64.getDecoder().decode(s), StandardCharsets.UTF_8);
  }

  public static void setRows(Configuration conf, String key, Collection<byte[]> rows) {
    List<String> encoded = new ArrayList<>();
    for (byte[] row : rows) {
      encoded.add(Base64.getEncoder().encodeToString(row));
    }
    conf.setStrings(key, encoded.toArray(String[]::new));
  }

  public List<byte[]> rows(String key) {
    List<byte[]> rows = new ArrayList<>();
    for (String s : conf.getTrimmedStringCollection(key)) {
      rows.add(Base64.getDecoder().decode(s));
    }
    return rows;
  }

  private String required(String key) {
    String value = conf.get(key);
    if (value == null || value.isEmpty()) {
      throw new IllegalStateException("job configuration lacks " + key);
    }
    return value;
  }
}
