package outerproduct.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static outerproduct.kernel.oracle.OracleAssertions.assertEqualsOracle;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.BalancedRanges;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.d4m.ByteOrder;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.product.MultiplyBuilder;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * The MapReduce engine on the shared MiniAccumuloCluster and MiniMRYarnCluster (tasks in container
 * JVMs), every C checked against the in-memory oracle.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OuterProductJobIT {
  private static final Logger log = LoggerFactory.getLogger(OuterProductJobIT.class);
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");

  private EmbeddedYarn yarn;
  private Path clientProperties;
  private AccumuloClient client;
  private SparseMatrix a10;
  private SparseMatrix b10;

  @BeforeAll
  void loadInputs(EmbeddedAccumulo accumulo, EmbeddedYarn yarn) throws Exception {
    this.yarn = yarn;
    clientProperties = accumulo.clientPropertiesFile().toPath();
    client = accumulo.newClient();
    a10 = KroneckerGenerator.standard(10, "A").matrix();
    b10 = KroneckerGenerator.standard(10, "B").matrix();
    MatrixLoader.load(client, "AT10", a10, 2);
    MatrixLoader.load(client, "B10", b10, 2);
  }

  @AfterAll
  void close() {
    client.close();
  }

  private MultiplyBuilder.TransposeOf<MultiplyBuilder.Into<MapReduceMultiply>> multiply() {
    return MapReduceMultiply.on(yarn.configuration(), clientProperties);
  }

  @Test
  void scale12GraphEqualsOracle() throws Exception {
    SparseMatrix a = KroneckerGenerator.standard(12, "A").matrix();
    SparseMatrix b = KroneckerGenerator.standard(12, "B").matrix();
    MatrixLoader.load(client, "AT12", a, 2);
    MatrixLoader.load(client, "B12", b, 2);
    SparseMatrix oracle = ReferenceMultiply.multiply(LONG, a, b);
    TreeSet<Text> cSplits = new TreeSet<>(MatrixLoader.splits(oracle, 2));
    // Inputs held whole in each map (a window of 1M products holds 16 MB of them), their products
    // formed in ranges of C rows: a map emits each cell of its split's share of C once, summed.
    MapReduceMultiply.Result r =
        multiply()
            .transposeOf("AT12")
            .times("B12")
            .into("C12mr")
            .reducers(2)
            .cSplits(cSplits)
            .presum(1_000_000)
            .run();

    assertEqualsOracle(client, "C12mr", oracle);
    assertEquals(ReferenceMultiply.partialProducts(a, b, RowRanges.all()), r.partialProducts());
    assertEquals(oracle.nnz(), r.entriesWritten());
    assertEquals(2, r.maps(), "one map per tablet of B");
    assertEquals(2, r.reduces());
    assertEquals(
        cellsOfEachTablet(a, b, client.tableOperations().listSplits("B12")),
        r.combinerIn(),
        "each map emits each cell of its tablet's share of C once: " + r);
    assertEquals(r.combinerIn(), r.combinerOut(), "no row leaves a map twice: " + r);
    log.info("SCALE 12 MR: {}", r);
  }

  @Test
  void scale10BulkOutputEqualsOracle() throws Exception {
    SparseMatrix oracle = ReferenceMultiply.multiply(LONG, a10, b10);
    MapReduceMultiply.Result r =
        multiply()
            .transposeOf("AT10")
            .times("B10")
            .into("C10bulk")
            .reducers(2)
            .cSplits(new TreeSet<>(MatrixLoader.splits(oracle, 3)))
            .output(Output.BULK)
            .presum(0)
            .run();
    assertEqualsOracle(client, "C10bulk", oracle);
    assertEquals(
        r.partialProducts(), r.mapOutput(), "without pre-sum every product leaves its mapper");
    assertTrue(r.combinerOut() < r.combinerIn(), "without a window the combiner sums: " + r);
    assertEquals(oracle.nnz(), r.entriesWritten());
    assertPhasesKnown(r);
    assertTrue(r.phases().bulkImport() > 0, "the bulk import is a phase of its own: " + r.phases());
    log.info("SCALE 10 MR bulk: {}", r);
  }

  /**
   * With degree tables the maps are cut at rows of equal work, not at B's tablets: as many maps as
   * B has tablets, each multiplying one of the ranges {@link BalancedRanges} cuts (the partial
   * products each map counted are those of one range).
   */
  @Test
  void mapsCutAtRowsOfEqualWorkWhereDegreeTablesTell() throws Exception {
    SparseMatrix a = KroneckerGenerator.standard(11, "A").matrix();
    SparseMatrix b = KroneckerGenerator.standard(11, "B").matrix();
    MatrixLoader.into(client).tablets(2).degrees().load("ATdeg11", a);
    MatrixLoader.into(client).tablets(2).degrees().load("Bdeg11", b);
    SparseMatrix oracle = ReferenceMultiply.multiply(LONG, a, b);
    List<Job> submitted = new ArrayList<>();
    MapReduceMultiply.Result r =
        multiply()
            .transposeOf("ATdeg11")
            .times("Bdeg11")
            .into("Cdeg11")
            .reducers(2)
            .output(Output.BULK)
            .onSubmit(submitted::add)
            .run();
    assertEqualsOracle(client, "Cdeg11", oracle);
    assertEquals(2, r.maps(), "as many maps as B has tablets");
    List<Long> expected = new ArrayList<>();
    for (Range range : BalancedRanges.of(client, "ATdeg11", "Bdeg11", 2)) {
      long products = 0;
      for (String k : a.rowIds()) {
        if (range.contains(new Key(k))) {
          products += (long) a.row(k).size() * b.row(k).size();
        }
      }
      expected.add(products);
    }
    List<Long> counted = new ArrayList<>();
    for (var map : submitted.get(0).getTaskReports(TaskType.MAP)) {
      counted.add(
          map.getTaskCounters().findCounter(OuterProductCounter.PARTIAL_PRODUCTS).getValue());
    }
    expected.sort(null);
    counted.sort(null);
    assertEquals(expected, counted, "each map multiplied one range of about equal work");
  }

  /** Bulk output of a request whose rows share nothing: no file to import, C empty and complete. */
  @Test
  void bulkOutputOfARequestWithNoProductLeavesCEmpty() throws Exception {
    RowRanges none = RowRanges.parse("nosuchrow,");
    MapReduceMultiply.Result r =
        multiply()
            .transposeOf("AT10")
            .times("B10")
            .into("C10bulkNone")
            .rows(none)
            .uber(UberMode.ON)
            .output(Output.BULK)
            .run();
    assertEquals(0, r.partialProducts());
    assertEqualsOracle(
        client, "C10bulkNone", ReferenceMultiply.multiply(LONG, a10, b10, none, null, null));
    assertEquals(
        ResultState.COMPLETE,
        client.tableOperations().getConfiguration("C10bulkNone").get(ResultState.PROPERTY));
  }

  /** A row subset with column filters, uber mode: tasks run in the AM, one map per tablet. */
  @Test
  void rowSubsetWithColumnFiltersInUberMode() throws Exception {
    RowRanges rows = RowRanges.parse("1,:,150,7,9,:,");
    ColumnFilter atCols = ColumnFilter.parse("1,2,3,5,8,13,21,34,55,89,");
    ColumnFilter bCols = ColumnFilter.parse("1,4,9,16,25,36,49,64,81,100,");
    MapReduceMultiply.Result r =
        multiply()
            .transposeOf("AT10")
            .times("B10")
            .into("C10sub")
            .rows(rows)
            .atColumns(atCols.toD4m())
            .bColumns(bCols.toD4m())
            .uber(UberMode.ON)
            .run();
    SparseMatrix oracle = ReferenceMultiply.multiply(LONG, a10, b10, rows, atCols, bCols);
    assertTrue(oracle.nnz() > 0, "the subset is not empty");
    assertEqualsOracle(client, "C10sub", oracle);
    assertTrue(r.uber(), "ran as an uber job");
    assertTrue(r.maps() <= 2, "ranges grouped by tablet of B: " + r.maps() + " maps");
    assertPhasesKnown(r);
    assertEquals(0.0, r.phases().bulkImport(), "BatchWriter output has no import: " + r.phases());
    log.info("row subset, uber: {}", r);
  }

  /**
   * Every phase was read from the job's reports (none NaN, none negative) and together they fit in
   * the multiply's own time, which also covers checking the tables before the job.
   */
  private static void assertPhasesKnown(MapReduceMultiply.Result r) {
    JobPhases p = r.phases();
    double[] phases = {
      p.submit(), p.startup(), p.maps(), p.reduces(), p.commit(), p.notice(), p.bulkImport()
    };
    for (double phase : phases) {
      assertTrue(phase >= 0, "every phase known and not negative: " + p);
    }
    double sum = Arrays.stream(phases).sum();
    assertTrue(
        sum <= r.seconds() + 0.01,
        "phases " + sum + " s within the multiply's " + r.seconds() + " s: " + p);
  }

  /** Σ over B's tablets of nnz(C) formed from that tablet's rows alone (AT's same rows). */
  private static long cellsOfEachTablet(SparseMatrix a, SparseMatrix b, Collection<Text> splits) {
    List<String> ends = new ArrayList<>();
    splits.forEach(split -> ends.add(split.toString()));
    ends.add(null);
    long cells = 0;
    String after = null;
    for (String end : ends) {
      cells += ReferenceMultiply.multiply(LONG, rows(a, after, end), rows(b, after, end)).nnz();
      after = end;
    }
    return cells;
  }

  /** The rows of {@code m} after {@code after} up to {@code end} (null: unbounded), as a tablet. */
  private static SparseMatrix rows(SparseMatrix m, String after, String end) {
    SparseMatrix part = new SparseMatrix();
    for (SparseMatrix.Entry e : m.entries()) {
      if ((after == null || ByteOrder.STRINGS.compare(e.row(), after) > 0)
          && (end == null || ByteOrder.STRINGS.compare(e.row(), end) <= 0)) {
        part.put(e.row(), e.column(), e.value());
      }
    }
    return part;
  }
}
