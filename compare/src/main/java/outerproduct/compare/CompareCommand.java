package outerproduct.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.Authorizations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.engine.Target;
import outerproduct.inputs.Graph500Fixture;
import outerproduct.inputs.MatrixLoader;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.mr.MapReduceMultiply;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The main job: multiplies the same inputs with each engine on an embedded cluster, proves every
 * C equal to the in-memory oracle, and writes one SPEC §6 record per run.
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

  @Option(names = "--input", defaultValue = "fixtures",
      description = "Where inputs come from: fixtures (Graphulo's Graph500 files). Default: ${DEFAULT-VALUE}.")
  String input;

  @Option(names = "--scales", split = ",", defaultValue = "10",
      description = "SCALEs to run, comma-separated. Default: ${DEFAULT-VALUE}.")
  List<Integer> scales;

  @Option(names = "--engines", split = ",", defaultValue = "iterator,ingest-ceiling,mr,client",
      description = "Engines to run: iterator, ingest-ceiling, mr, client. Default: ${DEFAULT-VALUE}.")
  List<String> engines;

  @Option(names = "--tservers", defaultValue = "2",
      description = "Tablet servers of the embedded cluster. Default: ${DEFAULT-VALUE}.")
  int tservers;

  @Option(names = "--tserver-memory-mb", defaultValue = "768",
      description = "Heap of each embedded tablet server. Default: ${DEFAULT-VALUE}.")
  int tserverMemoryMb;

  @Option(names = "--tablets", defaultValue = "2",
      description = "Tablets per input table (split at row quantiles). Default: ${DEFAULT-VALUE}.")
  int tablets;

  @Option(names = "--presum", defaultValue = "0",
      description = "Iterator engine: cells pre-summed per tablet before writing; 0 = off. Default: ${DEFAULT-VALUE}.")
  long presum;

  @Option(names = "--reducers", defaultValue = "2",
      description = "MapReduce engine: reduce tasks on whole tables (row subsets run uber, with one)."
          + " Default: ${DEFAULT-VALUE}.")
  int reducers;

  @Option(names = "--mr-output", defaultValue = "batchwriter",
      description = "MapReduce engine: how reducers deliver C: batchwriter or bulk. Default: ${DEFAULT-VALUE}.")
  String mrOutput;

  @Option(names = "--yarn-memory-mb", defaultValue = "2048",
      description = "Memory of the embedded NodeManager (512 MB containers). Default: ${DEFAULT-VALUE}.")
  int yarnMemoryMb;

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

  @Option(names = "--fixtures", description = "Directory of Graphulo's Graph500 fixtures."
      + " Default: shared/fixtures/graphulo-graph500 beside this repository.")
  Path fixturesDir;

  @Option(names = "--reports", defaultValue = "reports",
      description = "Where report folders go. Default: ${DEFAULT-VALUE}.")
  Path reportsDir;

  private final ObjectMapper mapper = new ObjectMapper();

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String... args) {
    return new CommandLine(new CompareCommand()).execute(args);
  }

  @Override
  public Integer call() throws Exception {
    validate();
    Semiring<?> semiring = Semirings.forName(semiringName);
    Graph500Fixture fixtures = fixturesDir == null ? Graph500Fixture.locate() : new Graph500Fixture(fixturesDir);
    Path reportDir = reportsDir.resolve(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
        .withZone(ZoneOffset.UTC).format(Instant.now()));
    Files.createDirectories(reportDir);
    Path runs = reportDir.resolve("runs.jsonl");
    boolean allEqual = true;
    Path clusters = Path.of("target", "embedded-clusters");
    try (EmbeddedAccumulo accumulo = EmbeddedAccumulo.start(clusters,
        new EmbeddedAccumulo.Settings().tabletServers(tservers).tabletServerMemoryMb(tserverMemoryMb));
        EmbeddedYarn yarn = engines.contains("mr") ? EmbeddedYarn.start(clusters, yarnMemoryMb) : null;
        AccumuloClient client = accumulo.newClient()) {
      Target target = yarn == null
          ? Target.withoutYarn(client, accumulo.clientProperties(), accumulo.clientPropertiesFile().toPath())
          : new Target(client, accumulo.clientProperties(), accumulo.clientPropertiesFile().toPath(),
              yarn::configuration);
      for (int scale : scales) {
        allEqual &= runScale(target, semiring, fixtures, scale, runs);
      }
    }
    log.info("records written to {}", runs.toAbsolutePath());
    if (!allEqual) {
      spec.commandLine().getErr().println("FAILED: some engine's C differs from its reference"
          + " (the oracle up to SCALE " + oracleUpToScale + ", the first engine above); see " + runs);
      return 1;
    }
    spec.commandLine().getOut().println("OK: every C equals its reference (the oracle up to SCALE "
        + oracleUpToScale + ", the first engine above); records in " + runs);
    return 0;
  }

  private void validate() {
    if (!input.equals("fixtures")) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "--input '" + input + "': only 'fixtures' is built so far (the generator comes with the harness issue)");
    }
    for (String engine : engines) {
      try {
        Engine.named(engine);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--engines: " + e.getMessage());
      }
    }
    if (reducers < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--reducers must be at least 1, got " + reducers);
    }
    mrOutputChoice();
    if (tservers < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--tservers must be at least 1, got " + tservers);
    }
    if (tablets < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--tablets must be at least 1, got " + tablets);
    }
  }

  private MapReduceMultiply.Output mrOutputChoice() {
    return switch (mrOutput) {
      case "batchwriter" -> MapReduceMultiply.Output.BATCH_WRITER;
      case "bulk" -> MapReduceMultiply.Output.BULK;
      default -> throw new CommandLine.ParameterException(spec.commandLine(),
          "--mr-output '" + mrOutput + "': expected batchwriter or bulk");
    };
  }

  private boolean runScale(Target target, Semiring<?> semiring, Graph500Fixture fixtures, int scale,
      Path runs) throws Exception {
    AccumuloClient client = target.client();
    SparseMatrix a = fixtures.read(scale, "A");
    SparseMatrix b = fixtures.read(scale, "B");
    String atTable = "AT_" + scale;
    String bTable = "B_" + scale;
    long loadBegin = System.nanoTime();
    MatrixLoader.load(client, atTable, a, tablets);
    MatrixLoader.load(client, bTable, b, tablets);
    log.info("SCALE {}: loaded {} ({} entries) and {} ({} entries) in {} s", scale, atTable, a.nnz(),
        bTable, b.nnz(), String.format("%.1f", (System.nanoTime() - loadBegin) / 1e9));
    String expected = scale <= oracleUpToScale
        ? ResultChecksum.of(ReferenceMultiply.multiply(semiring, a, b)) : null;
    String reference = expected == null ? "the first engine" : "the oracle";
    Engine.Settings settings = new Engine.Settings(presum, MatrixLoader.splits(a.transpose(), tabletsC),
        cDurability, reducers, mrOutputChoice(), null);
    boolean allEqual = true;
    for (String engine : engines) {
      String cTable = "C_" + engine.replace('-', '_') + "_" + scale;
      String startedAt = Instant.now().toString();
      Engine.Run result = Engine.named(engine).multiply(target, semiring, atTable, bTable,
          cTable, RowRanges.all(), settings);
      TableChecksum.Result c = TableChecksum.of(client, cTable, semiring, Authorizations.EMPTY);
      if (expected == null) {
        expected = c.checksum();
      }
      boolean equal = c.checksum().equals(expected);
      allEqual &= equal;
      log.info("SCALE {} {}: {} partial products, {} written, nnz(C) {} in {} s = {} pp/s; C {} {} ({})",
          scale, engine, result.partialProducts(), result.entriesWritten(), c.nnz(),
          String.format("%.2f", result.seconds()),
          String.format("%.3g", result.partialProducts() / result.seconds()),
          equal ? "equals" : "DIFFERS FROM", reference, equal ? expected : c.checksum() + " vs " + expected);
      ObjectNode record = mapper.createObjectNode()
          .put("engine", engine).put("workload", "whole").put("input", input).put("scale", scale)
          .put("ef", 16).put("semiring", semiring.name()).put("tservers", tservers)
          .put("tserver_memory_mb", tserverMemoryMb)
          .put("tablets_AT", tablets).put("tablets_B", tablets).put("tablets_C", settings.resultSplits().size() + 1)
          .put("presum", engine.equals("iterator") ? presum : 0)
          .put("c_durability", engine.equals("iterator") && cDurability != null ? cDurability : "default (sync)")
          .put("nnz_AT", a.nnz()).put("nnz_B", b.nnz())
          .put("partial_products", result.partialProducts())
          .put("entries_written", result.entriesWritten()).put("nnz_C", c.nnz())
          .put("checksum_C", c.checksum()).put("checksum_expected", expected).put("checked_against", reference).put("equal", equal)
          .put("t_total_s", result.seconds())
          .put("rate_pp_per_s", result.partialProducts() / result.seconds())
          .put("rate_divides_by", "t_total_s: from the engine's start to C readable (all writes flushed)")
          .put("started_at", startedAt)
          .put("host_cores", Runtime.getRuntime().availableProcessors());
      record.set("engine_info", mapper.valueToTree(result.info()));
      Files.writeString(runs, record.toString() + "\n", StandardCharsets.UTF_8,
          StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
    return allEqual;
  }
}
