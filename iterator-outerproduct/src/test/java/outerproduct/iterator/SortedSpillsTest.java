package outerproduct.iterator;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import outerproduct.internals.SortedFileWriter;
import outerproduct.kernel.product.SortedWindow;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * Windows spilled as runs on the local file system and merged into one RFile per table: every cell
 * once, in key order, with the naive sum, whether the runs fit one merge or need several.
 */
class SortedSpillsTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0} products per window")
  @CsvSource({"1000000", "500", "13"})
  void mergedRunsHoldEveryCellOnceWithTheNaiveSum(int windowProducts) throws Exception {
    @SuppressWarnings("unchecked")
    Semiring<Long> semiring = (Semiring<Long>) Semirings.forName(Semirings.DEFAULT);
    FileSystem fs = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path base = new org.apache.hadoop.fs.Path(dir.toUri());
    SortedSpills<Long> spills =
        new SortedSpills<>(semiring, fs, new org.apache.hadoop.fs.Path(base, "runs"));
    SortedWindow<Long> window = new SortedWindow<>(windowProducts, semiring);
    Map<String, Long> expected = new HashMap<>();
    Random random = new Random(windowProducts);
    String[] labels = {"", "a", "a&b"};
    for (int n = 0; n < 5_000; n++) {
      if (window.isFull()) {
        spills.spill(window, true, true);
      }
      String i = Integer.toString(random.nextInt(30));
      String j = Integer.toString(random.nextInt(30));
      String label = labels[random.nextInt(labels.length)];
      long value = random.nextInt(100) - 50;
      window.add(bytes(i), bytes(j), bytes(label), value);
      expected.merge(i + "|" + j + "|" + label, value, Long::sum);
    }
    spills.spill(window, true, true);
    Map<String, Long> c = mergeAndRead(spills, false, fs, new org.apache.hadoop.fs.Path(base, "c"));
    Map<String, Long> ct =
        mergeAndRead(spills, true, fs, new org.apache.hadoop.fs.Path(base, "ct"));
    assertEquals(expected, c);
    assertEquals(expected, ct);
  }

  /**
   * Six equal runs and a merge of four at most: the merge first takes the three smallest runs, the
   * fewest that leave four for the last merge, so it rewrites no more than their bytes (merging the
   * first four, as a plain cascade does, rewrites a run more).
   */
  @Test
  void aStretchWithMoreRunsThanTheFanInRewritesOnlyItsSmallestRuns() throws Exception {
    @SuppressWarnings("unchecked")
    Semiring<Long> semiring = (Semiring<Long>) Semirings.forName(Semirings.DEFAULT);
    FileSystem fs = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path base = new org.apache.hadoop.fs.Path(dir.toUri());
    SortedSpills<Long> spills =
        new SortedSpills<>(semiring, fs, new org.apache.hadoop.fs.Path(base, "runs"), 4);
    SortedWindow<Long> window = new SortedWindow<>(100, semiring);
    Map<String, Long> expected = new HashMap<>();
    for (int n = 0; n < 600; n++) {
      // every cell its own row: no run repeats a row, so a merged run's bytes are its inputs'
      String i = String.format("%05d", (n * 7919) % 600);
      window.add(bytes(i), bytes("j"), bytes(""), (long) n);
      expected.put(i + "|j|", (long) n);
      if (window.isFull()) {
        spills.spill(window, true, false);
      }
    }
    List<Long> runs = new ArrayList<>(spills.runBytes(false));
    assertEquals(6, runs.size());
    Collections.sort(runs);
    long spilled = spills.bytesWritten();

    Map<String, Long> c = mergeAndRead(spills, false, fs, new org.apache.hadoop.fs.Path(base, "c"));

    assertEquals(expected, c);
    long rewritten = spills.bytesWritten() - spilled;
    assertTrue(
        rewritten > 0 && rewritten <= runs.get(0) + runs.get(1) + runs.get(2),
        "rewrote " + rewritten + " bytes of runs " + runs);
  }

  @Test
  void aMergeTakesAtLeastTwoRuns() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new SortedSpills<>(
                Semirings.forName(Semirings.DEFAULT),
                FileSystem.getLocal(new Configuration()),
                new org.apache.hadoop.fs.Path(dir.toUri()),
                1));
  }

  private static byte[] bytes(String s) {
    return s.getBytes(UTF_8);
  }

  /** Merges into a new RFile and reads it back, checking order and that no cell repeats. */
  private static Map<String, Long> mergeAndRead(
      SortedSpills<Long> spills, boolean transpose, FileSystem fs, org.apache.hadoop.fs.Path out)
      throws IOException {
    String file = new org.apache.hadoop.fs.Path(out, "f.rf").toString();
    long written;
    try (SortedFileWriter writer =
        SortedFileWriter.open(fs, new org.apache.hadoop.fs.Path(file), Map.of())) {
      written = spills.merge(transpose, writer);
    }
    Map<String, Long> cells = new HashMap<>();
    Key previous = null;
    try (Scanner scanner =
        RFile.newScanner().from(file).withFileSystem(fs).withoutSystemIterators().build()) {
      for (Map.Entry<Key, Value> e : scanner) {
        Key key = e.getKey();
        assertTrue(previous == null || previous.compareTo(key) < 0, "out of order at " + key);
        previous = key;
        String row = key.getRow().toString();
        String qualifier = key.getColumnQualifier().toString();
        String cell =
            (transpose ? qualifier + "|" + row : row + "|" + qualifier)
                + "|"
                + key.getColumnVisibility();
        cells.put(cell, Long.parseLong(new String(e.getValue().get(), UTF_8)));
      }
    }
    assertEquals(cells.size(), written);
    return cells;
  }
}
