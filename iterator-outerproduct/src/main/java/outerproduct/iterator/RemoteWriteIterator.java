package outerproduct.iterator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.OptionDescriber;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.kernel.accumulo.IteratorOptionChecks;
import outerproduct.kernel.product.MultiplyCancelledException;
import outerproduct.kernel.product.Output;
import outerproduct.kernel.product.WindowSize;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * Writes the partial products of its source (a {@link TwoTableIterator}: keys (k, i, j)) into C as
 * {@code C(i,j)} and/or CT as {@code CT(j,i)}, with a BatchWriter or, with output {@code bulk}, as
 * sorted files staged for one bulk import ({@link StretchFiles}), and returns to the tablet server
 * only <em>monitoring entries</em>: key = the last row k of B all of whose products are in C (or
 * committed to the staging directory), value = {@link Progress} since the previous entry. It reads
 * the products through {@link ProductFeed}: a two-table iterator's straight from the kernel.
 *
 * <p>Teardown safety. Accumulo may destroy the stack after any returned entry and re-seek it from
 * that key, exclusive. Two rules make that exact:
 *
 * <ul>
 *   <li>An entry is returned only at a row boundary, after the BatchWriter is closed: everything up
 *       to its row is durable in C and nothing after it was written.
 *   <li>A seek whose start key is exclusive resumes at the row after the start key's row, so the
 *       row reported by the entry is neither redone nor lost.
 * </ul>
 *
 * Each call (seek or next) opens and closes its own writer: an iterator has no close hook. A call
 * runs until {@value #MONITOR_ENTRIES_OPTION} products or {@value #MONITOR_MILLIS_OPTION} ms have
 * passed (then stops at the next row boundary), or to the end of the range; 0 disables a limit.
 * With both 0, one entry per tablet reports the totals at the end.
 *
 * <p>Options: {@value #C_OPTION} and/or {@value #CT_OPTION}, {@value #CONNECTION_OPTION}, {@value
 * #SEMIRING_OPTION}, {@value #PRESUM_OPTION} (products held, sorted and ⊕-ed before writing; 0 =
 * off, the paper's behaviour), {@value #WRITER_MEMORY_OPTION}, {@value #WRITER_THREADS_OPTION}, the
 * monitoring limits; for bulk output {@value #OUTPUT_OPTION}, {@value #STAGING_OPTION}, {@value
 * #WINDOW_OPTION} and {@value #FILE_COMPRESSION_OPTION} ({@link #setBulkOutput}).
 */
public class RemoteWriteIterator implements SortedKeyValueIterator<Key, Value>, OptionDescriber {
  public static final String C_OPTION = "c";
  public static final String CT_OPTION = "ct";
  public static final String CONNECTION_OPTION = "connection";
  public static final String SEMIRING_OPTION = "semiring";
  public static final String PRESUM_OPTION = "presum";
  public static final String MONITOR_ENTRIES_OPTION = "monitor.entries";
  public static final String MONITOR_MILLIS_OPTION = "monitor.millis";
  public static final String WRITER_MEMORY_OPTION = "writer.memory";
  public static final String WRITER_THREADS_OPTION = "writer.threads";
  public static final String OUTPUT_OPTION = "output";
  public static final String STAGING_OPTION = "staging";
  public static final String WINDOW_OPTION = "window";
  public static final String FILE_COMPRESSION_OPTION = "file.compression";
  private static final String NAME = RemoteWriteIterator.class.getSimpleName();
  private static final Logger log = LoggerFactory.getLogger(RemoteWriteIterator.class);
  private static final byte[] ERROR_FAMILY = "error".getBytes(StandardCharsets.UTF_8);

  /** The column family of the entries that carry cells back to the caller (output caller). */
  static final byte[] CELLS_FAMILY = "cells".getBytes(StandardCharsets.UTF_8);

  /** {@link #CELLS_FAMILY} as the key's column family reads. */
  static final ByteSequence CELLS = new ArrayByteSequence(CELLS_FAMILY);

  /** Option {@value #OUTPUT_OPTION}'s value for cells returned to the caller, no result table. */
  public static final String CALLER_OUTPUT = "caller";

  /** This tablet server process, as monitoring entries name it; new after a restart. */
  private static final String SERVER = UUID.randomUUID().toString();

  static final long DEFAULT_WRITER_MEMORY = 16L << 20;
  static final int DEFAULT_WRITER_THREADS = 2;

  private SortedKeyValueIterator<Key, Value> source;
  private Map<String, String> options;
  private Semiring<?> semiring;
  private String c;
  private String ct;
  private ProductWriters writers;
  private MultiplyLiveness liveness;
  private long monitorEntries;
  private long monitorMillis;

  private Range range;
  private Collection<ByteSequence> columnFamilies;
  private boolean inclusive;
  private byte[] resumeAfterRow;
  private boolean finished;
  private long resumes;
  private Key topKey;
  private Value topValue;

  public static void setResultTables(IteratorSetting setting, String c, String ct) {
    if (c == null && ct == null) {
      throw new IllegalArgumentException("at least one of C and CT must be given");
    }
    if (c != null) {
      setting.addOption(C_OPTION, c);
    }
    if (ct != null) {
      setting.addOption(CT_OPTION, ct);
    }
  }

  /** Writes as the user of {@code credentials}, within its grant; stops once it is gone. */
  public static void setConnection(IteratorSetting setting, CredentialFile credentials) {
    setting.addOption(CONNECTION_OPTION, credentials.uri());
  }

  public static void setSemiring(IteratorSetting setting, String semiring) {
    setting.addOption(SEMIRING_OPTION, semiring);
  }

  public static void setPresum(IteratorSetting setting, long products) {
    setting.addOption(PRESUM_OPTION, Long.toString(WindowSize.check(PRESUM_OPTION, products)));
  }

  public static void setMonitoring(IteratorSetting setting, long everyEntries, long everyMillis) {
    setting.addOption(MONITOR_ENTRIES_OPTION, Long.toString(everyEntries));
    setting.addOption(MONITOR_MILLIS_OPTION, Long.toString(everyMillis));
  }

  public static void setWriter(IteratorSetting setting, long maxMemoryBytes, int threads) {
    setting.addOption(WRITER_MEMORY_OPTION, Long.toString(maxMemoryBytes));
    setting.addOption(WRITER_THREADS_OPTION, Integer.toString(threads));
  }

  /**
   * Bulk output: each call's products go into sorted files under {@code stagingUri} (on a file
   * system the tablet servers and the client share), sorted and ⊕-ed in windows of up to {@code
   * windowProducts} products ({@link WindowSize#AUTO}: sized by each tablet server, {@link
   * ServerWindow}), for the client to import once every tablet is done ({@link StretchFiles}).
   *
   * @param compression the files' {@code table.file.compress.type}; null for Accumulo's default
   */
  public static void setBulkOutput(
      IteratorSetting setting, String stagingUri, long windowProducts, String compression) {
    setting.addOption(OUTPUT_OPTION, Output.BULK.label());
    setting.addOption(STAGING_OPTION, stagingUri);
    if (windowProducts != WindowSize.AUTO) {
      setting.addOption(
          WINDOW_OPTION, Long.toString(WindowSize.checkOn(WINDOW_OPTION, windowProducts)));
    }
    if (compression != null) {
      setting.addOption(FILE_COMPRESSION_OPTION, compression);
    }
  }

  /**
   * Output caller: each call's products, pre-summed, return to the caller in its entry ({@link
   * ReturnedCells}), not into C or CT; a connection then only tells if the request is still wanted.
   */
  public static void setCallerOutput(IteratorSetting setting) {
    setting.addOption(OUTPUT_OPTION, CALLER_OUTPUT);
  }

  @Override
  public IteratorOptions describeOptions() {
    return RemoteWriteOptions.describe();
  }

  @Override
  public boolean validateOptions(Map<String, String> options) {
    boolean toCaller = CALLER_OUTPUT.equals(options.get(OUTPUT_OPTION));
    IteratorOptionChecks.check(
        NAME,
        describeOptions(),
        options,
        toCaller ? Set.of(SEMIRING_OPTION) : Set.of(CONNECTION_OPTION, SEMIRING_OPTION));
    if (!toCaller && !options.containsKey(C_OPTION) && !options.containsKey(CT_OPTION)) {
      throw new IllegalArgumentException(
          NAME + ": one of options '" + C_OPTION + "' and '" + CT_OPTION + "' is required");
    }
    Semirings.forName(options.get(SEMIRING_OPTION));
    IteratorOptionChecks.positiveLong(NAME, options, MONITOR_ENTRIES_OPTION, 0);
    IteratorOptionChecks.positiveLong(NAME, options, MONITOR_MILLIS_OPTION, 0);
    ProductWriters.check(options);
    return true;
  }

  @Override
  public void init(
      SortedKeyValueIterator<Key, Value> source,
      Map<String, String> options,
      IteratorEnvironment env) {
    validateOptions(options);
    this.source = source;
    this.options = Map.copyOf(options);
    semiring = Semirings.forName(options.get(SEMIRING_OPTION));
    c = options.get(C_OPTION);
    ct = options.get(CT_OPTION);
    writers = ProductWriters.inTabletServer(options, env);
    liveness = MultiplyLiveness.of(options.get(CONNECTION_OPTION));
    monitorEntries = IteratorOptionChecks.positiveLong(NAME, options, MONITOR_ENTRIES_OPTION, 0);
    monitorMillis = IteratorOptionChecks.positiveLong(NAME, options, MONITOR_MILLIS_OPTION, 0);
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive)
      throws IOException {
    this.range = range;
    this.columnFamilies = columnFamilies;
    this.inclusive = inclusive;
    Key start = range.getStartKey();
    // Re-sought after one of our entries: that row is done; resume at the next row.
    resumeAfterRow =
        start != null && !range.isStartKeyInclusive() ? start.getRowData().toArray() : null;
    if (resumeAfterRow != null) {
      resumes++;
    }
    finished = false;
    work();
  }

  @Override
  public void next() throws IOException {
    work();
  }

  /** Writes products until a monitoring limit or the end; sets the entry to return, if any. */
  private void work() throws IOException {
    topKey = null;
    topValue = null;
    Range remaining = finished ? null : CallRanges.remaining(range, resumeAfterRow);
    if (remaining == null) {
      finished = true;
      return;
    }
    CallStretch done = new CallStretch();
    long readBefore = TwoTableIterator.entriesReadBy(source);
    try {
      writeStretch(semiring, remaining, done);
      done.entriesRead = TwoTableIterator.entriesReadBy(source) - readBefore;
    } catch (IOException | RuntimeException e) {
      failed(
          e,
          done.currentRow != null ? done.currentRow : CallRanges.startRow(remaining),
          done.rows,
          done.products,
          done.written);
      return;
    }
    if (done.lastDoneRow != null) {
      resumeAfterRow = done.lastDoneRow;
      topValue = done.progress(done.written, resumes, SERVER).encode();
      if (done.returned != null) {
        topKey = new Key(done.lastDoneRow, CELLS_FAMILY, new byte[0]);
        topValue = ReturnedCells.value(topValue, done.returned);
      } else {
        topKey = new Key(done.lastDoneRow);
      }
      resumes = 0;
    }
  }

  /** One call's products through one writer, committed as the rows of B they cover. */
  private <T> void writeStretch(Semiring<T> semiring, Range remaining, CallStretch done)
      throws IOException {
    long opening = System.nanoTime();
    ProductWriter<T> writer = writers.open(semiring, c, ct, liveness);
    done.flushNanos = System.nanoTime() - opening;
    try (writer) {
      HeldStretch.Outcome held =
          HeldStretch.read(
              source,
              semiring,
              remaining,
              writer,
              done,
              p -> limitReached(p, done.beginMillis),
              liveness);
      if (held == HeldStretch.Outcome.NOT_HELD || held == HeldStretch.Outcome.FIRST_ROW_TOO_LARGE) {
        done.oneRow = held == HeldStretch.Outcome.FIRST_ROW_TOO_LARGE;
        source.seek(remaining, columnFamilies, inclusive);
        writeUntilLimit(ProductFeed.of(source, semiring), writer, done);
      } else {
        finished = held == HeldStretch.Outcome.END;
      }
      done.closing = System.nanoTime();
      writer.commit(CallRanges.covered(remaining, finished, done.lastDoneRow));
      done.returned = writer.returned();
    } finally {
      // read after closing: a BatchWriter output writes its last pre-sum window on close
      done.written = writer.written();
      done.traffic = writer.traffic();
    }
    done.flushNanos += System.nanoTime() - done.closing;
  }

  /**
   * Adds the source's products to {@code writer} until a monitoring limit is reached at a row
   * boundary (the safe point a re-seek resumes after) or the source ends.
   */
  private <T> void writeUntilLimit(ProductFeed<T> feed, ProductWriter<T> writer, CallStretch done)
      throws IOException {
    while (feed.hasTop()) {
      byte[] k = feed.k();
      if (!done.inRow(k)) {
        if (done.currentRow != null) {
          done.endRow();
          if (done.oneRow || limitReached(done.products, done.beginMillis) || writer.full()) {
            return;
          }
        }
        done.currentRow = k;
      }
      done.plusExposure += feed.addTo(writer);
      done.products++;
      liveness.product();
      feed.next();
    }
    finished = true;
    if (done.currentRow != null) {
      done.endRow();
    }
  }

  /**
   * Ends this tablet's multiply with an entry that carries the error to the client, which then
   * fails the whole multiply with that message (a tablet server exception would reach it only as a
   * generic scan failure). Its key sorts after every entry returned before.
   */
  private void failed(Exception e, byte[] row, long rows, long products, long written) {
    finished = true;
    StringBuilder why = new StringBuilder(String.valueOf(e.getMessage()));
    for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
      if (cause.getMessage() != null && !why.toString().contains(cause.getMessage())) {
        why.append(": ").append(cause.getMessage());
      }
    }
    String at = new String(row, StandardCharsets.UTF_8);
    if (e instanceof MultiplyCancelledException) {
      log.info("{} into {} stopped at row '{}': {}", NAME, c != null ? c : ct, at, why);
    } else {
      log.error("{} into {} stopped at row '{}': {}", NAME, c != null ? c : ct, at, why, e);
    }
    topKey = new Key(row, ERROR_FAMILY, new byte[0]);
    topValue = Progress.stopped(rows, products, written, resumes, SERVER, why.toString()).encode();
  }

  private boolean limitReached(long products, long begin) {
    return (monitorEntries > 0 && products >= monitorEntries)
        || (monitorMillis > 0 && System.currentTimeMillis() - begin >= monitorMillis);
  }

  @Override
  public boolean hasTop() {
    return topKey != null;
  }

  @Override
  public Key getTopKey() {
    return topKey;
  }

  @Override
  public Value getTopValue() {
    return topValue;
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    RemoteWriteIterator copy = new RemoteWriteIterator();
    copy.init(source.deepCopy(env), options, env);
    return copy;
  }
}
