package outerproduct.iterator;

import static outerproduct.iterator.RemoteWriteIterator.CONNECTION_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.DEFAULT_WRITER_MEMORY;
import static outerproduct.iterator.RemoteWriteIterator.DEFAULT_WRITER_THREADS;
import static outerproduct.iterator.RemoteWriteIterator.FILE_COMPRESSION_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.OUTPUT_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.PRESUM_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.STAGING_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.WINDOW_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.WRITER_MEMORY_OPTION;
import static outerproduct.iterator.RemoteWriteIterator.WRITER_THREADS_OPTION;

import java.io.IOException;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.accumulo.FileSystems;
import outerproduct.kernel.accumulo.IteratorOptionChecks;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.accumulo.ScanTypes;
import outerproduct.kernel.cli.Choices;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.product.WindowSize;
import outerproduct.kernel.semiring.Semiring;

/**
 * How {@link RemoteWriteIterator} writes, from its options: through BatchWriters (pre-sum, writer
 * memory and threads) or into staged files for one bulk import (staging directory, window, file
 * compression). {@link #check} names the option and the bad value.
 */
final class ProductWriters {
  private static final String NAME = RemoteWriteIterator.class.getSimpleName();

  /** The table id C had when the multiply took it; its writers check it ({@link #fenced}). */
  static final String C_ID_OPTION = "c.id";

  /** As {@link #C_ID_OPTION}, for CT. */
  static final String CT_ID_OPTION = "ct.id";

  /** The {@code scan_type} hint of the scan this stack runs in (default the interactive one). */
  static final String SCAN_TYPE_OPTION = "scan.type";

  /** Null for output caller ({@link ReturnedCells}). */
  private final Output output;

  private final int presum;
  private final long writerMemory;
  private final int writerThreads;
  private final Path staging;
  private final int window;
  private final Map<String, String> fileProperties;
  private final String credentials;
  private final Map<String, String> resultIds = new HashMap<>();
  private final IteratorEnvironment env;
  private RemoteConnection connection;

  /**
   * @param autoWindow the pre-sum or bulk window when the options leave it to the tablet server
   *     ({@link ServerWindow})
   */
  private ProductWriters(Map<String, String> options, int autoWindow, IteratorEnvironment env) {
    this.credentials = options.get(CONNECTION_OPTION);
    this.env = env;
    output = outputOf(options);
    presum = options.containsKey(PRESUM_OPTION) ? cells(options, PRESUM_OPTION, 0) : autoWindow;
    writerMemory =
        IteratorOptionChecks.positiveLong(
            NAME, options, WRITER_MEMORY_OPTION, DEFAULT_WRITER_MEMORY);
    writerThreads =
        (int)
            IteratorOptionChecks.positiveLong(
                NAME, options, WRITER_THREADS_OPTION, DEFAULT_WRITER_THREADS);
    window = options.containsKey(WINDOW_OPTION) ? cells(options, WINDOW_OPTION, 0) : autoWindow;
    if (options.containsKey(WINDOW_OPTION) && window == 0) {
      throw new IllegalArgumentException(
          NAME + ": option '" + WINDOW_OPTION + "' must be at least 1 cell, got 0");
    }
    String compression = options.get(FILE_COMPRESSION_OPTION);
    fileProperties = FileCompression.fileProperties(compression);
    staging = output == Output.BULK ? stagingOf(options) : null;
    if (options.containsKey(C_ID_OPTION)) {
      resultIds.put(options.get(RemoteWriteIterator.C_OPTION), options.get(C_ID_OPTION));
    }
    if (options.containsKey(CT_ID_OPTION)) {
      resultIds.put(options.get(RemoteWriteIterator.CT_OPTION), options.get(CT_ID_OPTION));
    }
  }

