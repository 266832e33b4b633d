package outerproduct.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.engine.Target;
import outerproduct.compare.engine.TargetCluster;
import outerproduct.compare.report.GitCommit;
import outerproduct.compare.report.Headlines;
import outerproduct.compare.report.HostMemory;
import outerproduct.compare.report.Reports;
import outerproduct.compare.report.RunRecords;
import outerproduct.compare.report.Summary;
import outerproduct.inputs.MatrixLoader;
import outerproduct.inputs.MatrixSource;
import outerproduct.kernel.cli.CommandErrors;
import outerproduct.kernel.cli.FreeSpace;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.product.PresumBuffer;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.mr.MapReduceMultiply;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The main job: multiplies the same inputs with each engine on an embedded cluster, proves every
 * C equal to the in-memory oracle, and writes one record per run (fields: docs/format.md).
 *
 * <p>Engines: {@code iterator}, {@code ingest-ceiling} (the iterator engine's write path alone),
 * {@code mr} (the MapReduce job, on an embedded YARN cluster started only when asked for) and
 * {@code client}.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Multiply AT^T (+).(x) B with each engine on the same inputs, check C against"
        + " the oracle, and report.")
public final class CompareCommand implements Callable<Integer> {
  private static final Logger log = LoggerFactory.getLogger(CompareCommand.class);
  /** What the embedded cluster's servers may write in a quick or full run, with room to spare. */
  private static final long EMBEDDED_FREE_MB = 2048;

  @Option(names = "--preset", defaultValue = "quick", paramLabel = "quick|full",
      description = "The sweep the options below default to: quick (" + Preset.QUICK_TEXT + ") or full ("
          + Preset.FULL_TEXT + "). An option given on the command line wins over its preset."
          + " Default: ${DEFAULT-VALUE}.")
  Preset preset;

  @CommandLine.Mixin
  InputOptions inputOptions;

  @Option(names = "--scales", split = ",",
      description = "SCALEs to run, comma-separated. Default: the preset's.")
  List<Integer> scales;

  @Option(names = "--workloads", split = ",", defaultValue = "whole,queued",
      description = "Workloads: whole (all rows) and queued (row subsets). Default: ${DEFAULT-VALUE}.")
  List<String> workloads;

  @Option(names = "--queued-rows", split = ",",
      description = "Queued: rows per request (drawn with a fixed seed from AT's rows); a size that is"
          + " not less than AT's row count is skipped (it is the whole-table workload). Default: the preset's.")
  List<Integer> queuedRows;

  @Option(names = "--requests",
      description = "Queued: requests per subset size and concurrency. Default: the preset's.")
  Integer requests;

  @Option(names = "--concurrency", split = ",",
      description = "Queued: requests in flight at once; 1 gives latencies. Default: the preset's.")
  List<Integer> concurrency;

  @Option(names = "--queued-scale",
      description = "Queued: the SCALE to draw subsets from. Default: the largest of --scales.")
  Integer queuedScale;

  @Option(names = "--engines", split = ",", defaultValue = "iterator,ingest-ceiling,mr,client",
      description = "Engines to run: iterator, ingest-ceiling, mr, client. Default: ${DEFAULT-VALUE}.")
  List<String> engines;

  @Option(names = "--cluster", paramLabel = "CLIENT_PROPERTIES",
      description = "Run on an existing cluster named by its Accumulo client properties (for example"
          + " state/cluster/conf/accumulo-client.properties of scripts/cluster) instead of the embedded one.")
  Path clusterProperties;

  @Option(names = "--hadoop-conf", paramLabel = "DIR",
      description = "With --cluster: the directory of core-site.xml, yarn-site.xml and mapred-site.xml."
          + " Default: the directory of the --cluster file.")
  Path hadoopConf;

  @Option(names = "--mr-job-jar", paramLabel = "JAR",
      description = "With --cluster: the job jar MapReduce tasks run from."
          + " Default: mr-outerproduct/target/mr-outerproduct-*-job.jar.")
  Path mrJobJar;

  @Option(names = "--keep-tables",
      description = "With --cluster: keep this run's tables (named cmp<run id>_*); by default they are deleted at the end.")
  boolean keepTables;

  @Option(names = "--repeats", defaultValue = "1",
      description = "Whole table: runs per engine and SCALE (engines take turns); the report shows medians."
          + " Default: ${DEFAULT-VALUE}.")
  int repeats;

  @Option(names = "--warmup", defaultValue = "1",
      description = "Whole table: unrecorded multiplies per engine before its first recorded run (at the"
          + " first SCALE; the servers stay warm for the next), so that it does not pay for cold tablet"
          + " servers and JVMs (class loading, JIT); 0 = none. Default: ${DEFAULT-VALUE}.")
  int warmup;

