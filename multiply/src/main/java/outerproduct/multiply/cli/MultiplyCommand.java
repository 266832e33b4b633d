package outerproduct.multiply.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.hadoop.conf.Configuration;
import outerproduct.kernel.cli.CancelOnInterrupt;
import outerproduct.kernel.cli.ChoiceConverters;
import outerproduct.kernel.cli.ClusterOption;
import outerproduct.kernel.cli.CommandLines;
import outerproduct.kernel.cli.OptionValues;
import outerproduct.kernel.cli.RequestOptions;
import outerproduct.kernel.cli.RunLog;
import outerproduct.multiply.Calibration;
import outerproduct.multiply.ExecutionPath;
import outerproduct.multiply.Multiply;
import outerproduct.multiply.PathChoice;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code scripts/multiply}: C = ATᵀ ⊕.⊗ B on the engine that finishes first (or the one asked for),
 * printing the estimate, the choice and why before it runs. Connection and credentials come from an
 * Accumulo client properties file, never from the command line.
 */
@Command(
    name = "multiply",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description =
        "Multiply AT^T (+).(x) B into C on the engine the partial-product estimate and this"
            + " cluster's calibration say finishes first.")
public final class MultiplyCommand implements Callable<Integer> {
  /** Where {@code scripts/multiply} says the MapReduce job jar is. */
  static final String JOB_JAR_PROPERTY = "outerproduct.mr.jobJar";

  @Mixin ClusterOption cluster;

  @Option(
      names = "--at",
      description = "Table holding AT (rows = shared k). Required unless --two-hop.")
  String at;

  @Option(names = "--b", required = true, description = "Table holding B.")
  String b;

  @Option(
      names = "--c",
      description = "Result table C (created if missing). One of --c and --print is required.")
  String c;

  @Option(
      names = "--print",
      description =
          "Print C to standard output instead of writing a table: one cell a line, row, column"
              + " and value tab-separated (and its visibility label, where it has one), in C's"
              + " key order; the other lines go to standard error. Runs client or iterator.")
  boolean print;

  @Option(
      names = "--two-hop",
      paramLabel = "VERTICES",
      description =
          "Print the 2-hop neighbourhood of these vertices (D4M list, e.g. '1,7,42,') in the graph"
              + " --b: every vertex two edges away, with the paths' values (rows VERTICES of B"
              + " (+).(x) B), reading only those rows and their neighbours' rows. No --at.")
  String twoHop;

  @Option(
      names = "--max-cells",
      description =
          "With --print: the cells this command may hold; a request estimated or found to pass"
              + " it is refused. Default: 4000000.")
  Long maxCells;

  @Option(
      names = {"--path", "--engine"},
      defaultValue = "auto",
      paramLabel = "auto|client|iterator|iterator-bulk|mr|mr-bulk",
      description =
          "auto: the path predicted to finish first among those that can run here; or the path"
              + " to run. Default: ${DEFAULT-VALUE}.")
  ExecutionPath path;

  @Option(
      names = "--calibration",
      paramLabel = "FILE",
      description =
          "Cost lines written by scripts/compare --calibrate. Default: calibration.json in the"
              + " project folder if there is one, else the shipped defaults.")
  Path calibration;

  @Option(
      names = "--hadoop-conf",
      paramLabel = "DIR",
      defaultValue = "${env:HADOOP_CONF_DIR}",
      description =
          "Hadoop configuration folder of the YARN cluster (core-, yarn-, mapred-site.xml)."
              + " Without one no MapReduce path can run. Default: $HADOOP_CONF_DIR.")
  Path hadoopConf;

  @Option(
      names = "--reducers",
      description =
          "Reducers of a MapReduce path. Default: 1 for row subsets; for whole tables one per"
              + " tablet server, at least 2.")
  Integer reducers;

  @Option(
      names = "--scan-threads",
      description =
          "Tablets of B an iterator path multiplies at once. Default: 2 per tablet server, at"
              + " least 4.")
  Integer scanThreads;

  @Option(
      names = "--explain",
      description =
          "Print the estimate, every path's prediction (or why it cannot run here) and the"
              + " choice; run nothing.")
  boolean explain;

  @Mixin RequestOptions request;

