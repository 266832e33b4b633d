package outerproduct.kernel.accumulo;

import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import outerproduct.kernel.semiring.ValueEncoding;

/**
 * The compression of the RFiles either engine's bulk output writes for C: one the caller chose, or
 * else C's own {@code table.file.compress.type}, as C's compactions would write them, so that both
 * engines' files follow the same setting.
 *
 * <p>A C that the engines create gets {@value #NEW_TABLE} ({@link #newTable()}) rather than
 * Accumulo's gz: measured on whole tables, both engines' bulk output and C's compactions spend less
 * time compressing than anything else they save (docs/performance.md, file compression). A C the
 * caller created keeps its own setting.
 */
public final class FileCompression {

  /** The compressions Accumulo 2.1 writes RFiles with (its {@code table.file.compress.type}). */
  public static final String COMPRESSIONS = "none, gz, snappy, lz4, lzo, zstd, bzip2";

  /** The compression of a C the engines create. */
  public static final String NEW_TABLE = "snappy";

  private static final String TABLE_COMPRESSION = "table.file.compress.type";

  private FileCompression() {}

  /**
   * @return {@code compression}, which may be null (C's own)
   * @throws IllegalArgumentException naming it, if Accumulo has no such compression
   */
  public static String check(String compression) {
    if (compression != null && !List.of(COMPRESSIONS.split(", ")).contains(compression)) {
      throw new IllegalArgumentException(
          "file compression '" + compression + "': expected one of " + COMPRESSIONS);
    }
    return compression;
  }

  /** The configuration every engine starts a new C from: its files {@value #NEW_TABLE}. */
  public static NewTableConfiguration newTable() {
    return new NewTableConfiguration().setProperties(newTableProperties());
  }

  /** The properties of {@link #newTable()}, for a configuration that sets more. */
  public static Map<String, String> newTableProperties() {
    return Map.of(TABLE_COMPRESSION, NEW_TABLE);
  }

  /** As {@link #newTable()}, for a C whose values are stored in {@code encoding}, which it says. */
  public static NewTableConfiguration newTable(ValueEncoding encoding) {
    Map<String, String> properties = new java.util.HashMap<>(encoding.tableProperties());
    properties.put(TABLE_COMPRESSION, NEW_TABLE);
    return new NewTableConfiguration().setProperties(properties);
  }

  /**
   * The table properties an RFile writer takes to write with {@code compression}; none when it is
   * null (Accumulo's default).
   */
  public static Map<String, String> fileProperties(String compression) {
    return compression == null ? Map.of() : Map.of(TABLE_COMPRESSION, compression);
  }

  /** {@code chosen} when not null, else {@code table}'s compaction compression (may be null). */
  public static String of(AccumuloClient client, String table, String chosen)
      throws AccumuloException, TableNotFoundException {
    return chosen != null
        ? chosen
        : client.tableOperations().getConfiguration(table).get(TABLE_COMPRESSION);
  }
}
