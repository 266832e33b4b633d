package outerproduct.compare;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.report.CalibrationFit;
import outerproduct.compare.report.GitCommit;
import outerproduct.compare.report.Headlines;
import outerproduct.compare.report.Reports;
import outerproduct.compare.report.Summary;
import outerproduct.inputs.MatrixSource;
import outerproduct.inputs.cli.InputLoad;
import outerproduct.inputs.cli.InputOptions;
import outerproduct.kernel.cli.ChoiceConverters;
import outerproduct.kernel.cli.CommandErrors;
import outerproduct.kernel.cli.OptionValues;
import outerproduct.kernel.cli.RunLog;
import outerproduct.mr.UberMode;
import outerproduct.multiply.Calibration;
import outerproduct.multiply.ExecutionPath;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The main job: multiplies the same inputs with each engine on an embedded cluster, proves every C
 * equal to the in-memory oracle, and writes one record per run (fields: docs/format.md), then the
 * report.
 *
 * <p>Engines: {@code iterator}, {@code ingest-ceiling} (the iterator engine's write path alone),
 * {@code mr} (the MapReduce job, on an embedded YARN cluster started only when asked for) and
 * {@code client}. The options come in groups: {@link SweepOptions} (what runs), {@link
 * InputOptions}, {@link EngineOptions}, {@link ClusterOptions}; {@link Comparison} runs them.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description =
        "Multiply AT^T (+).(x) B with each engine on the same inputs, check C against"
            + " the oracle, and report.")
public final class CompareCommand implements Callable<Integer> {
  private static final Logger log = LoggerFactory.getLogger(CompareCommand.class);

  @Mixin SweepOptions sweep;

  @Mixin InputOptions inputOptions;

  @Option(
      names = "--tablets",
      defaultValue = "2",
      description = "Tablets per input table (split at row quantiles). Default: ${DEFAULT-VALUE}.")
  int tablets;

  @Option(
      names = "--load",
      defaultValue = "auto",
      paramLabel = "batchwriter|bulk|auto",
      description =
          "How inputs reach Accumulo: batchwriter, bulk (RFiles and one import), or auto (bulk from"
              + " "
              + InputLoad.BULK_FROM_ENTRIES
              + " entries). Default: ${DEFAULT-VALUE}.")
  InputLoad.Method load;

  @Option(
      names = "--cued-block-size",
      defaultValue = "16K",
      paramLabel = "SIZE",
      description =
          "Cued: data block size of the selection table and B (table.file.compress.blocksize):"
              + " each row asked for is a seek, which decodes its block up to the row, so tables"
              + " served by row lookups want small blocks. The other workloads' inputs keep"
              + " Accumulo's default (100K). Default: ${DEFAULT-VALUE}.")
  String cuedBlockSize;

  @Mixin EngineOptions engineOptions;

  @Mixin ClusterOptions clusterOptions;

  @Option(
      names = "--reports",
      paramLabel = "DIR",
      description = "Where report folders go. Default: reports/ in the repository.")
  Path reportsDir;

  /** Set as the run starts ({@link #gitCommit()}). */
  private String gitCommit;

  @Option(
      names = "--calibrate",
      description =
          "Measure this cluster for auto: the calibrate preset on every execution path (client,"
              + " iterator, iterator-bulk, mr, mr-bulk, and client-answer and iterator-answer for"
              + " answers to the caller; unless --preset or --engines say otherwise), then fit each"
              + " path's fixed cost and rate and install them as calibration.json in the project"
              + " folder (or the file --calibration names), where scripts/multiply and auto read"
              + " them.")
  boolean calibrate;

  @Option(
      names = "--calibrate-from",
      split = ",",
      paramLabel = "DIR",
      description =
          "Run nothing: fit the cost lines on the runs of these finished report folders of one"
              + " cluster together (a --calibrate report and, say, whole-table reports of larger"
              + " SCALEs, so that auto's whole-table lines reach them) and install them as"
              + " --calibrate would.")
  List<Path> calibrateFrom = List.of();

  @Option(names = "--verbose", description = "On an error, print its stack trace too.")
  boolean verbose;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  private String commandLine = "scripts/compare";

  public static void main(String[] args) {
    int exit = run(args);
    RunLog.name(System.err);
    System.exit(exit);
  }

  static int run(String... args) {
    return run(new PrintWriter(System.err, true), args);
  }

