package outerproduct.compare.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.client.rfile.RFileWriter;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;
import outerproduct.embedded.SharedClusters;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.multiply.ExecutionPath;
import outerproduct.multiply.Multiply;

/**
 * A hub vertex: one row of B with 5,000,000 entries, held by the server-side paths in parts ({@code
 * RowParts}) rather than whole, on the shared cluster's 768 MB tablet servers. C (5,000,001 cells)
 * equals an oracle computed cell by cell from the generator's formula, with nothing of the kernel
 * in it, and the tablet servers' heap after every collection stays under their limit; the peak is
 * logged with each path.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HubRowIT {
  private static final Logger log = LoggerFactory.getLogger(HubRowIT.class);
  private static final int HUB_ENTRIES = 5_000_000;
  private static final int TABLET_SERVER_MB = 768;

  private EmbeddedAccumulo accumulo;
  private EmbeddedYarn yarn;
  private AccumuloClient client;

  @BeforeAll
  void loadHub(EmbeddedAccumulo accumulo, EmbeddedYarn yarn, @TempDir Path tmp) throws Exception {
    this.accumulo = accumulo;
    this.yarn = yarn;
    client = accumulo.newClient();
    // AT: the hub row k0 meets column i1; a second shared row k1 gives C one more cell.
    bulkLoad("hubAT", tmp.resolve("at"), List.of(entry("k0", "i1", 2), entry("k1", "i0", 5)));
    Path dir = Files.createDirectories(tmp.resolve("b"));
    FileSystem local = FileSystem.getLocal(new Configuration());
    try (RFileWriter writer =
        RFile.newWriter().to(dir.resolve("hub.rf").toString()).withFileSystem(local).build()) {
      for (int j = 0; j < HUB_ENTRIES; j++) {
        writer.append(new Key("k0", "", column(j)), new Value(Integer.toString(bValue(j))));
      }
      writer.append(new Key("k1", "", column(1)), new Value("3"));
    }
    client.tableOperations().create("hubB");
    client.tableOperations().importDirectory(dir.toString()).to("hubB").load();
  }

  @AfterAll
  void close() {
    client.close();
  }

  private static String column(int j) {
    return String.format(Locale.ROOT, "j%07d", j);
  }

  private static int bValue(int j) {
    return j % 7 + 1;
  }

  @Test
  void aHubRowOfFiveMillionEntriesMultipliesExactlyWithinTheTabletServersHeap() throws Exception {
    String expected = oracle();
    try (TabletServerHeap heap = TabletServerHeap.attach(accumulo.tabletServerPids())) {
      for (ExecutionPath path :
          List.of(ExecutionPath.ITERATOR_BULK, ExecutionPath.ITERATOR, ExecutionPath.MR_BULK)) {
        String c = "hubC_" + path.name();
        heap.reset();
        Multiply.on(accumulo.clientPropertiesFile().toPath())
            .transposeOf("hubAT")
            .times("hubB")
            .into(c)
            .path(path)
            .hadoop(yarn.configuration())
            .run();
        Double peakMb = heap.peakMb();
        log.info(
            "hub row of {} entries, path {}: tablet server heap peak {} MB of {} MB",
            HUB_ENTRIES,
            path,
            peakMb,
            TABLET_SERVER_MB);
        assertNotNull(peakMb, "the tablet servers' heap was read");
        assertTrue(peakMb < TABLET_SERVER_MB, path + ": heap peak " + peakMb + " MB");
        TableChecksum.Result result =
            TableChecksum.of(client, c, Semirings.forName("plus-times-long"), Authorizations.EMPTY);
        assertEquals(HUB_ENTRIES + 1L, result.nnz(), path.label());
        assertEquals(expected, result.checksum(), path.label());
      }
    }
  }

  /** C by the formula: C(i0, j0000001) = 5·3, C(i1, j) = 2·bValue(j), in key order. */
  private static String oracle() {
    ResultChecksum sum = new ResultChecksum();
    sum.add("i0", column(1), "15");
    for (int j = 0; j < HUB_ENTRIES; j++) {
      sum.add("i1", column(j), Integer.toString(2 * bValue(j)));
    }
    return sum.hex();
  }

  private record Entry(String row, String column, int value) {}

  private static Entry entry(String row, String column, int value) {
    return new Entry(row, column, value);
  }

  private void bulkLoad(String table, Path dir, List<Entry> entries) throws Exception {
    Files.createDirectories(dir);
    try (RFileWriter writer =
        RFile.newWriter()
            .to(dir.resolve("m.rf").toString())
            .withFileSystem(FileSystem.getLocal(new Configuration()))
            .build()) {
      for (Entry e : entries) {
        writer.append(new Key(e.row(), "", e.column()), new Value(Integer.toString(e.value())));
      }
    }
    client.tableOperations().create(table);
    client.tableOperations().importDirectory(dir.toString()).to(table).load();
  }
}
