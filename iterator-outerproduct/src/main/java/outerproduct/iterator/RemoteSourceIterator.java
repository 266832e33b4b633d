package outerproduct.iterator;

import java.io.IOException;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.IteratorUtil;
import org.apache.accumulo.core.iterators.OptionDescriber;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.security.Authorizations;
import outerproduct.kernel.accumulo.ColumnFilterIterator;
import outerproduct.kernel.accumulo.IteratorOptionChecks;
import outerproduct.kernel.accumulo.Ranges;
import outerproduct.kernel.accumulo.RowRangesIterator;
import outerproduct.kernel.accumulo.ScanTypes;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;

/**
 * Scans a table, of this instance or another, over the range this iterator is sought to, narrowed
 * to a set of rows and a list of columns. It is the AT side of TableMult: the scan of B's tablet
 * reads AT's entries for the same rows.
 *
 * <p>The remote table is read with the authorizations of the scan this iterator serves (the asking
 * user's), so a multiply never reads a cell of AT its user could not scan. Each seek opens a new
 * scanner and closes the previous one; the scanner is also closed when the stack is exhausted, so a
 * completed scan holds no remote session.
 *
 * <p>Options: {@value #TABLE_OPTION} (required), {@value #CONNECTION_OPTION} (required; set with
 * {@link #setConnection}), {@value #ROWS_OPTION} and {@value #COLUMNS_OPTION} (D4M syntax), {@value
 * #SCAN_TYPE_OPTION} (the {@code scan_type} hint of its scans; none by default, so they take the
 * table's usual dispatch).
 */
public class RemoteSourceIterator implements SortedKeyValueIterator<Key, Value>, OptionDescriber {
  public static final String TABLE_OPTION = "table";
  public static final String CONNECTION_OPTION = "connection";
  public static final String ROWS_OPTION = "rows";
  public static final String COLUMNS_OPTION = "columns";
  public static final String SCAN_TYPE_OPTION = "scan.type";
  private static final String NAME = RemoteSourceIterator.class.getSimpleName();

  private Map<String, String> options;
  private String table;
  private RemoteConnection connection;
  private RowRanges rows;
  private List<Range> rowRanges;
  private ColumnFilter columns;
  private String scanType;

  /** The scan's authorizations, or the user's looked up once: a lookup per seek costs an RPC. */
  private Authorizations authorizations;

  private Scanner scanner;
  private Iterator<Range> pendingRanges;
  private Iterator<Map.Entry<Key, Value>> entries;
  private Map.Entry<Key, Value> top;

  public static void setTable(IteratorSetting setting, String table) {
    setting.addOption(TABLE_OPTION, table);
  }

  /** Reads the table as the user of {@code credentials}, within its grant and while it exists. */
  public static void setConnection(IteratorSetting setting, CredentialFile credentials) {
    setting.addOption(CONNECTION_OPTION, credentials.uri());
  }

  public static void setRows(IteratorSetting setting, RowRanges rows) {
    setting.addOption(ROWS_OPTION, rows.toD4m());
  }

  public static void setColumns(IteratorSetting setting, ColumnFilter columns) {
    setting.addOption(COLUMNS_OPTION, columns.toD4m());
  }

  /**
   * Tags this iterator's scans with {@code scanType}, which the remote table's dispatcher may give
   * a cache usage ({@link ScanTypes#INTERACTIVE_SOURCE}). Never a TableMult stack's own hint: the
   * stack's scan waits on these, and on its executor they would queue behind it and deadlock.
   */
  public static void setScanType(IteratorSetting setting, String scanType) {
    setting.addOption(SCAN_TYPE_OPTION, scanType);
  }

  @Override
  public IteratorOptions describeOptions() {
    Map<String, String> named = new LinkedHashMap<>();
    named.put(TABLE_OPTION, "table to read");
    named.put(
        CONNECTION_OPTION, "location of the reading user's credential file (set through the API)");
    named.put(ROWS_OPTION, "D4M row ranges to read, e.g. 'a,:,b,d,' (default: every row)");
    named.put(COLUMNS_OPTION, "D4M list of column qualifiers to read (default: every column)");
    named.put(
        SCAN_TYPE_OPTION,
        "scan_type execution hint of its scans, e.g. "
            + ScanTypes.INTERACTIVE_SOURCE
            + " (default: none); never the hint of a TableMult stack's own scans");
    return new IteratorOptions(
        "remoteSource", "reads another table over the sought range", named, null);
  }

