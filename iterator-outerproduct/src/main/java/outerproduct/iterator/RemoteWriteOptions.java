package outerproduct.iterator;

import static outerproduct.iterator.RemoteWriteIterator.CONNECTION_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.CT_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.C_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.DEFAULT_WRITER_MEMORY;
import static outerproduct.iterator.RemoteWriteIterator.DEFAULT_WRITER_THREADS;
import static outerproduct.iterator.RemoteWriteIterator.FILE_COMPRESSION_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.MONITOR_ENTRIES_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.MONITOR_MILLIS_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.OUTPUT_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.PRESUM_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.SEMIRING_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.STAGING_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.WINDOW_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.WRITER_MEMORY_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.WRITER_THREADS_OPTION;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.accumulo.core.iterators.OptionDescriber.IteratorOptions;
import outerproduct.kernel.product.WindowSize;
import outerproduct.kernel.semiring.Semirings;

/** {@link RemoteWriteIterator}'s options as Accumulo's shell and option checks describe them. */
final class RemoteWriteOptions {
  private RemoteWriteOptions() {}

  static IteratorOptions describe() {
    Map<String, String> named = new LinkedHashMap<>();
    named.put(C_OPTION, "result table C (C(i,j) = AT(k,i) (x) B(k,j))");
    named.put(CT_OPTION, "result table CT, the transpose of C");
    named.put(ProductWriters.C_ID_OPTION, "C's table id when taken: writes stop if it changed");
    named.put(ProductWriters.CT_ID_OPTION, "CT's table id when taken, as c.id");
    named.put(
        ProductWriters.SCAN_TYPE_OPTION,
        "the scan_type hint of the scan this stack runs in: a window the server sizes takes its"
            + " executor's share of the heap (set through the API)");
    named.put(
        CONNECTION_OPTION, "location of the writing user's credential file (set through the API)");
    named.put(SEMIRING_OPTION, "semiring: " + Semirings.builtInNames() + " or a class name");
    named.put(
        PRESUM_OPTION,
        "products held per tablet, then sorted and summed per cell before writing, at most "
            + WindowSize.MAX_PRODUCTS
            + " (16 to 32 bytes each); 0 = off; default: sized to the tablet server's heap");
    named.put(
        MONITOR_ENTRIES_OPTION,
        "return a monitoring entry after about this many products; 0 = never");
    named.put(
        MONITOR_MILLIS_OPTION, "return a monitoring entry after about this many ms; 0 = never");
    named.put(
        WRITER_MEMORY_OPTION,
        "BatchWriter buffer in bytes (default " + DEFAULT_WRITER_MEMORY + ")");
    named.put(
        WRITER_THREADS_OPTION, "BatchWriter threads (default " + DEFAULT_WRITER_THREADS + ")");
    named.put(
        OUTPUT_OPTION,
        "batchwriter (default), bulk (sorted files for one bulk import) or caller (cells returned"
            + " in the scan's entries, no result table)");
    named.put(STAGING_OPTION, "bulk: the staging directory's URI, shared with the client");
    named.put(
        WINDOW_OPTION,
        "bulk: products sorted in memory per run (default: sized to the tablet server's heap)");
    named.put(FILE_COMPRESSION_OPTION, "bulk: the files' compression (TableMult: C's)");
    return new IteratorOptions(
        "remoteWrite", "writes partial products to C and/or CT", named, null);
  }
}
