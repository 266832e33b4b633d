package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.IteratorSetting;
import org.junit.jupiter.api.Test;
import outerproduct.kernel.accumulo.RowRangesIterator;
import outerproduct.kernel.accumulo.ScanTypes;
import outerproduct.kernel.d4m.D4mSyntaxException;
import outerproduct.kernel.product.WindowSize;

/**
 * Every option error names the iterator, the option and the bad value; the options carry a
 * credential file's location, never the credentials.
 */
class IteratorOptionsTest {
  private static final String CREDENTIALS =
      "file:/home/alice/.outerproduct/credentials/x.properties";

  private static Map<String, String> remoteWrite() {
    IteratorSetting s = new IteratorSetting(30, RemoteWriteIterator.class);
    RemoteWriteIterator.setResultTables(s, "C", null);
    s.addOption(RemoteWriteIterator.CONNECTION_OPTION, CREDENTIALS);
    RemoteWriteIterator.setSemiring(s, "plus-times-long");
    return new HashMap<>(s.getOptions());
  }

  private static Map<String, String> twoTable() {
    IteratorSetting s = new IteratorSetting(25, TwoTableIterator.class);
    TwoTableIterator.setSemiring(s, "min-plus");
    s.addOption(TwoTableIterator.AT_PREFIX + RemoteSourceIterator.TABLE_OPTION, "AT");
    s.addOption(TwoTableIterator.AT_PREFIX + RemoteSourceIterator.CONNECTION_OPTION, CREDENTIALS);
    return new HashMap<>(s.getOptions());
  }

  @Test
  void settersProduceValidOptions() {
    assertTrue(new RemoteWriteIterator().validateOptions(remoteWrite()));
    assertTrue(new TwoTableIterator().validateOptions(twoTable()));
  }