  @CommandLine.Mixin
  EmbeddedClusterOptions embedded;

  @Option(names = "--tablets", defaultValue = "2",
      description = "Tablets per input table (split at row quantiles). Default: ${DEFAULT-VALUE}.")
  int tablets;

  @Option(names = "--load", defaultValue = "auto",
      description = "How inputs reach Accumulo: batchwriter, bulk (RFiles and one import), or auto (bulk from "
          + InputLoad.BULK_FROM_ENTRIES + " entries). Default: ${DEFAULT-VALUE}.")
  String load;

  @Option(names = "--presum", defaultValue = "0",
      description = "Iterator engine: cells pre-summed per tablet before writing; 0 = off. Default: ${DEFAULT-VALUE}.")
  long presum;

  @Option(names = "--reducers", defaultValue = "2",
      description = "MapReduce engine: reduce tasks on whole tables (row subsets run uber, with one)."
          + " Default: ${DEFAULT-VALUE}.")
  int reducers;

  @Option(names = "--mr-presum", defaultValue = "" + MapReduceMultiply.DEFAULT_PRESUM,
      description = "MapReduce engine: cells each map task pre-sums in memory before the sort; 0 = off."
          + " Default: ${DEFAULT-VALUE}.")
  long mrPresum;

  @Option(names = "--mr-output", defaultValue = "batchwriter",
      description = "MapReduce engine: how reducers deliver C: batchwriter or bulk. Default: ${DEFAULT-VALUE}.")
  String mrOutput;

  @Option(names = "--mr-uber", defaultValue = "auto",
      description = "MapReduce engine: uber mode (the job inside its ApplicationMaster): auto (row"
          + " subsets only), on or off. Default: ${DEFAULT-VALUE}.")
  String mrUber;

  @Option(names = "--mr-conf", paramLabel = "KEY=VALUE",
      description = "MapReduce engine: a job configuration setting (repeatable), e.g."
          + " mapreduce.client.completion.pollinterval=5000. Recorded in the report.")
  Map<String, String> mrConf = new LinkedHashMap<>();

  @Option(names = "--tablets-c", defaultValue = "1",
      description = "Tablets of a new C, split at quantiles of AT's columns (C's rows). Default: ${DEFAULT-VALUE}.")
  int tabletsC;

  @Option(names = "--c-durability",
      description = "table.durability of the iterator engine's C (none, log, flush, sync)."
          + " Default: the table default (sync); recorded in the report.")
  String cDurability;

  @Option(names = "--oracle-up-to-scale", defaultValue = "12",
      description = "Largest SCALE checked against the in-memory oracle (its C is held in memory);"
          + " above it every engine's C must equal the first engine's. Default: ${DEFAULT-VALUE}.")
  int oracleUpToScale;

  @Option(names = "--semiring", defaultValue = Semirings.DEFAULT,
      description = "Semiring: a built-in name or a class name. Default: ${DEFAULT-VALUE}.")
  String semiringName;

  @Option(names = "--verbose", description = "On an error, print its stack trace too.")
  boolean verbose;

