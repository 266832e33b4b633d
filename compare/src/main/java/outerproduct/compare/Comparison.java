package outerproduct.compare;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.compare.engine.BatchLoad;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.engine.Target;
import outerproduct.compare.engine.TargetCluster;
import outerproduct.compare.report.RunRecords;
import outerproduct.inputs.MatrixSource;
import outerproduct.inputs.cli.InputLoad;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * One run of {@code scripts/compare}: starts (or connects to) the cluster, loads each SCALE's
 * inputs, runs the workloads on every engine, and cleans up what it made on an existing cluster.
 */
final class Comparison {
  private static final Logger log = LoggerFactory.getLogger(Comparison.class);

  private final CompareCommand options;
  private final MatrixSource source;
  private final String tablePrefix;

  /**
   * @param runId names this run's tables on an existing cluster ({@link
   *     ClusterOptions#tablePrefix})
   */
  Comparison(CompareCommand options, MatrixSource source, String runId) {
    this.options = options;
    this.source = source;
    this.tablePrefix = options.clusterOptions.tablePrefix(runId);
  }

  /**
   * Writes one record per run or request to {@code recordsFile}.
   *
   * @return whether every run succeeded with C equal to its reference
   */
  boolean run(Path recordsFile) throws Exception {
    Semiring<?> semiring = Semirings.forName(options.engineOptions.semiringName);
    boolean withYarn = options.engineOptions.engines.stream().anyMatch(Engine::needsYarn);
    try (TargetCluster cluster = options.clusterOptions.startOrConnect(withYarn)) {
      Target target = cluster.target();
      options.clusterOptions.requireNamespace(target.client());
      RunRecordFields records =
          new RunRecordFields(
              new RunRecords(recordsFile, RunParameters.of(options, cluster, source)));
      RunContext run =
          new RunContext(
              target,
              semiring,
              options.engineOptions.engines,
              tablePrefix,
              records,
              cluster.heap(),
              cluster.disk(),
              options.clusterOptions.keepTables,
              options.sweep.runLimit());
      boolean skipDecided = !options.sweep.allRepeats;
      var whole = new WholeTableRuns(run, skipDecided);
      var queued = new QueuedRuns(run, options.sweep.preparedC, skipDecided);
      boolean allEqual = workloads(target, whole, queued);
      if (!tablePrefix.isEmpty() && !options.clusterOptions.keepTables) {
        deleteTables(target.client(), tablePrefix);
      }
      return allEqual;
    }
  }

  /** Each SCALE's whole and queued workloads, then the cued one, then the two-hop one. */
  private boolean workloads(Target target, WholeTableRuns whole, QueuedRuns queued)
      throws Exception {
    SweepOptions sweep = options.sweep;
    boolean allEqual = true;
    int warmups = sweep.warmup;
    for (int scale : sweep.scales) {
      boolean queuedHere = sweep.workloads.contains(Workload.QUEUED) && scale == sweep.queuedAt();
      if (!sweep.workloads.contains(Workload.WHOLE) && !queuedHere) {
        continue;
      }
      ScaleInputs inputs = load(target, scale);
      if (sweep.workloads.contains(Workload.WHOLE)) {
        allEqual &= whole.run(inputs, warmups, sweep.repeats, sweep.oracleUpToScale);
        warmups = 0;
      }
      if (queuedHere) {
        allEqual &=
            queued.run(
                Workload.QUEUED,
                inputs,
                sweep.queuedRows,
                sweep.requests,
                sweep.concurrency,
                sweep.warmup);
      }
    }
    return allEqual & requestWorkloads(target, queued);
  }

  /** The workloads of requests on one generated graph: cued, under-batch, two-hop. */
  private boolean requestWorkloads(Target target, QueuedRuns queued) throws Exception {
    SweepOptions sweep = options.sweep;
    boolean allEqual = true;
    if (sweep.workloads.contains(Workload.CUED)) {
      ScaleInputs inputs = loadCued(target, sweep.cuedScale);
      allEqual &=
          queued.run(
              Workload.CUED,
              inputs,
              sweep.cuedRows,
              sweep.requests,
              sweep.concurrency,
              sweep.warmup);
      if (sweep.workloads.contains(Workload.UNDER_BATCH)) {
        allEqual &= underBatch(target, queued, inputs);
      }
    }
    if (sweep.workloads.contains(Workload.TWO_HOP)) {
      allEqual &=
          queued.run(
              Workload.TWO_HOP,
              loadTwoHop(target, sweep.twoHopScale),
              sweep.twoHopVertices,
              sweep.requests,
              sweep.concurrency,
              sweep.warmup);
    }
    return allEqual;
  }