  @Option(names = "--verbose", description = "On an error, print its stack trace too.")
  boolean verbose;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    int exit = commandLine().execute(args);
    RunLog.name(System.err);
    System.exit(exit);
  }

  /** The command with the project's exit codes: 2 for a bad argument or input, 1 for a failure. */
  public static CommandLine commandLine() {
    MultiplyCommand command = new MultiplyCommand();
    CommandLine cli = new CommandLine(command);
    ChoiceConverters.register(cli, ExecutionPath.class);
    return CommandLines.reportingErrors(cli, "multiply", () -> command.verbose);
  }

  @Override
  public Integer call() throws Exception {
    Integer printed = printedInstead();
    if (printed != null) {
      return printed;
    }
    Multiply multiply = configured();
    PrintWriter out = spec.commandLine().getOut();
    long begin = System.nanoTime();
    try (AccumuloClient client = cluster.connect()) {
      // --explain shows where every path stands; a run needs only the checks that decide it
      Multiply.Decision decision =
          multiply
              .client(client)
              .decide(
                  client,
                  explain ? PathChoice.Checking.EVERY_PATH : PathChoice.Checking.UNTIL_CHOSEN);
      Calibration lines = decision.calibration();
      out.println("estimate: " + decision.estimate().describe());
      out.println(
          "calibration: "
              + lines.source()
              + ", measured "
              + lines.measured()
              + " on "
              + lines.cluster());
      decision.explain().forEach(line -> out.println("  " + line));
      out.println("path: " + decision.choice().why());
      out.flush();
      if (explain) {
        return 0;
      }
      Multiply.Result r;
      try (CancelOnInterrupt interrupt = CancelOnInterrupt.install()) {
        r = multiply.cancellation(interrupt.cancellation()).run(decision);
      }
      out.printf(
          Locale.ROOT,
          "%s: partial products %d, entries written %d, %.2f s from the call to C readable%n",
          r.decision().path(),
          r.partialProducts(),
          r.entriesWritten(),
          (System.nanoTime() - begin) / 1e9);
    }
    return 0;
  }

  /** Runs an answer to the caller (--two-hop, --print) and its exit code; null for a table. */
  private Integer printedInstead() throws Exception {
    if (twoHop != null) {
      if (at != null || c != null) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--two-hop reads only --b and prints: no --at or --c");
      }
      return PrintedAnswer.printTwoHop(this);
    }
    if (at == null) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--at is required");
    }
    if (print == (c != null)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "give one of --c (the result table) and --print");
    }
    return print ? PrintedAnswer.print(this) : null;
  }

  private Multiply configured() {
    Multiply multiply = Multiply.on(cluster.file()).transposeOf(at).times(b).into(c).path(path);
    request.applyTo(multiply).calibration(calibrationLines());
    if (hadoopConf != null) {
      multiply.hadoop(hadoopConfiguration(hadoopConf));
    }
    if (reducers != null) {
      OptionValues.atLeastOne("--reducers", reducers);
      multiply.mapReduce(job -> job.reducers(reducers));
    }
    if (scanThreads != null) {
      OptionValues.atLeastOne("--scan-threads", scanThreads);
      multiply.iterator(mult -> mult.scanThreads(scanThreads));
    }
    return multiply;
  }

  Calibration calibrationLines() {
    if (calibration != null) {
      requireReadable("--calibration", calibration);
      return Calibration.read(calibration);
    }
    return Calibration.installedOrShipped();
  }

  /** The site files of {@code dir}, and the job jar the script found, for the MapReduce engine. */
  private static Configuration hadoopConfiguration(Path dir) {
    if (!Files.isReadable(dir.resolve("yarn-site.xml"))) {
      throw new IllegalArgumentException(
          "--hadoop-conf " + dir + ": no yarn-site.xml there; give the YARN cluster's folder");
    }
    Configuration conf = new Configuration();
    for (String site :
        new String[] {"core-site.xml", "hdfs-site.xml", "yarn-site.xml", "mapred-site.xml"}) {
      Path file = dir.resolve(site);
      if (Files.isReadable(file)) {
        conf.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
      }
    }
    String jobJar = System.getProperty(JOB_JAR_PROPERTY);
    if (jobJar != null && !jobJar.isEmpty() && conf.get("mapreduce.job.jar") == null) {
      conf.set("mapreduce.job.jar", jobJar);
    }
    return conf;
  }

  private void requireReadable(String option, Path file) {
    if (!Files.isReadable(file)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), option + " " + file + ": cannot read this file");
    }
  }
}
