package outerproduct.iterator.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import outerproduct.iterator.TableMult;
import outerproduct.iterator.TableMultResult;
import outerproduct.kernel.accumulo.ProductEstimate;
import outerproduct.kernel.cli.CancelOnInterrupt;
import outerproduct.kernel.cli.ChoiceConverters;
import outerproduct.kernel.cli.ClusterOption;
import outerproduct.kernel.cli.CommandLines;
import outerproduct.kernel.cli.RequestOptions;
import outerproduct.kernel.cli.RunLog;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.product.WindowSize;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code scripts/tablemult}: C = ATᵀ ⊕.⊗ B on a cluster through the iterator engine, with a
 * progress bar fed by the monitoring entries. Connection and credentials come from an Accumulo
 * client properties file, never from the command line.
 */
@Command(
    name = "tablemult",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description =
        "Multiply AT^T (+).(x) B into C inside the tablet servers (Graphulo's TableMult).")
public final class TableMultCommand implements Callable<Integer> {

  @Mixin ClusterOption cluster;

  @Option(
      names = "--at",
      description =
          "Table holding AT (rows = the shared dimension k). Required unless --rows-of-b.")
  String at;

  @Option(
      names = "--rows-of-b",
      description =
          "No AT: C is the rows --rows of B, as a multiply by B's selection matrix (one entry"
              + " (r, r, 1) per row asked for) would give it, without that table.")
  boolean rowsOfB;

  @Option(names = "--b", required = true, description = "Table holding B.")
  String b;

  @Option(
      names = "--c",
      description = "Result table C (created with the semiring's combiner if missing).")
  String c;

  @Option(names = "--ct", description = "Also (or only) write the transpose into this table.")
  String ct;

  @Mixin RequestOptions request;

  @Option(
      names = "--presum",
      defaultValue = "auto",
      paramLabel = "auto|PRODUCTS",
      description =
          "Products held per tablet, then sorted and summed per cell before writing; 0 = off;"
              + " auto = "
              + TableMult.SUBSET_PRESUM_CELLS
              + " for a row subset (--rows), sized to each tablet server's heap for the whole"
              + " table. Default: ${DEFAULT-VALUE}.")
  String presum;

  @Option(
      names = "--output",
      defaultValue = "batchwriter",
      paramLabel = "batchwriter|bulk",
      description =
          "How the tablet servers write C: batchwriter, or bulk (sorted files staged per tablet,"
              + " imported into C once every tablet is done; needs System permission SYSTEM and"
              + " BULK_IMPORT on C). Default: ${DEFAULT-VALUE}.")
  Output output;

  @Option(
      names = "--staging",
      paramLabel = "URI",
      description =
          "Bulk output: where files are staged (a qualified URI the tablet servers and this"
              + " client share). Default: ~/.outerproduct on the first instance volume's"
              + " file system.")
  String staging;

  @Option(
      names = "--window",
      paramLabel = "PRODUCTS",
      description =
          "Bulk output: products held in memory per tablet, then sorted, summed and spilled as"
              + " a run. Default: sized by each tablet server (a quarter of its heap shared by"
              + " its TableMult scan threads, 32 bytes a product).")
  Long window;

  @Option(
      names = "--file-compression",
      paramLabel = "NAME",
      description =
          "Bulk output: the compression of the files C receives (none, gz, snappy, lz4, lzo, zstd,"
              + " bzip2). Default: as C's own compactions (its table.file.compress.type).")
  String fileCompression;

  @Option(
      names = "--remove-zeros",
      description = "Drop entries of C that sum to the semiring's zero.")
  boolean removeZeros;

  @Option(
      names = "--monitor-every",
      paramLabel = "PRODUCTS",
      description =
          "Progress entry after about this many partial products per tablet. Default: "
              + BATCH_WRITER_MONITOR
              + "; with --output bulk "
              + BULK_MONITOR
              + " (each entry ends a stretch, and each stretch is a file in every tablet of C).")
  Long monitorEvery;

  @Option(
      names = "--scan-threads",
      description = "Tablets of B multiplied at once. Default: 2 per tablet server, at least 4.")
  Integer scanThreads;

  @Option(names = "--verbose", description = "On an error, print its stack trace too.")
  boolean verbose;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  static final long BATCH_WRITER_MONITOR = 100_000;
  static final long BULK_MONITOR = 10_000_000;