  /**
   * The write iterator of {@code stack} (its last) checks, whenever it opens its writers, that C's
   * and CT's names still denote the tables of the ids in {@code ids} (name to id, as taken): a
   * killed multiply's scans never write into a C that replaced theirs.
   */
  static List<IteratorSetting> fenced(List<IteratorSetting> stack, Map<String, String> ids) {
    IteratorSetting write = stack.get(stack.size() - 1);
    Map<String, String> options = write.getOptions();
    String c = options.get(RemoteWriteIterator.C_OPTION);
    String ct = options.get(RemoteWriteIterator.CT_OPTION);
    if (c != null && ids.containsKey(c)) {
      write.addOption(C_ID_OPTION, ids.get(c));
    }
    if (ct != null && ids.containsKey(ct)) {
      write.addOption(CT_ID_OPTION, ids.get(ct));
    }
    return stack;
  }

  /**
   * Tells the stack's writer (its last iterator) the executor its scan runs on, by {@code
   * scan_type} hint: a window sized by the server takes that executor's share of the heap ({@link
   * ServerWindow}).
   */
  static List<IteratorSetting> onExecutor(List<IteratorSetting> stack, String scanType) {
    stack.get(stack.size() - 1).addOption(SCAN_TYPE_OPTION, scanType);
    return stack;
  }

  /**
   * @throws IllegalArgumentException naming the option and its value
   */
  static ProductWriters check(Map<String, String> options) {
    return new ProductWriters(options, 1, null);
  }

  /** The writers of a stack in a tablet server, an automatic window sized to it. */
  static ProductWriters inTabletServer(Map<String, String> options, IteratorEnvironment env) {
    boolean sized = options.containsKey(WINDOW_OPTION) && options.containsKey(PRESUM_OPTION);
    String scanType = options.getOrDefault(SCAN_TYPE_OPTION, ScanTypes.INTERACTIVE);
    return new ProductWriters(options, sized ? 1 : ServerWindow.products(env, scanType), env);
  }

  private static Output outputOf(Map<String, String> options) {
    String text = options.getOrDefault(OUTPUT_OPTION, Output.BATCH_WRITER.label());
    if (RemoteWriteIterator.CALLER_OUTPUT.equals(text)) {
      return null;
    }
    try {
      return Choices.parse(Output.class, text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          NAME + ": option '" + OUTPUT_OPTION + "': " + e.getMessage(), e);
    }
  }

  private static int cells(Map<String, String> options, String option, long dflt) {
    return WindowSize.check(
        NAME + ": option '" + option + "'",
        IteratorOptionChecks.positiveLong(NAME, options, option, dflt));
  }

  private static Path stagingOf(Map<String, String> options) {
    String text = options.get(STAGING_OPTION);
    if (text == null) {
      throw new IllegalArgumentException(
          NAME + ": option '" + STAGING_OPTION + "' is required with output bulk");
    }
    URI uri = URI.create(text);
    if (uri.getScheme() == null) {
      throw new IllegalArgumentException(
          NAME
              + ": option '"
              + STAGING_OPTION
              + "' must be a qualified URI (hdfs://..., file:/...), got '"
              + text
              + "'");
    }
    return new Path(uri);
  }

  /**
   * A writer for one call: C and/or CT (null when not written); a BatchWriter output's window stops
   * going into C once {@code liveness} says the multiply is no longer wanted.
   */
  <T> ProductWriter<T> open(Semiring<T> semiring, String c, String ct, MultiplyLiveness liveness)
      throws IOException {
    if (output == null) {
      return new ReturnedCells<>(semiring, Math.min(window, ReturnedCells.WINDOW));
    }
    if (output == Output.BULK) {
      FileSystem fs = FileSystems.of(staging.toUri());
      return new StretchFiles<>(
          semiring, fs, staging, c != null, ct != null, window, fileProperties);
    }
    return new ResultWriter<>(
        semiring,
        writeClient(c, ct),
        c,
        ct,
        presum,
        ResultWriter.config(writerMemory, writerThreads),
        liveness);
  }

  /**
   * The caller's client to write C with, from the credential file, read once per stack and on its
   * first call, so that a file it cannot use fails the multiply with its reason, as a bad value
   * does (an exception in {@code init} would reach the client as a bare scan failure).
   */
  private AccumuloClient writeClient(String c, String ct) {
    if (connection == null) {
      connection = RemoteConnection.open(NAME, credentials, env);
    }
    AccumuloClient client = connection.toWrite(c, ct);
    resultIds.forEach((table, id) -> ResultState.requireSameTable(client, table, id));
    return client;
  }
}
