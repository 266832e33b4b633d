package outerproduct.inputs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.kernel.accumulo.DegreeTables;
import outerproduct.kernel.oracle.SparseMatrix;

/**
 * Both ways in put exactly the matrix into a table pre-split at its row quantiles, report every
 * entry to the progress listener, and leave no staging files behind. (In the compare module's test
 * JVM for its shared cluster; the loader lives in the inputs module.)
 */
@ExtendWith(SharedClusters.class)
class MatrixLoaderIT {

  @Test
  void batchWriterAndBulkImportLoadTheSameTable(EmbeddedAccumulo accumulo) throws Exception {
    SparseMatrix b = KroneckerGenerator.standard(10, "B").matrix();
    Configuration hadoop = new Configuration();
    FileSystem fs = FileSystem.get(hadoop);
    Path staging = new Path(fs.getHomeDirectory(), ".outerproduct");
    int stagedBefore = fs.exists(staging) ? fs.listStatus(staging).length : 0;
    try (AccumuloClient client = accumulo.newClient()) {
      for (boolean bulk : new boolean[] {false, true}) {
        String table = bulk ? "loadBulk" : "loadBatchWriter";
        AtomicLong reported = new AtomicLong();
        MatrixLoader loader = MatrixLoader.into(client).tablets(3).onProgress(reported::addAndGet);
        if (bulk) {
          loader.bulk(hadoop);
        }
        assertEquals(b.nnz(), loader.load(table, b));
        assertEquals(b.nnz(), reported.get(), table + ": progress adds up to the entries");
        assertEquals(
            MatrixLoader.splits(b, 3),
            new TreeSet<>(client.tableOperations().listSplits(table)),
            table + ": split at the row quantiles");
        assertEquals(b, scan(client, table), table + " holds exactly the matrix");
        assertEquals(
            bulk ? 3 : 0,
            importedFiles(client, table),
            table + ": bulk-imported files, one per tablet");
        assertThrows(
            IllegalArgumentException.class,
            () -> MatrixLoader.into(client).load(table, b),
            "an existing table is never appended to");
      }
    }
    assertEquals(
        stagedBefore,
        fs.exists(staging) ? fs.listStatus(staging).length : 0,
        "staging directory removed");
  }

  @Test
  void aLabelledLoadIsReadOnlyWithTheLabelAndSoIsItsDegreeTable(EmbeddedAccumulo accumulo)
      throws Exception {
    SparseMatrix b = KroneckerGenerator.standard(7, "B").matrix();
    try (AccumuloClient client = accumulo.newClient()) {
      Authorizations before = client.securityOperations().getUserAuthorizations("root");
      client.securityOperations().changeUserAuthorizations("root", new Authorizations("L"));
      try {
        for (boolean bulk : new boolean[] {false, true}) {
          String table = bulk ? "labelBulk" : "labelBatchWriter";
          MatrixLoader loader =
              MatrixLoader.into(client).tablets(2).degrees().visibility(new ColumnVisibility("L"));
          if (bulk) {
            loader.bulk(new Configuration());
          }
          loader.load(table, b);
          assertEquals(b, scan(client, table, new Authorizations("L")), table + " with L");
          assertEquals(0, scan(client, table, Authorizations.EMPTY).nnz(), table + " without L");
          assertEquals(
              0,
              scan(client, DegreeTables.of(table), Authorizations.EMPTY).nnz(),
              table + ": the degrees are labelled too");
          assertEquals(
              b.rowIds().size(),
              scan(client, DegreeTables.of(table), new Authorizations("L")).nnz(),
              table + ": one degree per row");
        }
      } finally {
        client.securityOperations().changeUserAuthorizations("root", before);
      }
    }
  }

  /** Data files of the table that a bulk import brought in (Accumulo names them I*.rf). */
  private static long importedFiles(AccumuloClient client, String table) throws Exception {
    String id = client.tableOperations().tableIdMap().get(table);
    long files = 0;
    try (Scanner metadata = client.createScanner("accumulo.metadata", Authorizations.EMPTY)) {
      metadata.setRange(new Range(id + ";", id + "<"));
      metadata.fetchColumnFamily(new Text("file"));
      for (Map.Entry<Key, Value> e : metadata) {
        String file = e.getKey().getColumnQualifier().toString();
        if (file.substring(file.lastIndexOf('/') + 1).startsWith("I")) {
          files++;
        }
      }
    }
    return files;
  }

  private static SparseMatrix scan(AccumuloClient client, String table) throws Exception {
    return scan(client, table, Authorizations.EMPTY);
  }

  private static SparseMatrix scan(AccumuloClient client, String table, Authorizations auths)
      throws Exception {
    SparseMatrix m = new SparseMatrix();
    try (Scanner scanner = client.createScanner(table, auths)) {
      for (Map.Entry<Key, Value> e : scanner) {
        assertNull(
            m.get(e.getKey().getRow().toString(), e.getKey().getColumnQualifier().toString()),
            "one entry per cell");
        m.put(
            e.getKey().getRow().toString(),
            e.getKey().getColumnQualifier().toString(),
            e.getValue().toString());
      }
    }
    return m;
  }
}
