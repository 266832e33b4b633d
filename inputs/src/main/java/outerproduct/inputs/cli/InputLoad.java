package outerproduct.inputs.cli;

import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.hadoop.conf.Configuration;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.cli.Choice;
import outerproduct.kernel.oracle.SparseMatrix;

/**
 * Loads one SCALE's input tables with a progress bar, through a BatchWriter or a bulk import
 * ({@code --load}). {@code auto} bulk-imports inputs of {@value #BULK_FROM_ENTRIES} entries or more
 * (SCALE 18 and up): on the embedded cluster a BatchWriter loaded SCALE 16's 1.9 million entries in
 * 4.7 s against 6.6 s by bulk, and the two met at SCALE 18 (docs/compare.md).
 */
public final class InputLoad {
  public static final long BULK_FROM_ENTRIES = 3_000_000;

  public enum Method implements Choice {
    BATCHWRITER,
    BULK,
    AUTO;

    /** The way in for a matrix of {@code entries}: never {@link #AUTO}. */
    public Method resolve(long entries) {
      return this != AUTO ? this : entries >= BULK_FROM_ENTRIES ? BULK : BATCHWRITER;
    }

    @Override
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private InputLoad() {}

  /**
   * Loads each table (name to matrix, in order), with its degree table, into {@code tablets}
   * tablets with data blocks of {@code blockSize} (null: Accumulo's default). A bulk import stages
   * its RFiles on {@code fileSystem}'s default file system, which must be the instance's. Every
   * entry (and its degree) is labelled {@code visibility} (an empty one: no label).
   *
   * @return the method used for the largest matrix (what the records report)
   */
  public static Method load(
      AccumuloClient client,
      Method method,
      Supplier<Configuration> fileSystem,
      int tablets,
      String blockSize,
      ColumnVisibility visibility,
      Map<String, SparseMatrix> tables)
      throws Exception {
    long total = tables.values().stream().mapToLong(SparseMatrix::nnz).sum();
    Method used =
        method.resolve(tables.values().stream().mapToLong(SparseMatrix::nnz).max().orElse(0));
    try (ProgressBar bar =
        new ProgressBarBuilder()
            .setTaskName("load " + String.join(", ", tables.keySet()))
            .setStyle(ProgressBarStyle.ASCII)
            .setInitialMax(total)
            .setUnit(" entries", 1)
            .setConsumer(new ConsoleProgressBarConsumer(System.err))
            .build()) {
      for (Map.Entry<String, SparseMatrix> t : tables.entrySet()) {
        MatrixLoader loader =
            MatrixLoader.into(client)
                .tablets(tablets)
                .visibility(visibility)
                .degrees()
                .onProgress(bar::stepBy);
        if (blockSize != null) {
          loader.blockSize(blockSize);
        }
        if (method.resolve(t.getValue().nnz()) == Method.BULK) {
          loader.bulk(fileSystem.get());
        }
        loader.load(t.getKey(), t.getValue());
      }
    }
    return used;
  }
}
