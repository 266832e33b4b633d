package outerproduct.iterator;

import org.apache.accumulo.core.client.IteratorSetting;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.product.WindowSize;

/**
 * How {@link TableMult}'s tablet servers write: the settings of its {@link RemoteWriteIterator},
 * kept apart from what is multiplied.
 */
final class WriteSettings {
  /** The write iterator's priority on the scan: above the table's own and the product's. */
  static final int REMOTE_WRITE_PRIORITY = 30;

  long presum = WindowSize.AUTO;
  long monitorEntries;
  long monitorMillis;
  long writerMemory = RemoteWriteIterator.DEFAULT_WRITER_MEMORY;
  int writerThreads = RemoteWriteIterator.DEFAULT_WRITER_THREADS;
  Output output = Output.BATCH_WRITER;
  String staging;
  long window = WindowSize.AUTO;
  String fileCompression;

  /**
   * The pre-sum bound a multiply runs with: {@code auto} is {@link TableMult#SUBSET_PRESUM_CELLS}
   * for a row subset and, for a whole table, left to each tablet server's heap ({@link
   * ServerWindow}).
   */
  long presumCells(boolean wholeTable) {
    if (presum != WindowSize.AUTO || wholeTable) {
      return presum;
    }
    return TableMult.SUBSET_PRESUM_CELLS;
  }

  /**
   * The write iterator into {@code c} and/or {@code ct} as the user of {@code credentials}; {@code
   * stagingUri} is this multiply's staging directory for bulk output, else null.
   */
  IteratorSetting remoteWrite(
      String c,
      String ct,
      CredentialFile credentials,
      String semiring,
      boolean wholeTable,
      String stagingUri) {
    IteratorSetting s =
        new IteratorSetting(REMOTE_WRITE_PRIORITY, "tableMultWrite", RemoteWriteIterator.class);
    RemoteWriteIterator.setResultTables(s, c, ct);
    RemoteWriteIterator.setConnection(s, credentials);
    RemoteWriteIterator.setSemiring(s, semiring);
    long presumCells = presumCells(wholeTable);
    if (presumCells != WindowSize.AUTO) {
      RemoteWriteIterator.setPresum(s, presumCells);
    }
    RemoteWriteIterator.setMonitoring(s, monitorEntries, monitorMillis);
    RemoteWriteIterator.setWriter(s, writerMemory, writerThreads);
    if (output == Output.BULK) {
      RemoteWriteIterator.setBulkOutput(s, stagingUri, window, fileCompression);
    }
    return s;
  }
}