  /**
   * As {@link #run(String...)}, with errors written to {@code err}: one line each, exit 2 for a bad
   * argument or input, 1 for a failed run (see {@link CommandErrors}).
   */
  static int run(PrintWriter err, String... args) {
    CompareCommand command = new CompareCommand();
    command.commandLine = "scripts/compare " + String.join(" ", args);
    CommandLine cli = new CommandLine(command);
    ChoiceConverters.register(cli, Preset.class);
    ChoiceConverters.register(cli, Workload.class);
    ChoiceConverters.register(cli, Engine.class);
    ChoiceConverters.register(cli, InputLoad.Method.class);
    ChoiceConverters.register(cli, InputOptions.Input.class);
    ChoiceConverters.register(cli, UberMode.class);
    return cli.setErr(err)
        .setParameterExceptionHandler(
            (e, given) -> {
              e.getCommandLine()
                  .getErr()
                  .println(
                      "compare: " + e.getMessage() + " (scripts/compare --help lists the options)");
              return CommandErrors.USER_ERROR;
            })
        .setExecutionExceptionHandler(
            (e, cl, parsed) -> CommandErrors.report(cl.getErr(), "compare", e, command.verbose))
        .execute(args);
  }

  /** How the run was asked for, as the records repeat it. */
  String commandLine() {
    return commandLine;
  }

  /**
   * The commit the run measures, taken as it starts: asked when the records begin, after the
   * clusters start, it would call a tree edited during that minute {@code -dirty} though the code
   * running was built clean.
   */
  String gitCommit() {
    return gitCommit;
  }

  @Override
  public Integer call() throws Exception {
    if (!calibrateFrom.isEmpty()) {
      return calibrateFromReports();
    }
    gitCommit = GitCommit.describe();
    MatrixSource source = validatedSource();
    String runId =
        DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC)
            .format(Instant.now());
    Path reports = reportsDir != null ? reportsDir : ProjectHome.resolve("reports");
    Path records = Files.createDirectories(reports.resolve(runId)).resolve("runs.jsonl");
    boolean allEqual = new Comparison(this, source, runId).run(records);
    log.debug("records written to {}", records);
    List<Path> written = Reports.write(records);
    for (Path file : written) {
      log.debug("report file {}", file);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.println();
    out.println("report: " + ProjectHome.fromHere(written.get(written.size() - 1)));
    Headlines.of(Summary.read(records)).forEach(line -> out.println("  " + line));
    out.flush();
    if (calibrate && allEqual) {
      installCalibration(records.resolveSibling(Reports.CALIBRATION_JSON), out);
    }
    if (!allEqual) {
      spec.commandLine()
          .getErr()
          .println(
              "FAILED: some engine failed or its C differs from its reference"
                  + " (the oracle up to SCALE "
                  + sweep.oracleUpToScale
                  + ", the first engine above); see "
                  + records);
      return 1;
    }
    return 0;
  }

  /** {@code --calibrate}'s end: this run's lines, if it fitted every path it measured. */
  private void installCalibration(Path fitted, PrintWriter out) throws IOException {
    CalibrationInstall.install(
        fitted,
        engineOptions.engines.stream()
            .filter(e -> !e.answersCaller())
            .flatMap(e -> e.path().stream())
            .filter(p -> p != ExecutionPath.AUTO)
            .toList(),
        engineOptions.engines.stream()
            .filter(CalibrationFit.answeringEngines()::contains)
            .flatMap(e -> e.path().stream())
            .toList(),
        engineOptions.calibrationFile,
        out);
  }

  /** {@code --calibrate-from}: the lines of finished reports pooled ({@link CalibrationPool}). */
  private int calibrateFromReports() throws Exception {
    if (calibrate) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--calibrate-from fits runs already made and --calibrate makes new ones: give one");
    }
    Calibration lines;
    try {
      lines =
          CalibrationPool.fit(calibrateFrom, commandLine)
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "--calibrate-from: the runs support no cost line (each needs runs of two"
                              + " sizes or more)"));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
    }
    CalibrationInstall.install(
        lines,
        ExecutionPath.runnable(),
        CalibrationFit.answeringEngines().stream().flatMap(e -> e.path().stream()).toList(),
        engineOptions.calibrationFile,
        spec.commandLine().getOut());
    return 0;
  }

  /** What --calibrate runs unless the command line says otherwise. */
  private void calibrationDefaults() {
    CommandLine.ParseResult given = spec.commandLine().getParseResult();
    if (!given.hasMatchedOption("--preset")) {
      sweep.preset = Preset.CALIBRATE;
    }
    if (!given.hasMatchedOption("--engines")) {
      List<Engine> engines = new ArrayList<>();
      ExecutionPath.runnable().forEach(p -> engines.add(Engine.of(p)));
      engines.addAll(CalibrationFit.answeringEngines());
      engineOptions.engines = engines;
    }
  }

  /**
   * Checks every option and every SCALE's input files before a cluster starts.
   *
   * @throws CommandLine.ParameterException naming the option and the value at fault
   */
  private MatrixSource validatedSource() {
    try {
      if (calibrate) {
        calibrationDefaults();
      }
      sweep.resolve();
      OptionValues.atLeastOne("--tablets", tablets);
      OptionChecks.blockSize("--cued-block-size", cuedBlockSize);
      engineOptions.validate(calibrate);
      clusterOptions.validate();
      MatrixSource source = inputOptions.source();
      sweep.scales.forEach(source::check);
      return source;
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
    }
  }
}
