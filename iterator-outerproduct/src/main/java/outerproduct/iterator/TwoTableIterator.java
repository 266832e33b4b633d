package outerproduct.iterator;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.OptionDescriber;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import outerproduct.kernel.accumulo.IteratorOptionChecks;
import outerproduct.kernel.accumulo.ScanTypes;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.product.ColumnFilteredSource;
import outerproduct.kernel.product.EntrySource;
import outerproduct.kernel.product.OuterProduct;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * Aligns the rows of B (this iterator's source) with the rows of AT (read through a {@link
 * RemoteSourceIterator} over the same range) and emits the outer product of each shared row through
 * the kernel: for every {@code AT(k,i)} and {@code B(k,j)}, one entry
 *
 * <pre>
 *   key (row k, family i, qualifier j, visibility AT(k,i)'s ∧ B(k,j)'s)   value AT(k,i) ⊗ B(k,j)
 * </pre>
 *
 * <p>These keys are in sorted order (the kernel holds B's row sorted by j and streams AT's row
 * sorted by i), so this is an ordinary SKVI: it may be sought anywhere, including mid-row, and it
 * is what {@link RemoteWriteIterator} consumes. It holds one row of B in memory. A Key and Value
 * are built only when asked for: the write iterator reads the kernel's product directly ({@link
 * #product()}), since encoding each product's value as text only for the writer to parse it back
 * was most of the cost of a product.
 *
 * <p>Options: {@value #SEMIRING_OPTION}; the AT side as {@value #AT_PREFIX}{@code table}, {@value
 * #AT_PREFIX}{@code connection}, {@value #AT_PREFIX}{@code columns} (the options of {@link
 * RemoteSourceIterator}); {@value #B_COLUMNS_OPTION} to keep only some columns of B.
 */
public class TwoTableIterator implements SortedKeyValueIterator<Key, Value>, OptionDescriber {
  public static final String SEMIRING_OPTION = "semiring";
  public static final String AT_PREFIX = "at.";
  public static final String B_COLUMNS_OPTION = "b.columns";
  public static final String B_TABLE_OPTION = "b.table";

  /** D4M list of rows S: AT is not the at table but the transpose of its rows S. */
  public static final String AT_TRANSPOSED_ROWS_OPTION = AT_PREFIX + "transposedRows";

  private static final String NAME = TwoTableIterator.class.getSimpleName();

  private SortedKeyValueIterator<Key, Value> source;
  private Map<String, String> options;
  private Map<String, String> atOptions;
  private Semiring<?> semiring;
  private ColumnFilter bColumns;
  private String bTable;
  private IteratorEnvironment env;

  /** The rows S transposed, read at the first seek and kept for the scan session. */
  private TransposedRows transposed;

  /** The sources of the current seek, and the entries read through those of earlier seeks. */
  private SkviEntrySource bSource;

  private SkviEntrySource atRemote;
  private long entriesBefore;

  private Range range;
  private ProductStream<?> products;
  private boolean hasTop;
  private Key topKey;
  private Value topValue;
  private byte[] checkedRow;
  private boolean rowBeforeEnd;

  public static void setSemiring(IteratorSetting setting, String semiring) {
    setting.addOption(SEMIRING_OPTION, semiring);
  }

  /** AT, read as the user of {@code credentials}, within its grant and while it exists. */
  public static void setAt(IteratorSetting setting, String table, CredentialFile credentials) {
    setting.addOption(AT_PREFIX + RemoteSourceIterator.TABLE_OPTION, table);
    setting.addOption(AT_PREFIX + RemoteSourceIterator.CONNECTION_OPTION, credentials.uri());
  }

  /**
   * Reads only these rows of AT, each tablet's in one scan that seeks on the server. B's rows
   * outside the set then make no products (they have no AT row to align with) and are skipped by
   * seeking, so a scan of B may cover the span of the set instead of one range per row.
   */
  public static void setAtRows(IteratorSetting setting, RowRanges rows) {
    setting.addOption(AT_PREFIX + RemoteSourceIterator.ROWS_OPTION, rows.toD4m());
  }

  /**
   * AT is the transpose of the at table's rows {@code s}: AT(k, s) = table(s, k) ({@link
   * TransposedRows}), read once per scan session and held, so the scan of B makes the products of
   * the rows S of table ⊕.⊗ B (the 2-hop neighbourhood of S when B is the table) without reading
   * all of table's transpose. Excludes AT's rows and columns.
   */
  public static void setAtTransposedRows(IteratorSetting setting, RowRanges s) {
    setting.addOption(AT_TRANSPOSED_ROWS_OPTION, s.toD4m());
  }

  /**
   * AT's reads carry the hint of an interactive request's other input ({@link
   * ScanTypes#INTERACTIVE_SOURCE}), which keeps the data blocks they read cached where the cluster
   * routes it so (docs/deploy.md): a service asks for the same rows of AT again and again.
   */
  public static void setAtInteractive(IteratorSetting setting) {
    setting.addOption(
        AT_PREFIX + RemoteSourceIterator.SCAN_TYPE_OPTION, ScanTypes.INTERACTIVE_SOURCE);
  }

  public static void setAtColumns(IteratorSetting setting, ColumnFilter columns) {
    setting.addOption(AT_PREFIX + RemoteSourceIterator.COLUMNS_OPTION, columns.toD4m());
  }

  /** B's name, for error messages (an iterator knows only its table's id). */
  public static void setBTable(IteratorSetting setting, String table) {
    setting.addOption(B_TABLE_OPTION, table);
  }

  public static void setBColumns(IteratorSetting setting, ColumnFilter columns) {
    setting.addOption(B_COLUMNS_OPTION, columns.toD4m());
  }

  @Override
  public IteratorOptions describeOptions() {
    Map<String, String> named = new LinkedHashMap<>();
    named.put(SEMIRING_OPTION, "semiring: " + Semirings.builtInNames() + " or a class name");
    named.put(AT_PREFIX + RemoteSourceIterator.TABLE_OPTION, "the AT table");
    named.put(
        AT_PREFIX + RemoteSourceIterator.CONNECTION_OPTION,
        "location of the credential file to read AT with (set through the API)");
    named.put(
        AT_PREFIX + RemoteSourceIterator.ROWS_OPTION,
        "D4M row ranges: rows of AT (and so of B) to use");
    named.put(
        AT_PREFIX + RemoteSourceIterator.COLUMNS_OPTION,
        "D4M list: columns of AT to use (rows of C)");
    named.put(
        AT_PREFIX + RemoteSourceIterator.SCAN_TYPE_OPTION,
        "scan_type hint of AT's reads (default: none; set through the API)");
    named.put(
        AT_TRANSPOSED_ROWS_OPTION,
        "D4M list of rows S: AT is the transpose of the AT table's rows S, held in memory");
    named.put(B_COLUMNS_OPTION, "D4M list: columns of B to use (columns of C)");
    named.put(B_TABLE_OPTION, "B's name, for error messages");
    return new IteratorOptions(
        "twoTable", "outer product of AT's and B's shared rows", named, null);
  }

  @Override
  public boolean validateOptions(Map<String, String> options) {
    IteratorOptionChecks.check(
        NAME,
        describeOptions(),
        options,
        Set.of(
            SEMIRING_OPTION,
            AT_PREFIX + RemoteSourceIterator.TABLE_OPTION,
            AT_PREFIX + RemoteSourceIterator.CONNECTION_OPTION));
    Semirings.forName(options.get(SEMIRING_OPTION));
    if (options.containsKey(B_COLUMNS_OPTION)) {
      ColumnFilter.parse(options.get(B_COLUMNS_OPTION));
    }
    new RemoteSourceIterator().validateOptions(atOptions(options));
    if (options.containsKey(AT_TRANSPOSED_ROWS_OPTION)) {
      for (String excluded :
          List.of(RemoteSourceIterator.ROWS_OPTION, RemoteSourceIterator.COLUMNS_OPTION)) {
        if (options.containsKey(AT_PREFIX + excluded)) {
          throw new IllegalArgumentException(
              NAME
                  + ": option "
                  + AT_TRANSPOSED_ROWS_OPTION
                  + " excludes option "
                  + AT_PREFIX
                  + excluded);
        }
      }
      RowRanges.parse(options.get(AT_TRANSPOSED_ROWS_OPTION));
    }
    return true;
  }

  /** The options of AT's remote source: those under {@value #AT_PREFIX}, less the prefix. */
  private static Map<String, String> atOptions(Map<String, String> options) {
    Map<String, String> at = new HashMap<>();
    options.forEach(
        (k, v) -> {
          if (k.startsWith(AT_PREFIX) && !k.equals(AT_TRANSPOSED_ROWS_OPTION)) {
            at.put(k.substring(AT_PREFIX.length()), v);
          }
        });
    return at;
  }

  @Override
  public void init(
      SortedKeyValueIterator<Key, Value> source,
      Map<String, String> options,
      IteratorEnvironment env) {
    validateOptions(options);
    this.source = source;
    this.options = Map.copyOf(options);
    this.atOptions = atOptions(options);
    this.semiring = Semirings.forName(options.get(SEMIRING_OPTION));
    this.bColumns =
        options.containsKey(B_COLUMNS_OPTION)
            ? ColumnFilter.parse(options.get(B_COLUMNS_OPTION))
            : null;
    this.bTable = options.getOrDefault(B_TABLE_OPTION, "B");
    this.env = env;
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> columnFamilies, boolean inclusive)
      throws IOException {
    EntrySource[] sources = open(range);
    products = new ProductStream<>(semiring, sources[0], sources[1]);
    advance();
    while (hasTop && range.beforeStartKey(getTopKey())) {
      advance();
    }
  }

  /**
   * Seeks {@code range} to read its shared rows whole, forming no products: what {@link
   * HeldStretch} holds. This iterator then has no top.
   *
   * @return null when the range does not start and end at row boundaries (then only {@link #seek}
   *     cuts it exactly)
   */
  SharedRows seekRows(Range range) throws IOException {
    Key start = range.getStartKey();
    Key end = range.getEndKey();
    if (!(start == null || (range.isStartKeyInclusive() && wholeRow(start)))
        || !(end == null || (!range.isEndKeyInclusive() && wholeRow(end)))) {
      return null;
    }
    EntrySource[] sources = open(range);
    products = null;
    hasTop = false;
    topKey = null;
    topValue = null;
    return new SharedRows(sources[0], sources[1], end == null ? null : end.getRowData().toArray());
  }

  /** A key that is the first of its row: the row alone, as {@code new Key(row)} makes it. */
  private static boolean wholeRow(Key key) {
    return key.getColumnFamilyData().length() == 0
        && key.getColumnQualifierData().length() == 0
        && key.getColumnVisibilityData().length() == 0
        && key.getTimestamp() == Long.MAX_VALUE
        && !key.isDeleted();
  }

  /** Opens AT's and B's sources over the rows {@code range} touches: {at, b}. */
  private EntrySource[] open(Range range) throws IOException {
    this.range = range;
    this.checkedRow = null;
    // Products are made of whole rows: read the rows the range touches, then drop products
    // outside it.
    Key start = range.getStartKey() == null ? null : new Key(range.getStartKey().getRow());
    Key end = range.getEndKey() == null ? null : range.getEndKey().followingKey(PartialKey.ROW);
    Range rows = new Range(start, true, end, false);
    entriesBefore = entriesRead();
    atRemote = null;
    bSource = null;
    EntrySource at = atSource(rows);
    // B's source reads every column family: B's entries have an empty family.
    bSource = new SkviEntrySource(bTable, source, rows, Set.of(), false).start();
    return new EntrySource[] {at, filtered(bSource)};
  }

  /** AT's rows within {@code rows}: from its remote table, or from the rows S transposed. */
  private EntrySource atSource(Range rows) throws IOException {
    String atTable = atOptions.get(RemoteSourceIterator.TABLE_OPTION);
    String s = options.get(AT_TRANSPOSED_ROWS_OPTION);
    if (s == null) {
      RemoteSourceIterator at = new RemoteSourceIterator();
      at.init(null, atOptions, env);
      atRemote = new SkviEntrySource(atTable, at, rows, Set.of(), false).start();
      return atRemote;
    }
    if (transposed == null) {
      Map<String, String> rowsS = new HashMap<>(atOptions);
      rowsS.put(RemoteSourceIterator.ROWS_OPTION, s);
      RemoteSourceIterator remote = new RemoteSourceIterator();
      remote.init(null, rowsS, env);
      transposed = TransposedRows.read(atTable, remote);
      entriesBefore += transposed.size();
    }
    return transposed.within(rows);
  }

  /**
   * True when the current product's row sorts before the range's end row, so none of its keys can
   * be past the end: the full key comparison then runs once per row of B, not once per product.
   */
  private boolean rowBeforeEnd() {
    byte[] k = products.k();
    if (k != checkedRow) {
      checkedRow = k;
      Key end = range.getEndKey();
      rowBeforeEnd = end == null || Arrays.compareUnsigned(k, end.getRowData().toArray()) < 0;
    }
    return rowBeforeEnd;
  }

  private EntrySource filtered(SkviEntrySource b) throws IOException {
    return bColumns == null ? b : new ColumnFilteredSource(b, bColumns);
  }

  private void advance() throws IOException {
    topKey = null;
    topValue = null;
    hasTop = products.advance();
    if (hasTop && !rowBeforeEnd() && range.afterEndKey(getTopKey())) {
      hasTop = false;
    }
  }

  @Override
  public boolean hasTop() {
    return hasTop;
  }

  @Override
  public void next() throws IOException {
    advance();
  }

  @Override
  public Key getTopKey() {
    if (topKey == null && hasTop) {
      topKey = products.key();
    }
    return topKey;
  }

  @Override
  public Value getTopValue() {
    if (topValue == null && hasTop) {
      topValue = products.value();
    }
    return topValue;
  }

  /**
   * The top entry as the kernel formed it, valid until {@link #next()}: k, i, j and the visibility
   * as arrays the kernel never modifies, the value as the semiring's object ({@link #semiring()}).
   */
  OuterProduct<?> product() {
    return products.product;
  }

  /**
   * Entries of AT and B read since this iterator was made: what its products were formed from, and
   * what seeking did not skip (AT's rows S once, when AT is their transpose).
   */
  long entriesRead() {
    return entriesBefore
        + (bSource == null ? 0 : bSource.entries())
        + (atRemote == null ? 0 : atRemote.entries());
  }

  /** {@link #entriesRead()} of {@code source} when it is one of these; else 0 (not counted). */
  static long entriesReadBy(SortedKeyValueIterator<Key, Value> source) {
    return source instanceof TwoTableIterator two ? two.entriesRead() : 0;
  }

  /** The semiring whose objects {@link #product()}'s values are. */
  Semiring<?> semiring() {
    return semiring;
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    TwoTableIterator copy = new TwoTableIterator();
    copy.init(source.deepCopy(env), options, env);
    return copy;
  }
}
