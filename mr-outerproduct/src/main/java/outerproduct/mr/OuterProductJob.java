package outerproduct.mr;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import outerproduct.kernel.accumulo.ProductEstimate;
import outerproduct.kernel.cli.CancelOnInterrupt;
import outerproduct.kernel.cli.ChoiceConverters;
import outerproduct.kernel.cli.ClusterOption;
import outerproduct.kernel.cli.CommandErrors;
import outerproduct.kernel.cli.RequestOptions;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.product.WindowSize;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code hadoop jar mr-outerproduct-<version>.jar [generic options] --cluster client.properties
 * --at AT --b B --c C …}: C = ATᵀ ⊕.⊗ B as a MapReduce job (see {@link MapReduceMultiply}).
 * Hadoop's generic options ({@code -D}, {@code -conf}, …) are taken by {@link ToolRunner} first.
 *
 * <p>Exit codes: 0 done, 1 the job failed, 2 bad arguments or unsuitable tables (the message names
 * the option or table). The Accumulo password comes from the client properties file, never from the
 * command line.
 */
@Command(
    name = "outerproduct-mr",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = "Multiply AT^T (+).(x) B into C with a MapReduce job over Accumulo.")
public final class OuterProductJob extends Configured implements Tool, Callable<Integer> {

  @Mixin ClusterOption cluster;

  @Option(
      names = "--at",
      required = true,
      description = "Table holding AT (rows = the shared dimension k).")
  String at;

  @Option(names = "--b", required = true, description = "Table holding B.")
  String b;

  @Option(
      names = "--c",
      required = true,
      description = "Result table C: new, or empty without combiners.")
  String c;

  @Mixin RequestOptions request;

  @Option(
      names = "--reducers",
      defaultValue = "1",
      description = "Reduce tasks. Default: ${DEFAULT-VALUE}.")
  int reducers;

  @Option(
      names = "--presum",
      defaultValue = "auto",
      paramLabel = "auto|PRODUCTS",
      converter = WindowConverter.class,
      description =
          "Each map task's pre-sum budget, in products: half holds its split's inputs, half"
              + " the window their products are sorted and summed in, row by row of C; 0 = off"
              + " (one record per product); auto = a quarter of the heap the sort buffer leaves."
              + " Default: ${DEFAULT-VALUE}.")
  long presum;

  /** {@code auto} or a product count, as {@link WindowSize#parse} reads them. */
  static final class WindowConverter implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String text) {
      return WindowSize.parse("--presum", text);
    }
  }

  @Option(
      names = "--output",
      defaultValue = "batchwriter",
      description =
          "batchwriter (AccumuloOutputFormat) or bulk (RFiles + one bulk import). Default:"
              + " ${DEFAULT-VALUE}.")
  Output output;

  @Option(
      names = "--remove-zeros",
      description = "Drop cells of C that sum to the semiring's zero.")
  boolean removeZeros;

  @Option(
      names = "--uber",
      arity = "0..1",
      defaultValue = "off",
      fallbackValue = "on",
      paramLabel = "auto|on|off",
      description =
          "Run all tasks in the ApplicationMaster's JVM (small, queued multiplies): on (also"
              + " --uber alone), off, or auto (row subsets only). Default: ${DEFAULT-VALUE}.")
  UberMode uber;

  @Option(names = "--verbose", description = "On an error, print its stack trace too.")
  boolean verbose;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  private final PrintWriter out;
  private final PrintWriter err;

  public OuterProductJob() {
    this(new PrintWriter(System.out, true), new PrintWriter(System.err, true));
  }

  /** With the given streams for results and for messages (tests capture them). */
  public OuterProductJob(PrintWriter out, PrintWriter err) {
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new OuterProductJob(), args));
  }

  /** Parses what ToolRunner left and runs; the exit codes are the class comment's. */
  @Override
  public int run(String[] args) {
    CommandLine cli = new CommandLine(this);
    ChoiceConverters.register(cli, Output.class);
    ChoiceConverters.register(cli, UberMode.class);
    cli.setParameterExceptionHandler(
        (e, given) -> {
          e.getCommandLine()
              .getErr()
              .println("outerproduct-mr: " + e.getMessage() + " (--help lists the options)");
          return CommandErrors.USER_ERROR;
        });
    cli.setExecutionExceptionHandler(
        (e, cmd, parsed) -> CommandErrors.report(cmd.getErr(), "outerproduct-mr", e, verbose));
    cli.setOut(out);
    cli.setErr(err);
    return cli.execute(args);
  }

  @Override
  public Integer call() throws Exception {
    cluster.file();
    MapReduceMultiply multiply = multiply();
    printEstimate(multiply);
    MapReduceMultiply.Result r;
    try (CancelOnInterrupt interrupt = CancelOnInterrupt.install()) {
      r = multiply.cancellation(interrupt.cancellation()).run();
    }
    print(r);
    return 0;
  }

  /**
   * The partial products the inputs' degree tables count for this job, before it is submitted, or
   * why there is no count (docs/estimate.md).
   */
  private void printEstimate(MapReduceMultiply multiply) throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (AccumuloClient client = cluster.connect()) {
      ProductEstimate.Estimate e = multiply.estimate(client);
      out.println("estimate: " + e.describe());
    } catch (IllegalArgumentException noDegrees) {
      out.println("estimate: none, " + noDegrees.getMessage());
    }
    out.flush();
  }

  private MapReduceMultiply multiply() {
    MapReduceMultiply multiply =
        MapReduceMultiply.on(getConf(), cluster.file())
            .transposeOf(at)
            .times(b)
            .into(c)
            .reducers(reducers)
            .presum(presum)
            .output(output)
            .uber(uber)
            .onSubmit(
                job ->
                    spec.commandLine()
                        .getErr()
                        .println(
                            "submitted " + job.getJobID() + ", tracking " + job.getTrackingURL()));
    if (removeZeros) {
      multiply.removeZeros();
    }
    return request.applyTo(multiply);
  }

  private void print(MapReduceMultiply.Result r) {
    JobPhases t = r.phases();
    spec.commandLine()
        .getOut()
        .printf(
            "%s: rows aligned %d, partial products %d, map output %d, combiner %d -> %d, entries"
                + " written %d, maps %d, reduces %d%s, %.2f s, %.3g pp/s%n  seconds: submit %.2f,"
                + " start-up %.2f, maps %.2f, reduces %.2f, commit %.2f, noticed %.2f, bulk import"
                + " %.2f%n",
            r.jobId(),
            r.rowsAligned(),
            r.partialProducts(),
            r.mapOutput(),
            r.combinerIn(),
            r.combinerOut(),
            r.entriesWritten(),
            r.maps(),
            r.reduces(),
            r.uber() ? " (uber)" : "",
            r.seconds(),
            r.partialProductsPerSecond(),
            t.submit(),
            t.startup(),
            t.maps(),
            t.reduces(),
            t.commit(),
            t.notice(),
            t.bulkImport());
  }
}