  @Option(names = "--reports", defaultValue = "reports",
      description = "Where report folders go. Default: ${DEFAULT-VALUE}.")
  Path reportsDir;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String... args) {
    return run(new PrintWriter(System.err, true), args);
  }

  /**
   * As {@link #run(String...)}, with errors written to {@code err}: one line each, exit 2 for a
   * bad argument or input, 1 for a failed run (see {@link CommandErrors}).
   */
  static int run(PrintWriter err, String... args) {
    CompareCommand command = new CompareCommand();
    command.commandLine = "scripts/compare " + String.join(" ", args);
    return new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true).setErr(err)
        .setParameterExceptionHandler((e, given) -> {
          e.getCommandLine().getErr().println("compare: " + e.getMessage() + " (scripts/compare --help lists the options)");
          return CommandErrors.USER_ERROR;
        })
        .setExecutionExceptionHandler((e, cl, parsed) -> CommandErrors.report(cl.getErr(), "compare", e, command.verbose))
        .execute(args);
  }

  private String commandLine = "scripts/compare";
  private String tablePrefix = "";

  @Override
  public Integer call() throws Exception {
    preset.fillIn(this);
    validate();
    Semiring<?> semiring = Semirings.forName(semiringName);
    MatrixSource source = matrixSource();
    String runId = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now());
    Path reportDir = reportsDir.resolve(runId);
    // An existing cluster may hold other runs' tables (or anyone's): this run's get their own names.
    tablePrefix = clusterProperties == null ? "" : "cmp" + runId.replace("-", "") + "_";
    Files.createDirectories(reportDir);
    RunRecords records;
    boolean allEqual = true;
    try (TargetCluster cluster = startOrConnect()) {
      Target target = cluster.target();
      AccumuloClient client = target.client();
      records = new RunRecords(reportDir.resolve("runs.jsonl"), parameters(cluster, source));
      EngineRuns runs = new EngineRuns(target, semiring, engines, tablePrefix, records, cluster.heap());
      int queuedAt = queuedScale != null ? queuedScale : Collections.max(scales);
      int warmups = warmup;
      for (int scale : scales) {
        EngineRuns.Inputs inputs = load(client, target.volumes(), source, scale);
        if (workloads.contains("whole")) {
          allEqual &= runs.whole(inputs, warmups, repeats, oracleUpToScale);
          warmups = 0;
        }
        if (workloads.contains("queued") && scale == queuedAt) {
          allEqual &= runs.queued(inputs, queuedRows, requests, concurrency);
        }
      }
      if (!tablePrefix.isEmpty() && !keepTables) {
        deleteTables(client, tablePrefix);
      }
    }
    log.info("records written to {}", records.file());
    List<Path> written = Reports.write(records.file());
    for (Path file : written) {
      log.info("report file {}", file);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.println();
    out.println("report: " + relativeToHere(written.get(written.size() - 1)));
    Headlines.of(Summary.read(records.file())).forEach(line -> out.println("  " + line));
    if (!allEqual) {
      spec.commandLine().getErr().println("FAILED: some engine failed or its C differs from its reference"
          + " (the oracle up to SCALE " + oracleUpToScale + ", the first engine above); see " + records.file());
      return 1;
    }
    out.flush();
    return 0;
  }

  /** A path as the user can type it from where the command ran. */
  private static Path relativeToHere(Path file) {
    Path here = Path.of("").toAbsolutePath();
    return file.startsWith(here) ? here.relativize(file) : file;
  }

  private TargetCluster startOrConnect() {
    if (clusterProperties != null) {
      Path conf = hadoopConf != null ? hadoopConf : clusterProperties.toAbsolutePath().getParent();
      Path jar = mrJobJar != null ? mrJobJar : defaultJobJar();
      log.info("running on the existing cluster of {} (Hadoop configuration {}, job jar {})",
          clusterProperties, conf, jar);
      return TargetCluster.existing(clusterProperties, conf, jar);
    }
    Path clusterDir = Path.of("target", "embedded-clusters");
    FreeSpace.require(clusterDir, EMBEDDED_FREE_MB, "the embedded cluster");
    return TargetCluster.embedded(clusterDir,
        embedded.settings(), engines.contains("mr"), embedded.yarnMemoryMb);
  }

  private static void deleteTables(AccumuloClient client, String prefix) throws Exception {
    for (String table : client.tableOperations().list()) {
      if (table.startsWith(prefix)) {
        client.tableOperations().delete(table);
      }
    }
    log.info("deleted this run's tables ({}*) from the cluster", prefix);
  }

  /** The shaded jar {@code mvn package} leaves in mr-outerproduct/target. */
  private static Path defaultJobJar() {
    Path dir = Path.of("mr-outerproduct", "target");
    try (var jars = Files.newDirectoryStream(dir, "mr-outerproduct-*-job.jar")) {
      for (Path jar : jars) {
        return jar;
      }
    } catch (IOException e) {
      // reported below as a missing jar
    }
    return dir.resolve("mr-outerproduct-job.jar");
  }

  /** The inputs, every SCALE's files checked before a cluster starts. */
  private MatrixSource matrixSource() {
    try {
      MatrixSource source = inputOptions.source();
      scales.forEach(source::check);
      return source;
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
  }

  private void validate() {
    for (String engine : engines) {
      try {
        Engine.named(engine);
      } catch (IllegalArgumentException e) {
        throw usage("--engines: " + e.getMessage());
      }
    }
    for (String workload : workloads) {
      if (!workload.equals("whole") && !workload.equals("queued")) {
        throw usage("--workloads '" + workload + "': expected whole or queued");
      }
    }
    requireAtLeastOne("--reducers", reducers);
    requireAtLeastOne("--tablets", tablets);
    requireAtLeastOne("--requests", requests);
    requireAtLeastOne("--repeats", repeats);
    if (warmup < 0) {
      throw usage("--warmup " + warmup + ": expected 0 or more");
    }
    queuedRows.forEach(n -> requireAtLeastOne("--queued-rows", n));
    concurrency.forEach(n -> requireAtLeastOne("--concurrency", n));
    if (queuedScale != null && !scales.contains(queuedScale)) {
      throw usage("--queued-scale " + queuedScale + " is not one of --scales " + scales);
    }
    requirePresum("--presum", presum);
    requirePresum("--mr-presum", mrPresum);
    mrOutputChoice();
    mrUberChoice();
    loadChoice();
    try {
      embedded.validate(clusterProperties != null);
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
    if (clusterProperties != null && !Files.isReadable(clusterProperties)) {
      throw usage("--cluster " + clusterProperties + ": cannot read this client properties file (scripts/cluster"
          + " start writes one to state/cluster/conf/accumulo-client.properties)");
    }
  }

  private InputLoad.Method loadChoice() {
    try {
      return InputLoad.Method.parse(load);
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
  }

  private void requirePresum(String option, long cells) {
    try {
      PresumBuffer.checkCells(option, cells);
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
  }

  private void requireAtLeastOne(String option, int value) {
    if (value < 1) {
      throw usage(option + " must be at least 1, got " + value);
    }
  }

  private CommandLine.ParameterException usage(String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }

  private MapReduceMultiply.Output mrOutputChoice() {
    return switch (mrOutput) {
      case "batchwriter" -> MapReduceMultiply.Output.BATCH_WRITER;
      case "bulk" -> MapReduceMultiply.Output.BULK;
      default -> throw usage("--mr-output '" + mrOutput + "': expected batchwriter or bulk");
    };
  }

  private Boolean mrUberChoice() {
    return switch (mrUber) {
      case "auto" -> null;
      case "on" -> true;
      case "off" -> false;
      default -> throw usage("--mr-uber '" + mrUber + "': expected auto, on or off");
    };
  }

  /** The settings every record of this run repeats (docs/format.md), so that each line stands alone. */
  private ObjectNode parameters(TargetCluster cluster, MatrixSource source) {
    ObjectNode p = RunRecords.object().put("preset", preset.name().toLowerCase(java.util.Locale.ROOT))
        .put("input", source.kind()).put("ef", 16).put("seeds", source.seeds())
        .put("semiring", semiringName).put("tservers", embedded.tservers).put("tserver_memory_mb", embedded.tserverMemoryMb)
        .put("tablets_AT", tablets).put("tablets_B", tablets).put("tablets_C", tabletsC).put("load", load)
        .put("repeats", repeats).put("warmup", warmup).put("presum", presum).put("c_durability", cDurability != null ? cDurability : "default (sync)")
        .put("mr_reducers", reducers).put("mr_presum", mrPresum).put("mr_output", mrOutput).put("mr_uber", mrUber).put("mr_conf", mrConf.toString()).put("yarn_memory_mb", embedded.yarnMemoryMb)
        .put("cluster", clusterProperties == null ? "embedded" : "existing: " + clusterProperties)
        .put("git_commit", GitCommit.describe()).put("command", commandLine);
    p.putObject("host").put("cores", Runtime.getRuntime().availableProcessors())
        .put("memory_gb", HostMemory.totalGb());
    p.put("tserver_in_memory_maps", cluster.inMemoryMaps());
    ObjectNode site = p.putObject("accumulo_settings");
    cluster.accumuloSettings().forEach(site::put);
    return p;
  }

  private EngineRuns.Inputs load(AccumuloClient client, Supplier<Configuration> fileSystem, MatrixSource source,
      int scale) throws Exception {
    SparseMatrix a = source.read(scale, "A");
    SparseMatrix b = source.read(scale, "B");
    String atTable = tablePrefix + "AT_" + scale;
    String bTable = tablePrefix + "B_" + scale;
    long loadBegin = System.nanoTime();
    Map<String, SparseMatrix> tables = new LinkedHashMap<>();
    tables.put(atTable, a);
    tables.put(bTable, b);
    InputLoad.Method used = InputLoad.load(client, loadChoice(), fileSystem, tablets, tables);
    log.info("SCALE {}: loaded {} ({} entries) and {} ({} entries) by {} in {} s", scale, atTable, a.nnz(),
        bTable, b.nnz(), used.label(), String.format("%.1f", (System.nanoTime() - loadBegin) / 1e9));
    Engine.Settings settings = new Engine.Settings(presum, MatrixLoader.splits(a.transpose(), tabletsC),
        cDurability, reducers, mrOutputChoice(), mrUberChoice(), mrConf, mrPresum);
    return new EngineRuns.Inputs(scale, atTable, bTable, a, b, settings);
  }

}
