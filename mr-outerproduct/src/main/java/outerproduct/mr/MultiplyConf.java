package outerproduct.mr;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.product.PresumBuffer;
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
  public static final String REMOVE_ZEROS = PREFIX + "remove.zeros";
  public static final String CLIENT_PROPERTIES_PATH = PREFIX + "client.properties.path";

  /** Sorted C rows at which reducer partitions start (base64, comma-separated). */
  public static final String PARTITION_CUTS = PREFIX + "partition.cuts";

  /** The row subset (D4M syntax); absent for the whole table. */
  public static final String ROW_SUBSET = PREFIX + "rows";

  /** Distinct cells each map task pre-sums in memory before its output is sorted; 0 = off. */
  public static final String PRESUM_CELLS = PREFIX + "presum.cells";

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
    String s = conf.get(ROW_SUBSET);
    return s == null ? RowRanges.all() : RowRanges.parse(s);
  }

  public ColumnFilter atColumns() {
    String s = conf.get(AT_COLUMNS);
    return s == null ? null : ColumnFilter.parse(s);
  }

  public boolean removeZeros() {
    return conf.getBoolean(REMOVE_ZEROS, false);
  }

  /**
   * @throws IllegalArgumentException naming {@link #PRESUM_CELLS} when out of range
   */
  public int presumCells() {
    return PresumBuffer.checkCells(PRESUM_CELLS, conf.getLong(PRESUM_CELLS, 0));
  }

  public int mutationMaxCells() {
    return conf.getInt(MUTATION_MAX_CELLS, 10_000);
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
