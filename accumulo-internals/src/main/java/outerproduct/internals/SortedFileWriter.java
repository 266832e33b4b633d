package outerproduct.internals;

import java.io.Closeable;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.accumulo.core.conf.AccumuloConfiguration;
import org.apache.accumulo.core.conf.ConfigurationCopy;
import org.apache.accumulo.core.conf.DefaultConfiguration;
import org.apache.accumulo.core.crypto.CryptoFactoryLoader;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.file.FileOperations;
import org.apache.accumulo.core.file.FileSKVWriter;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.accumulo.core.spi.crypto.CryptoEnvironment;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A sorted RFile for bulk import, written as Accumulo's public {@code RFile.newWriter()} writes it
 * (the same internal file writer, table properties over Accumulo's defaults, the table's crypto
 * service) without the public writer's check of every key's visibility in a map of those it has
 * seen: a hash and a byte comparison per key, 6% of a tablet server's bulk-output time in a SCALE
 * 16 profile, where a product's label is nearly always the last one's. Here a label is parsed as a
 * {@link ColumnVisibility} whenever it differs from the last key's, so every label in the file is
 * one Accumulo accepts, as with the public writer.
 *
 * <p>Cells must come in key order, in the default locality group; the file is complete once {@link
 * #close} returns.
 */
public final class SortedFileWriter implements Closeable {
  private static final byte[] NO_FAMILY = new byte[0];

  private final FileSKVWriter writer;
  private byte[] lastLabel = new byte[0];

  private SortedFileWriter(FileSKVWriter writer) {
    this.writer = writer;
  }

  /**
   * Opens {@code file} on {@code fs} for writing, with {@code tableProperties} (compression, block
   * sizes) over Accumulo's defaults.
   */
  public static SortedFileWriter open(FileSystem fs, Path file, Map<String, String> tableProperties)
      throws IOException {
    AccumuloConfiguration conf =
        new ConfigurationCopy(
            Stream.concat(
                DefaultConfiguration.getInstance().stream(), tableProperties.entrySet().stream()));
    FileSKVWriter writer =
        FileOperations.getInstance()
            .newWriterBuilder()
            .forFile(
                file.toString(),
                fs,
                fs.getConf(),
                CryptoFactoryLoader.getServiceForClient(
                    CryptoEnvironment.Scope.TABLE, tableProperties))
            .withTableConfiguration(conf)
            .withStartDisabled()
            .build();
    writer.startDefaultLocalityGroup();
    return new SortedFileWriter(writer);
  }

  /**
   * Appends cell (row, qualifier) of C's layout (empty family, the table's time assigned at import)
   * with {@code label} and {@code value}; the arrays are kept by the key, not copied, so callers
   * hand over arrays they never change.
   *
   * @throws IllegalArgumentException for a label Accumulo would not accept
   * @throws IllegalArgumentException for a key out of order (Accumulo's own check)
   */
  public void append(byte[] row, byte[] qualifier, byte[] label, byte[] value) throws IOException {
    if (label != lastLabel && !Arrays.equals(label, lastLabel)) {
      new ColumnVisibility(label);
      lastLabel = label;
    }
    writer.append(
        new Key(row, NO_FAMILY, qualifier, label, 0L, false, false), new Value(value, false));
  }

  @Override
  public void close() throws IOException {
    writer.close();
  }
}