  @Override
  public boolean validateOptions(Map<String, String> options) {
    IteratorOptionChecks.check(
        NAME, describeOptions(), options, Set.of(TABLE_OPTION, CONNECTION_OPTION));
    if (options.containsKey(ROWS_OPTION)) {
      RowRanges.parse(options.get(ROWS_OPTION));
    }
    if (options.containsKey(COLUMNS_OPTION)) {
      ColumnFilter.parse(options.get(COLUMNS_OPTION));
    }
    String hint = options.get(SCAN_TYPE_OPTION);
    if (ScanTypes.INTERACTIVE.equals(hint) || ScanTypes.BATCH.equals(hint)) {
      throw new IllegalArgumentException(
          NAME
              + ": option '"
              + SCAN_TYPE_OPTION
              + "' must not be '"
              + hint
              + "': the scan waiting on this read runs on that executor (use '"
              + ScanTypes.INTERACTIVE_SOURCE
              + "' or none)");
    }
    return true;
  }

  @Override
  public void init(
      SortedKeyValueIterator<Key, Value> source,
      Map<String, String> options,
      IteratorEnvironment env) {
    validateOptions(options);
    this.options = Map.copyOf(options);
    table = options.get(TABLE_OPTION);
    connection = RemoteConnection.open(NAME, options.get(CONNECTION_OPTION), env);
    rows =
        options.containsKey(ROWS_OPTION)
            ? RowRanges.parse(options.get(ROWS_OPTION))
            : RowRanges.all();
    rowRanges = Ranges.toAccumulo(rows);
    columns =
        options.containsKey(COLUMNS_OPTION)
            ? ColumnFilter.parse(options.get(COLUMNS_OPTION))
            : null;
    scanType = options.get(SCAN_TYPE_OPTION);
    authorizations = scanAuthorizations(env);
  }

  /**
   * Inside a scan, the remote table is read with the scan's own authorizations: the user who asked
   * reads AT exactly as it reads B, never more. Elsewhere (compactions, the test harness) the
   * connecting user's authorizations are looked up on first use.
   */
  private static Authorizations scanAuthorizations(IteratorEnvironment env) {
    if (env != null && env.getIteratorScope() == IteratorUtil.IteratorScope.scan) {
      try {
        return env.getAuthorizations();
      } catch (UnsupportedOperationException e) {
        return null;
      }
    }
    return null;
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive)
      throws IOException {
    close();
    List<Range> clipped = Ranges.clip(rowRanges, range);
    pendingRanges = clipped.iterator();
    if (!clipped.isEmpty()) {
      scanner = openScanner();
    }
    if (clipped.size() > 1) {
      // One scan of the span, the server seeking from range to range, costs one RPC instead of
      // one per range: a 1,024-row subset otherwise opens 1,024 scans in every tablet of B.
      scanner.addScanIterator(RowRangesIterator.setting(rows));
      pendingRanges = List.of(Ranges.span(clipped)).iterator();
    }
    advance();
  }

  private Scanner openScanner() throws IOException {
    AccumuloClient client = connection.toRead(table);
    try {
      if (authorizations == null) {
        authorizations = client.securityOperations().getUserAuthorizations(client.whoami());
      }
      Scanner s = client.createScanner(table, authorizations);
      // No read-ahead thread: the stack may be torn down without a close, so it must own none.
      s.setReadaheadThreshold(Long.MAX_VALUE);
      if (scanType != null) {
        ScanTypes.hint(s, scanType);
      }
      if (columns != null) {
        s.addScanIterator(ColumnFilterIterator.setting(columns));
      }
      return s;
    } catch (TableNotFoundException e) {
      throw new IOException(NAME + ": table '" + table + "' does not exist", e);
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw new IOException(
          NAME
              + ": cannot read table '"
              + table
              + "' as user "
              + connection.principal()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  private void advance() {
    while (entries == null || !entries.hasNext()) {
      if (pendingRanges == null || !pendingRanges.hasNext()) {
        top = null;
        close();
        return;
      }
      scanner.setRange(pendingRanges.next());
      entries = scanner.iterator();
    }
    top = entries.next();
  }

  private void close() {
    if (scanner != null) {
      scanner.close();
      scanner = null;
    }
    entries = null;
  }

  @Override
  public boolean hasTop() {
    return top != null;
  }

  @Override
  public void next() {
    advance();
  }

  @Override
  public Key getTopKey() {
    return top.getKey();
  }

  @Override
  public Value getTopValue() {
    return top.getValue();
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    RemoteSourceIterator copy = new RemoteSourceIterator();
    copy.init(null, options, env);
    return copy;
  }

  @Override
  public String toString() {
    return NAME + "(" + table + ", " + connection + ", rows " + rows + ")";
  }
}