  public static void main(String[] args) {
    int exit = commandLine().execute(args);
    RunLog.name(System.err);
    System.exit(exit);
  }

  /**
   * The command with its exit codes: 2 for a bad argument or input (an IllegalArgumentException
   * names it), 1 for a multiply that failed; the message, not a stack trace.
   */
  public static CommandLine commandLine() {
    TableMultCommand command = new TableMultCommand();
    CommandLine commandLine = new CommandLine(command);
    ChoiceConverters.register(commandLine, Output.class);
    return CommandLines.reportingErrors(commandLine, "tablemult", () -> command.verbose);
  }

  @Override
  public Integer call() throws Exception {
    if (c == null && ct == null) {
      throw new CommandLine.ParameterException(spec.commandLine(), "give --c and/or --ct");
    }
    if ((at == null) == !rowsOfB) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "give --at, or --rows-of-b (and --rows) for rows of B without AT");
    }
    Properties properties = cluster.properties();
    TableMult mult = configured(properties);
    TableMultResult r;
    try (AccumuloClient client = Accumulo.newClient().from(properties).build()) {
      long expected = estimate(mult, client);
      try (ProgressBar bar =
              new ProgressBarBuilder()
                  .setTaskName("partial products")
                  .setStyle(ProgressBarStyle.ASCII)
                  .setInitialMax(expected)
                  .setUnit(" pp", 1)
                  .setConsumer(new me.tongfei.progressbar.ConsoleProgressBarConsumer(System.err))
                  .build();
          CancelOnInterrupt interrupt = CancelOnInterrupt.install()) {
        r =
            mult.client(client)
                .cancellation(interrupt.cancellation())
                .onProgress(p -> bar.stepBy(p.partialProducts()))
                .run();
      }
    }
    print(r);
    return 0;
  }

  private TableMult configured(Properties properties) {
    TableMult.First first = TableMult.on(properties);
    TableMult.Results results = rowsOfB ? first.rowsOf(b) : first.transposeOf(at).times(b);
    TableMult mult = c != null ? results.into(c) : results.intoTransposeOnly(ct);
    if (c != null && ct != null) {
      mult.alsoTranspose(ct);
    }
    request.applyTo(mult).presum(presumCells()).monitorEvery(monitorProducts(), 0).output(output);
    if (scanThreads != null) {
      mult.scanThreads(scanThreads);
    }
    if (staging != null) {
      mult.staging(staging);
    }
    if (window != null || fileCompression != null) {
      mult.bulkFiles(window != null ? window : WindowSize.AUTO, fileCompression);
    }
    if (removeZeros) {
      mult.removeZeros();
    }
    return mult;
  }

  /**
   * Prints the partial products the degree tables count for this multiply, or why there is no
   * count; returns it as the progress bar's total (-1: unknown).
   */
  private long estimate(TableMult mult, AccumuloClient client) throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try {
      ProductEstimate.Estimate e = mult.estimate(client);
      out.println("estimate: " + e.describe());
      out.flush();
      return e.partialProducts();
    } catch (IllegalArgumentException noDegrees) {
      out.println("estimate: none, " + noDegrees.getMessage());
      out.flush();
      return -1;
    }
  }

  /** The totals, then where the time went on the client's clock (TableMultResult). */
  private void print(TableMultResult r) {
    PrintWriter out = spec.commandLine().getOut();
    out.printf(
        "rows aligned %d, partial products %d, entries written %d, %.2f s, %.3g pp/s%n",
        r.rowsAligned(),
        r.partialProducts(),
        r.entriesWritten(),
        r.seconds(),
        r.partialProductsPerSecond());
    StringBuilder phases = new StringBuilder("  seconds:");
    r.phases()
        .forEach(
            (phase, seconds) ->
                phases.append(
                    String.format(Locale.ROOT, " %s %.3f,", phase.replace('_', ' '), seconds)));
    out.println(phases.substring(0, phases.length() - 1));
    out.printf(
        Locale.ROOT,
        "  tablet servers, summed over tablets: busy %.3f s, of it opening and flushing C's"
            + " writers %.3f s%n",
        r.tabletSeconds(),
        r.flushSeconds());
  }

  private long monitorProducts() {
    if (monitorEvery != null) {
      return monitorEvery;
    }
    return output == Output.BULK ? BULK_MONITOR : BATCH_WRITER_MONITOR;
  }

  private long presumCells() {
    try {
      return WindowSize.parse("--presum", presum);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
    }
  }
}
