package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static outerproduct.kernel.oracle.OracleAssertions.assertEqualsOracle;
import static outerproduct.kernel.oracle.OracleAssertions.checksum;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.security.tokens.PasswordToken;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.SystemPermission;
import org.apache.accumulo.core.security.TablePermission;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.product.HeldInputs;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.product.WindowSize;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * TableMult with bulk output on real tablet servers: every C checked against the in-memory oracle,
 * the staging directory gone afterwards, and stretches staged twice, overlapping or missing (what a
 * lost tablet server leaves) imported exactly once.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TableMultBulkIT {
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");

  private Properties props;
  private AccumuloClient client;

  /**
   * Staging parents of the tests that name one: on the cluster's file system, as bulk import needs.
   */
  private Path stagingParents;

  private SparseMatrix a10;
  private SparseMatrix b10;

  @BeforeAll
  void loadInputs(EmbeddedAccumulo accumulo) throws Exception {
    props = accumulo.clientProperties();
    client = accumulo.newClient();
    stagingParents = Files.createDirectories(accumulo.dir().resolve("bulk-staging-test"));
    a10 = KroneckerGenerator.standard(10, "A").matrix();
    b10 = KroneckerGenerator.standard(10, "B").matrix();
    MatrixLoader.load(client, "bulkAT10", a10, 2);
    MatrixLoader.load(client, "bulkB10", b10, 2);
  }

  @AfterAll
  void close() {
    client.close();
  }

  /** A small window: each tablet writes many sorted files, all imported once, none left behind. */
  @Test
  void wholeTableFromManyFilesEqualsOracle() throws Exception {
    Path staging = Files.createDirectory(stagingParents.resolve("whole"));
    TableMultResult r =
        TableMult.on(props)
            .transposeOf("bulkAT10")
            .times("bulkB10")
            .into("Cbulk10")
            .output(Output.BULK)
            .staging(staging.toUri().toString())
            .bulkFiles(2_000, "snappy")
            .run();
    SparseMatrix oracle = ReferenceMultiply.multiply(LONG, a10, b10);
    assertEqualsOracle(client, "Cbulk10", oracle);
    assertEquals(ReferenceMultiply.partialProducts(a10, b10, RowRanges.all()), r.partialProducts());
    assertTrue(
        r.entriesWritten() >= oracle.nnz() && r.entriesWritten() < r.partialProducts(),
        "windows pre-sum: " + r.entriesWritten() + " entries for " + r.partialProducts() + " pp");
    assertTrue(r.phases().containsKey("bulk_import"), r.phases().toString());
    try (Stream<Path> left = Files.list(staging)) {
      assertEquals(List.of(), left.toList(), "the staging directory is removed");
    }
  }

  /**
   * A row of B too large for the inputs a stretch may hold ({@link HeldInputs#MIN_BOUND_BYTES} at
   * this window), between ordinary rows: the stretch before it ends at the bound, the row is
   * multiplied alone through the window, and the rows after it are held again. C and CT equal the
   * oracle. The window is the largest whose bound is still that minimum: the hub's 180,000 products
   * pass through it in a few windows, not the hundreds a small one would spill.
   */
  @Test
  void aRowLargerThanTheHeldBoundIsMultipliedAlone() throws Exception {
    SparseMatrix at = new SparseMatrix();
    SparseMatrix b = new SparseMatrix();
    for (int k = 0; k < 30; k++) {
      String row = String.format("r%02d", k);
      for (int x = 0; x < 20; x++) {
        // the hub's row of AT: two entries, so that C holds two of the hub's rows, not twenty
        if (k != 15 || x < 2) {
          at.put(row, Integer.toString((k * 7 + x * 3) % 50), Integer.toString(x % 5 + 1));
        }
        b.put(row, Integer.toString((k * 11 + x * 5) % 60), Integer.toString(x % 3 + 1));
      }
    }
    int hub = (int) (HeldInputs.MIN_BOUND_BYTES / HeldInputs.BYTES_PER_ENTRY) + 1000;
    for (int j = 0; j < hub; j++) {
      b.put("r15", "h" + j, "2");
    }
    MatrixLoader.load(client, "bulkATHub", at, 1);
    MatrixLoader.load(client, "bulkBHub", b, 1);
    TableMult.on(props)
        .transposeOf("bulkATHub")
        .times("bulkBHub")
        .into("bulkCHub")
        .alsoTranspose("bulkCTHub")
        .output(Output.BULK)
        .bulkFiles(2 * HeldInputs.MIN_BOUND_BYTES / WindowSize.BYTES_PER_PRODUCT, null)
        .run();
    SparseMatrix oracle = ReferenceMultiply.multiply(LONG, at, b);
    assertEqualsOracle(client, "bulkCHub", oracle);
    assertEqualsOracle(client, "bulkCTHub", oracle.transpose());
  }

  @Test
  void subsetColumnsAndTransposeEqualOracle() throws Exception {
    RowRanges rows = RowRanges.parse("1,:,150,7,9,:,");
    ColumnFilter atCols = ColumnFilter.parse("1,2,3,5,8,13,21,34,55,89,");
    ColumnFilter bCols = ColumnFilter.parse("1,4,9,16,25,36,49,64,81,100,");
    TableMult.on(props)
        .transposeOf("bulkAT10")
        .times("bulkB10")
        .into("Cbulksub")
        .alsoTranspose("CTbulksub")
        .rows(rows)
        .atColumns(atCols.toD4m())
        .bColumns(bCols.toD4m())
        .output(Output.BULK)
        .run();
    SparseMatrix oracle = ReferenceMultiply.multiply(LONG, a10, b10, rows, atCols, bCols);
    assertTrue(oracle.nnz() > 0, "the subset is not empty");
    assertEqualsOracle(client, "Cbulksub", oracle);
    assertEqualsOracle(client, "CTbulksub", oracle.transpose());
  }

  /**
   * Every built-in semiring through bulk output, with a 5-product window so that each tablet spills
   * runs and merges them: the merge's ⊕ is the semiring's.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "plus-times-long",
        "plus-times-double",
        "plus-times-bigdecimal",
        "min-plus",
        "max-plus",
        "max-min",
        "or-and"
      })
  void everyBuiltInSemiringEqualsOracle(String name) throws Exception {
    Semiring<?> s = Semirings.forName(name);
    boolean booleans = name.equals("or-and");
    SparseMatrix a = TableMultIT.random(name.hashCode(), booleans);
    SparseMatrix b = TableMultIT.random(name.hashCode() + 1, booleans);
    String suffix = name.replace('-', '_');
    MatrixLoader.load(client, "bulkATs_" + suffix, a, 2);
    MatrixLoader.load(client, "bulkBs_" + suffix, b, 2);
    TableMult.on(props)
        .transposeOf("bulkATs_" + suffix)
        .times("bulkBs_" + suffix)
        .into("bulkCs_" + suffix)
        .semiring(name)
        .output(Output.BULK)
        .bulkFiles(5, null)
        .run();
    assertEquals(
        ResultChecksum.of(ReferenceMultiply.multiply(s, a, b)),
        TableChecksum.of(client, "bulkCs_" + suffix, s, Authorizations.EMPTY).checksum());
  }

  /**
   * Bulk output onto an existing C: refused by default; asked to add, the new products ⊕ onto its
   * values, as with BatchWriters.
   */
  @Test
  void aSecondMultiplyAddsOntoCOnlyWhenAsked() throws Exception {
    TableMult first =
        TableMult.on(props)
            .transposeOf("bulkAT10")
            .times("bulkB10")
            .into("Cbulktwice")
            .rows("1,:,200,")
            .output(Output.BULK);
    first.run();
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, first::run);
    assertEquals(
        "result table 'Cbulktwice' already holds a complete result: give another table, replace"
            + " it (--replace, replace()), or add this multiply's products to it"
            + " (--add-to-existing, addToExisting())",
        refused.getMessage());
    first.addToExisting().run();
    SparseMatrix once =
        ReferenceMultiply.multiply(LONG, a10, b10, RowRanges.parse("1,:,200,"), null, null);
    SparseMatrix twice = new SparseMatrix();
    for (SparseMatrix.Entry e : once.entries()) {
      twice.put(e.row(), e.column(), Long.toString(2 * Long.parseLong(e.value())));
    }
    assertEqualsOracle(client, "Cbulktwice", twice);
  }

  /**
   * What a lost tablet server can leave in the staging directory, made by real scans: a stretch
   * committed twice (the server died after committing, before its monitoring entry arrived, and the
   * scan resumed before it), stretches overlapping others (a stack still running where the tablet
   * had been), and rows no stretch covers (a stretch lost). The multiply then scans only the
   * uncovered rows and imports every product once.
   */
  @Test
  void stretchesStagedTwiceOverlappingOrMissingAreImportedOnce() throws Exception {
    Path parent = Files.createDirectory(stagingParents.resolve("faults"));
    ResultTables.prepare(client, "Cbulkfaults", LONG.name());
    try (BulkStaging staging =
            BulkStaging.create(client, parent.toUri().toString(), List.of("Cbulkfaults"));
        CredentialFile credentials =
            CredentialFile.write(
                client,
                props,
                CredentialFile.Grant.of(client, "bulkB10", "bulkAT10", "Cbulkfaults"))) {
      List<IteratorSetting> stack = stack(staging.uri(), 3_000, credentials);
      long first = scan(stack, new Range("2", true, "5", false));
      long overlapping = scan(stack, new Range("3", true, "4", false));
      FileSystem fs = FileSystem.get(parent.toUri(), new Configuration());
      org.apache.hadoop.fs.Path committed =
          new org.apache.hadoop.fs.Path(staging.uri(), StretchFiles.COMMITTED);
      org.apache.hadoop.fs.Path[] stretches = FileUtil.stat2Paths(fs.listStatus(committed));
      assertTrue(stretches.length > 4, "several stretches: " + stretches.length);
      FileUtil.copy(
          fs,
          stretches[0],
          fs,
          new org.apache.hadoop.fs.Path(committed, "copy-of-" + stretches[0].getName()),
          false,
          new Configuration());
      fs.delete(stretches[1], true);

      ResultScan.Totals totals =
          new ResultScan(client, List.of("Cbulkfaults"), new PhaseClock())
              .staged("Cbulkfaults", null)
              .scanIntoStaging(
                  java.util.concurrent.CompletableFuture.completedFuture(null),
                  "bulkB10",
                  List.of(new Range()),
                  stack,
                  4,
                  p -> {},
                  staging);
      long all = ReferenceMultiply.partialProducts(a10, b10, RowRanges.all());
      assertTrue(first + overlapping > 0 && first < all, first + " of " + all);
      assertTrue(
          totals.total().partialProducts() < all,
          "only uncovered rows were multiplied again: "
              + totals.total().partialProducts()
              + " of "
              + all);
    }
    assertEqualsOracle(client, "Cbulkfaults", ReferenceMultiply.multiply(LONG, a10, b10));
  }

  /**
   * A C that does not exist yet is created and taken while the tablet servers stage its files, and
   * the import waits for it (of two multiplies into one new C, one takes it: ResultIntegrityIT).
   */
  @Test
  void aNewCIsCreatedWhileTheScanStagesItsFiles() throws Exception {
    TableMultResult r =
        TableMult.on(props)
            .transposeOf("bulkAT10")
            .times("bulkB10")
            .into("Cbulkbeside")
            .output(Output.BULK)
            .run();
    assertTrue(r.phases().containsKey("await_results"), "C created beside the scan: " + r.phases());
    assertEqualsOracle(client, "Cbulkbeside", ReferenceMultiply.multiply(LONG, a10, b10));
    assertEquals(ResultState.COMPLETE, ResultState.state(client, "Cbulkbeside"));
    assertEquals(
        FileCompression.NEW_TABLE,
        client.tableOperations().getConfiguration("Cbulkbeside").get("table.file.compress.type"),
        "the staged files were compressed as the C created meanwhile compacts");
  }

  @Test
  void aFailingTabletLeavesCUntouchedAndImportsNothing() throws Exception {
    Path staging = Files.createDirectory(stagingParents.resolve("failing"));
    TableMult.on(props)
        .transposeOf("bulkAT10")
        .times("bulkB10")
        .into("Cbulkkept")
        .rows("1,:,50,")
        .run();
    String before = checksum(client, "Cbulkkept");
    MatrixLoader.load(client, "bulkBadValues", new SparseMatrix().put("1", "7", "x1"), 1);
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                TableMult.on(props)
                    .transposeOf("bulkAT10")
                    .times("bulkBadValues")
                    .into("Cbulkkept")
                    .addToExisting()
                    .output(Output.BULK)
                    .staging(staging.toUri().toString())
                    .run());
    assertTrue(
        e.getMessage().contains("value 'x1' is not a plus-times-long value")
            && e.getMessage().contains("nothing was imported"),
        e.getMessage());
    assertEquals(before, checksum(client, "Cbulkkept"));
    assertEquals(
        ResultState.COMPLETE,
        client.tableOperations().getConfiguration("Cbulkkept").get(ResultState.PROPERTY),
        "C is given back as it was");
    try (Stream<Path> left = Files.list(staging)) {
      assertEquals(List.of(), left.toList(), "the staging directory is removed");
    }
    assertThrows(
        IllegalStateException.class,
        () ->
            TableMult.on(props)
                .transposeOf("bulkAT10")
                .times("bulkBadValues")
                .into("Cbulknew")
                .output(Output.BULK)
                .run());
    assertFalse(
        client.tableOperations().exists("Cbulknew"), "a C the failed multiply made is deleted");
  }

  @Test
  void missingBulkPermissionsAndBadSettingsAreNamedBeforeAnythingRuns() throws Exception {
    client.securityOperations().createLocalUser("dora", new PasswordToken("dora-pw"));
    client.securityOperations().grantSystemPermission("dora", SystemPermission.CREATE_TABLE);
    for (String input : new String[] {"bulkAT10", "bulkB10"}) {
      client.securityOperations().grantTablePermission("dora", input, TablePermission.READ);
    }
    Properties dora = (Properties) props.clone();
    dora.setProperty("auth.principal", "dora");
    dora.setProperty("auth.token", "dora-pw");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                TableMult.on(dora)
                    .transposeOf("bulkAT10")
                    .times("bulkB10")
                    .into("Cdora")
                    .output(Output.BULK)
                    .run());
    assertEquals(
        "output bulk: user 'dora' lacks System permission SYSTEM, which Accumulo 2.1's bulk import"
            + " needs to read the system configuration; use output batchwriter or grant it",
        e.getMessage());
    assertFalse(client.tableOperations().exists("Cdora"), "the C it created is deleted");

    client.securityOperations().grantSystemPermission("dora", SystemPermission.SYSTEM);
    ResultTables.prepare(client, "Cshared", LONG.name());
    for (TablePermission p :
        new TablePermission[] {
          TablePermission.READ, TablePermission.WRITE, TablePermission.ALTER_TABLE
        }) {
      client.securityOperations().grantTablePermission("dora", "Cshared", p);
    }
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                TableMult.on(dora)
                    .transposeOf("bulkAT10")
                    .times("bulkB10")
                    .into("Cshared")
                    .output(Output.BULK)
                    .run());
    assertEquals(
        "output bulk: user 'dora' lacks Table permission BULK_IMPORT on 'Cshared'; use output"
            + " batchwriter or grant it",
        e.getMessage());
    assertEquals(0, TableChecksum.of(client, "Cshared", LONG, Authorizations.EMPTY).nnz());

    TableMult mult = TableMult.on(props).transposeOf("bulkAT10").times("bulkB10").into("Cx");
    e = assertThrows(IllegalArgumentException.class, () -> mult.staging("tmp/x"));
    assertEquals("staging 'tmp/x' must be a qualified URI (hdfs://..., file:/...)", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> mult.bulkFiles(0, null));
    assertEquals("window must be between 1 and 268435456 products, got 0", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> mult.bulkFiles(10, "zip"));
    assertEquals(
        "file compression 'zip': expected one of none, gz, snappy, lz4, lzo, zstd, bzip2",
        e.getMessage());
  }

  /**
   * The multiply's stack writing into {@code stagingUri}, a monitoring entry every few products.
   */
  private List<IteratorSetting> stack(
      String stagingUri, long monitorEvery, CredentialFile credentials) {
    WriteSettings writing = new WriteSettings();
    writing.output = Output.BULK;
    writing.monitorEntries = monitorEvery;
    return List.of(
        ProductStack.outerProduct(
            "bulkAT10", "bulkB10", LONG.name(), RowRanges.all(), null, null, credentials),
        writing.remoteWrite("Cbulkfaults", null, credentials, LONG.name(), true, stagingUri));
  }

  /** Scans B over {@code range} with {@code stack}; returns the partial products formed. */
  private long scan(List<IteratorSetting> stack, Range range) throws Exception {
    long products = 0;
    try (BatchScanner scan = client.createBatchScanner("bulkB10", Authorizations.EMPTY, 2)) {
      scan.setRanges(List.of(range));
      stack.forEach(scan::addScanIterator);
      for (Map.Entry<Key, Value> entry : scan) {
        Progress p = Progress.decode(entry.getValue());
        assertEquals(null, p.error());
        products += p.partialProducts();
      }
    }
    return products;
  }
}
