package outerproduct.inputs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.LongConsumer;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.client.rfile.RFileWriter;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.accumulo.DegreeTables;
import outerproduct.kernel.accumulo.PrivateFiles;
import outerproduct.kernel.accumulo.ServerUser;
import outerproduct.kernel.oracle.SparseMatrix;

/**
 * Writes a matrix into a new table in the layout (row, empty family, qualifier = column, value =
 * decimal text), pre-split into tablets at row quantiles of its entries so each tablet holds about
 * the same number of entries.
 *
 * <p>Two ways in: a BatchWriter (the default), or a bulk import ({@link #bulk}): one RFile per
 * tablet, written to a private directory on Hadoop's default file system and imported at once,
 * which skips the tablet servers' write-ahead log and in-memory map for large inputs. Either way
 * the table is new: a loader never appends to an existing table.
 *
 * <pre>{@code
 * MatrixLoader.into(client).tablets(4).bulk(new Configuration())
 *     .onProgress(bar::stepBy).load("B_16", b);
 * }</pre>
 */
public final class MatrixLoader {
  /** Entries between two progress reports. */
  static final int PROGRESS_EVERY = 10_000;

  private final AccumuloClient client;
  private int tablets = 1;
  private Configuration bulk;
  private Map<String, String> tableProperties = Map.of();
  private boolean degrees;
  private ColumnVisibility visibility = new ColumnVisibility();
  private LongConsumer progress = entries -> {};

  private MatrixLoader(AccumuloClient client) {
    this.client = client;
  }

  public static MatrixLoader into(AccumuloClient client) {
    return new MatrixLoader(client);
  }

  /** Loads through a BatchWriter into {@code tablets} tablets (1: no splits). */
  public static long load(AccumuloClient client, String table, SparseMatrix matrix, int tablets)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException, IOException {
    return into(client).tablets(tablets).load(table, matrix);
  }

  /** Number of tablets (1: no splits). */
  public MatrixLoader tablets(int tablets) {
    if (tablets < 1) {
      throw new IllegalArgumentException("tablets must be at least 1, got " + tablets);
    }
    this.tablets = tablets;
    return this;
  }

  /**
   * Bulk import instead of a BatchWriter; the RFiles are staged under the user's home directory of
   * {@code hadoop}'s default file system, which must be one the tablet servers can read (the
   * instance's volume file system).
   */
  public MatrixLoader bulk(Configuration hadoop) {
    this.bulk = hadoop;
    return this;
  }

  /**
   * The table's data block size ({@value #BLOCK_SIZE_PROPERTY}, e.g. {@code 16K}), for its files
   * and the bulk-loaded ones alike; without it, Accumulo's default (100K). A table read by row
   * lookups wants small blocks: a seek decodes its block from the start up to the row.
   */
  public MatrixLoader blockSize(String size) {
    this.tableProperties = Map.of(BLOCK_SIZE_PROPERTY, checkBlockSize("block size", size));
    return this;
  }

  /**
   * @return {@code size}
   * @throws IllegalArgumentException naming {@code what} unless it is a number of bytes with an
   *     optional K or M
   */
  public static String checkBlockSize(String what, String size) {
    if (size == null || !size.matches("[1-9][0-9]{0,6}[KkMm]?")) {
      throw new IllegalArgumentException(
          what
              + " must be a number of bytes with an optional K or M (e.g. 16K), got '"
              + size
              + "'");
    }
    return size;
  }

  public static final String BLOCK_SIZE_PROPERTY = "table.file.compress.blocksize";

  /** Labels every entry (and its row's degree) {@code visibility}. Default: no label. */
  public MatrixLoader visibility(ColumnVisibility visibility) {
    this.visibility = visibility;
    return this;
  }

  /**
   * Also writes the table's row-degree table ({@link DegreeTables}: one count per row, summed by a
   * combiner), from which a multiply's partial products can be counted before it runs.
   */
  public MatrixLoader degrees() {
    this.degrees = true;
    return this;
  }

  /** Called with the number of entries written since its last call, every few thousand entries. */
  public MatrixLoader onProgress(LongConsumer entriesWritten) {
    this.progress = entriesWritten;
    return this;
  }