  @Test
  void unknownOptionIsRejectedByName() {
    Map<String, String> o = remoteWrite();
    o.put("presumm", "10");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new RemoteWriteIterator().validateOptions(o));
    assertTrue(e.getMessage().contains("unknown option 'presumm'"), e.getMessage());
    Map<String, String> t = twoTable();
    t.put("at.colums", "a,");
    e =
        assertThrows(
            IllegalArgumentException.class, () -> new TwoTableIterator().validateOptions(t));
    assertTrue(e.getMessage().contains("unknown option 'at.colums'"), e.getMessage());
  }

  @Test
  void atReadsMayNotTakeTheExecutorOfTheScanWaitingOnThem() {
    IteratorSetting s = new IteratorSetting(25, TwoTableIterator.class);
    s.addOptions(twoTable());
    TwoTableIterator.setAtInteractive(s);
    assertTrue(new TwoTableIterator().validateOptions(s.getOptions()));
    for (String hint : List.of(ScanTypes.INTERACTIVE, ScanTypes.BATCH)) {
      Map<String, String> t = twoTable();
      t.put(TwoTableIterator.AT_PREFIX + RemoteSourceIterator.SCAN_TYPE_OPTION, hint);
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> new TwoTableIterator().validateOptions(t));
      assertTrue(
          e.getMessage()
              .startsWith("RemoteSourceIterator: option 'scan.type' must not be '" + hint + "'"),
          e.getMessage());
    }
  }

  @Test
  void badNumberNamesOptionAndValue() {
    Map<String, String> o = remoteWrite();
    o.put(RemoteWriteIterator.PRESUM_OPTION, "-5");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new RemoteWriteIterator().validateOptions(o));
    assertEquals(
        "RemoteWriteIterator: option 'presum' must be a non-negative integer, got '-5'",
        e.getMessage());
  }

  @Test
  void bulkOutputNeedsAQualifiedStagingDirectoryAndNamesBadValues() {
    IteratorSetting s = new IteratorSetting(30, RemoteWriteIterator.class);
    s.addOptions(remoteWrite());
    RemoteWriteIterator.setBulkOutput(s, "file:/staging/x", 1000, "snappy");
    assertTrue(new RemoteWriteIterator().validateOptions(s.getOptions()));
    String[][] cases = {
      {
        RemoteWriteIterator.OUTPUT_OPTION,
        "files",
        "option 'output': 'files': expected batchwriter or bulk"
      },
      {
        RemoteWriteIterator.STAGING_OPTION,
        "relative/dir",
        "option 'staging' must be a qualified URI (hdfs://..., file:/...), got 'relative/dir'"
      },
      {
        RemoteWriteIterator.WINDOW_OPTION,
        "-1",
        "option 'window' must be a non-negative integer, got '-1'"
      },
    };
    for (String[] bad : cases) {
      Map<String, String> o = new HashMap<>(s.getOptions());
      o.put(bad[0], bad[1]);
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> new RemoteWriteIterator().validateOptions(o));
      assertTrue(e.getMessage().contains(bad[2]), e.getMessage());
    }
    Map<String, String> noStaging = new HashMap<>(s.getOptions());
    noStaging.remove(RemoteWriteIterator.STAGING_OPTION);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new RemoteWriteIterator().validateOptions(noStaging));
    assertEquals(
        "RemoteWriteIterator: option 'staging' is required with output bulk", e.getMessage());
  }

  @Test
  void presumBeyondTheBufferBoundIsNamed() {
    Map<String, String> o = remoteWrite();
    o.put(RemoteWriteIterator.PRESUM_OPTION, "300000000");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new RemoteWriteIterator().validateOptions(o));
    assertEquals(
        "RemoteWriteIterator: option 'presum' must be between 0 (off) and "
            + WindowSize.MAX_PRODUCTS
            + " products, got 300000000",
        e.getMessage());
  }

  @Test
  void missingResultTableAndUnknownSemiringAreNamed() {
    Map<String, String> o = remoteWrite();
    o.remove(RemoteWriteIterator.C_OPTION);
    assertTrue(
        assertThrows(
                IllegalArgumentException.class, () -> new RemoteWriteIterator().validateOptions(o))
            .getMessage()
            .contains("'c' and 'ct'"));
    Map<String, String> t = twoTable();
    t.put(TwoTableIterator.SEMIRING_OPTION, "no-such-semiring");
    assertTrue(
        assertThrows(
                IllegalArgumentException.class, () -> new TwoTableIterator().validateOptions(t))
            .getMessage()
            .contains("'no-such-semiring'"));
  }

  @Test
  void malformedColumnsAreRejectedWithPosition() {
    Map<String, String> t = twoTable();
    t.put(TwoTableIterator.B_COLUMNS_OPTION, "a,:,b,");
    D4mSyntaxException e =
        assertThrows(D4mSyntaxException.class, () -> new TwoTableIterator().validateOptions(t));
    assertEquals(2, e.position());
  }

  @Test
  void combinerRequiresAKnownSemiring() {
    IteratorSetting s = ResultTables.combiner("plus-times-long");
    Map<String, String> options = new HashMap<>(s.getOptions());
    assertTrue(new SemiringCombiner().validateOptions(options));
    options.put(SemiringCombiner.SEMIRING_OPTION, "nope");
    assertThrows(
        IllegalArgumentException.class, () -> new SemiringCombiner().validateOptions(options));
  }

  @Test
  void rowRangesIteratorNamesAMissingMalformedOrUnknownOption() {
    IteratorSetting s = new IteratorSetting(1000, RowRangesIterator.class);
    RowRangesIterator.setRows(s, outerproduct.kernel.d4m.RowRanges.parse("1,:,5,9,"));
    assertTrue(new RowRangesIterator().validateOptions(s.getOptions()));
    String missing =
        assertThrows(
                IllegalArgumentException.class,
                () -> new RowRangesIterator().validateOptions(Map.of()))
            .getMessage();
    assertTrue(missing.contains("'rows'"), missing);
    Map<String, String> unknown = new HashMap<>(s.getOptions());
    unknown.put("colums", "a,");
    String message =
        assertThrows(
                IllegalArgumentException.class,
                () -> new RowRangesIterator().validateOptions(unknown))
            .getMessage();
    assertTrue(message.contains("colums"), message);
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new RowRangesIterator()
                .validateOptions(Map.of(RowRangesIterator.ROWS_OPTION, "b,:,a,")));
  }
}