  private ScaleInputs load(Target target, int scale) throws Exception {
    SparseMatrix a = source.read(scale, "A");
    SparseMatrix b = source.read(scale, "B");
    String atTable = tablePrefix + "AT_" + scale;
    String bTable = tablePrefix + "B_" + scale;
    long loadBegin = System.nanoTime();
    Map<String, SparseMatrix> tables = new LinkedHashMap<>();
    tables.put(atTable, a);
    tables.put(bTable, b);
    InputLoad.Method used =
        InputLoad.load(
            target.client(),
            options.load,
            target.volumes(),
            options.tablets,
            null,
            new ColumnVisibility(),
            tables);
    log.info(
        "SCALE {}: loaded {} ({} entries) and {} ({} entries) by {} in {} s",
        scale,
        atTable,
        a.nnz(),
        bTable,
        b.nnz(),
        used.label(),
        String.format("%.1f", (System.nanoTime() - loadBegin) / 1e9));
    Engine.Settings settings =
        options.engineOptions.settings(options.engineOptions.cSplits(a.transpose()));
    return new ScaleInputs(scale, atTable, bTable, a, b, settings);
  }

  /**
   * The cued workload's inputs: the generated B of {@code scale} and, as AT, its selection matrix
   * over every row of B (one entry (r, r, 1) per row), so that a request for rows R is the multiply
   * restricted to the shared rows R, and C is those rows of B.
   */
  private ScaleInputs loadCued(Target target, int scale) throws Exception {
    SparseMatrix b = MatrixSource.generated().read(scale, "B");
    SparseMatrix selection = new SparseMatrix();
    for (String row : b.rowIds()) {
      selection.put(row, row, "1");
    }
    String selectionTable = tablePrefix + "SEL_" + scale;
    String bTable = tablePrefix + "CUEDB_" + scale;
    Map<String, SparseMatrix> tables = new LinkedHashMap<>();
    tables.put(selectionTable, selection);
    tables.put(bTable, b);
    long loadBegin = System.nanoTime();
    InputLoad.load(
        target.client(),
        options.load,
        target.volumes(),
        options.tablets,
        options.cuedBlockSize,
        new ColumnVisibility(),
        tables);
    log.info(
        "cued SCALE {}: loaded {} ({} rows selectable) and {} ({} entries) in {} s",
        scale,
        selectionTable,
        selection.nnz(),
        bTable,
        b.nnz(),
        String.format("%.1f", (System.nanoTime() - loadBegin) / 1e9));
    Engine.Settings settings =
        options.engineOptions.settings(options.engineOptions.cSplits(selection));
    return new ScaleInputs(scale, selectionTable, bTable, selection, b, settings);
  }

  /**
   * The cued requests again, one at a time and without a warm-up (the servers are warm from the
   * cued batches), while whole-table multiplies of the batch SCALE's pair run ({@link BatchLoad}).
   */
  private boolean underBatch(Target target, QueuedRuns queued, ScaleInputs cued) throws Exception {
    SweepOptions sweep = options.sweep;
    ScaleInputs batchInputs = load(target, sweep.batchScale);
    try (BatchLoad batch =
        BatchLoad.start(queued.operands(batchInputs), tablePrefix + "BATCH_" + sweep.batchScale)) {
      batch.awaitRunning();
      queued.underBatch(() -> batch.describe(sweep.batchScale));
      boolean equal =
          queued.run(Workload.UNDER_BATCH, cued, sweep.cuedRows, sweep.requests, List.of(1), 0);
      log.info("under-batch: {}", batch.describe(sweep.batchScale));
      return equal;
    }
  }

  /**
   * The two-hop workload's inputs: the generated B of {@code scale} as the graph G, and as AT its
   * transpose Gᵀ, which only the multiply form of the request reads (loaded only when an engine
   * other than {@code two-hop} is asked).
   */
  private ScaleInputs loadTwoHop(Target target, int scale) throws Exception {
    SparseMatrix g = MatrixSource.generated().read(scale, "B");
    SparseMatrix gTransposed = g.transpose();
    String gTable = tablePrefix + "G_" + scale;
    String gtTable = tablePrefix + "GT_" + scale;
    Map<String, SparseMatrix> tables = new LinkedHashMap<>();
    tables.put(gTable, g);
    if (options.engineOptions.engines.stream().anyMatch(e -> !e.isTwoHop())) {
      tables.put(gtTable, gTransposed);
    }
    long loadBegin = System.nanoTime();
    InputLoad.load(
        target.client(),
        options.load,
        target.volumes(),
        options.tablets,
        null,
        new ColumnVisibility(),
        tables);
    log.info(
        "two-hop SCALE {}: loaded {} ({} tables, {} entries each) in {} s",
        scale,
        tables.keySet(),
        tables.size(),
        g.nnz(),
        String.format("%.1f", (System.nanoTime() - loadBegin) / 1e9));
    Engine.Settings settings = options.engineOptions.settings(options.engineOptions.cSplits(g));
    return new ScaleInputs(scale, gtTable, gTable, gTransposed, g, settings);
  }

  private static void deleteTables(AccumuloClient client, String prefix) throws Exception {
    for (String table : client.tableOperations().list()) {
      if (table.startsWith(prefix)) {
        client.tableOperations().delete(table);
      }
    }
    log.info("deleted this run's tables ({}*) from the cluster", prefix);
  }
}
