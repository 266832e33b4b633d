package outerproduct.kernel.accumulo;

import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.TableNotFoundException;

/**
 * The compression of the RFiles either engine's bulk output writes for C: one the caller chose, or
 * else C's own {@code table.file.compress.type}, as C's compactions would write them, so that both
 * engines' files follow the same setting.
 */
public final class FileCompression {

  /** The compressions Accumulo 2.1 writes RFiles with (its {@code table.file.compress.type}). */
  public static final String COMPRESSIONS = "none, gz, snappy, lz4, lzo, zstd, bzip2";

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

  /** {@code chosen} when not null, else {@code table}'s compaction compression (may be null). */
  public static String of(AccumuloClient client, String table, String chosen)
      throws AccumuloException, TableNotFoundException {
    return chosen != null
        ? chosen
        : client.tableOperations().getConfiguration(table).get(TABLE_COMPRESSION);
  }
}