  /**
   * @return entries written
   * @throws IllegalArgumentException if the table exists: inputs are never appended to
   */
  public long load(String table, SparseMatrix matrix)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException, IOException {
    if (client.tableOperations().exists(table)) {
      throw new IllegalArgumentException(
          "table '" + table + "' already exists; refusing to load into it");
    }
    if (degrees && client.tableOperations().exists(DegreeTables.of(table))) {
      throw new IllegalArgumentException(
          "degree table '" + DegreeTables.of(table) + "' already exists; refusing to load into it");
    }
    SortedSet<Text> splits = splits(matrix, tablets);
    NewTableConfiguration config = new NewTableConfiguration().setProperties(tableProperties);
    if (!splits.isEmpty()) {
      config.withSplits(splits);
    }
    try {
      client.tableOperations().create(table, config);
    } catch (TableExistsException e) {
      throw new IllegalArgumentException("table '" + table + "' was created concurrently", e);
    }
    if (degrees) {
      DegreeTables.create(client, table);
    }
    long entries = bulk == null ? write(table, matrix) : bulkImport(table, matrix, splits);
    if (degrees) {
      try (BatchWriter writer = client.createBatchWriter(DegreeTables.of(table))) {
        for (String row : matrix.rowIds()) {
          DegreeTables.add(writer, row, matrix.row(row).size(), visibility);
        }
      }
    }
    return entries;
  }

  private long write(String table, SparseMatrix matrix)
      throws AccumuloException, TableNotFoundException {
    Counter counter = new Counter();
    try (BatchWriter writer = client.createBatchWriter(table)) {
      String currentRow = null;
      Mutation m = null;
      for (SparseMatrix.Entry e : matrix.entries()) {
        if (!e.row().equals(currentRow)) {
          if (m != null) {
            writer.addMutation(m);
          }
          currentRow = e.row();
          m = new Mutation(currentRow);
        }
        m.put("", e.column(), visibility, e.value());
        counter.add();
      }
      if (m != null) {
        writer.addMutation(m);
      }
    }
    return counter.finish();
  }

  /** One RFile per tablet (entries come in key order), then one import of the directory. */
  private long bulkImport(String table, SparseMatrix matrix, SortedSet<Text> splits)
      throws IOException, AccumuloException, AccumuloSecurityException, TableNotFoundException {
    FileSystem fs = FileSystem.get(bulk);
    Path dir = PrivateFiles.importDirectory(fs, "load-", ServerUser.of(client).orElse(null));
    Counter counter = new Counter();
    try {
      Iterator<Text> nextSplit = splits.iterator();
      Text tabletEnd = nextSplit.hasNext() ? nextSplit.next() : null;
      int file = 0;
      RFileWriter writer = null;
      try {
        for (SparseMatrix.Entry e : matrix.entries()) {
          Text row = new Text(e.row());
          // A split is the last row of its tablet: the first row past it starts the next file
          // (skipping the ends of tablets that get no rows).
          boolean pastTablet = false;
          while (tabletEnd != null && row.compareTo(tabletEnd) > 0) {
            pastTablet = true;
            tabletEnd = nextSplit.hasNext() ? nextSplit.next() : null;
          }
          if (writer == null || pastTablet) {
            if (writer != null) {
              writer.close();
            }
            writer =
                RFile.newWriter()
                    .to(new Path(dir, String.format("tablet-%05d.rf", file++)).toString())
                    .withFileSystem(fs)
                    .withTableProperties(tableProperties)
                    .build();
            writer.startDefaultLocalityGroup();
          }
          writer.append(
              new Key(row, new Text(), new Text(e.column()), new Text(visibility.getExpression())),
              new Value(e.value().getBytes(StandardCharsets.UTF_8)));
          counter.add();
        }
      } finally {
        if (writer != null) {
          writer.close();
        }
      }
      if (file > 0) {
        client.tableOperations().importDirectory(dir.toString()).to(table).tableTime(true).load();
      }
    } finally {
      fs.delete(dir, true);
    }
    return counter.finish();
  }

  /** Counts entries, reporting them to the progress listener in steps. */
  private final class Counter {
    private long total;
    private long unreported;

    void add() {
      total++;
      if (++unreported == PROGRESS_EVERY) {
        progress.accept(unreported);
        unreported = 0;
      }
    }

    long finish() {
      if (unreported > 0) {
        progress.accept(unreported);
        unreported = 0;
      }
      return total;
    }
  }

  /** Split points dividing the matrix's entries into {@code tablets} runs of about equal size. */
  public static SortedSet<Text> splits(SparseMatrix matrix, int tablets) {
    if (tablets < 1) {
      throw new IllegalArgumentException("tablets must be at least 1, got " + tablets);
    }
    SortedSet<Text> splits = new TreeSet<>();
    if (tablets == 1 || matrix.nnz() == 0) {
      return splits;
    }
    List<String> rows = matrix.rowIds();
    long target = matrix.nnz() / tablets;
    long seen = 0;
    int next = 1;
    for (String row : rows.subList(0, rows.size() - 1)) {
      seen += matrix.row(row).size();
      if (seen >= target * next && next < tablets) {
        // A split point is the last row of a tablet (Accumulo's end row is inclusive).
        splits.add(new Text(row));
        next++;
      }
    }
    return splits;
  }
}
