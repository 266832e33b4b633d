package outerproduct.kernel.answer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.hadoop.io.WritableUtils;
import org.junit.jupiter.api.Test;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * Products spread at random over runs, each run pre-summed and sorted as a tablet server's window
 * drains, packed in payloads as scans return them: the merge hands every cell once, in C's key
 * order, with the sum an independent map of all products gives.
 */
class CellMergeTest {
  @SuppressWarnings("unchecked")
  private static final Semiring<Long> LONG = (Semiring<Long>) Semirings.forName("plus-times-long");

  @Property(tries = 200)
  void mergedRunsEqualTheSumOfEveryProduct(
      @ForAll long seed,
      @ForAll @IntRange(min = 0, max = 400) int products,
      @ForAll @IntRange(min = 1, max = 9) int runsPerPayload) {
    Random random = new Random(seed);
    TreeMap<String, Long> oracle = new TreeMap<>();
    List<TreeMap<String, Long>> runs = new ArrayList<>();
    for (int r = 0; r < runsPerPayload * 3; r++) {
      runs.add(new TreeMap<>());
    }
    for (int p = 0; p < products; p++) {
      // ids of different lengths, so unsigned byte order differs from numeric order
      String key =
          random.nextInt(30)
              + "\t"
              + random.nextInt(1 << random.nextInt(12))
              + "\t"
              + label(random);
      long value = random.nextInt(2001) - 1000;
      oracle.merge(key, value, Long::sum);
      runs.get(random.nextInt(runs.size())).merge(key, value, Long::sum);
    }
    List<CellRuns.Run> read = new ArrayList<>();
    for (int payload = 0; payload < 3; payload++) {
      CellRuns.Writer writer = new CellRuns.Writer();
      for (TreeMap<String, Long> run :
          runs.subList(payload * runsPerPayload, (payload + 1) * runsPerPayload)) {
        for (Map.Entry<String, Long> cell : run.entrySet()) {
          String[] f = cell.getKey().split("\t", -1);
          writer.add(bytes(f[0]), bytes(f[1]), bytes(f[2]), LONG.encode(cell.getValue()));
        }
        writer.endRun();
      }
      read.addAll(CellRuns.read(writer.finish()));
    }
    List<String> merged = new ArrayList<>();
    CellMerge.of(LONG, read)
        .forEachRemaining(c -> merged.add(c.toTsv(Long.toString(LONG.decode(c.value())))));
    List<String> expected = new ArrayList<>();
    oracle.forEach(
        (k, v) -> {
          String[] f = k.split("\t", -1);
          expected.add(f[0] + "\t" + f[1] + "\t" + v + (f[2].isEmpty() ? "" : "\t" + f[2]));
        });
    assertEquals(expected, merged);
  }

  @Test
  void fieldsOfEveryLengthClassReadBackAsWritten() throws Exception {
    // lengths whose vint takes 1 to 4 bytes, as Hadoop's WritableUtils writes them
    int[] lengths = {0, 1, 127, 128, 255, 256, 65_535, 65_536, 1 << 20};
    CellRuns.Writer writer = new CellRuns.Writer();
    List<byte[]> rows = new ArrayList<>();
    for (int n = 0; n < lengths.length; n++) {
      byte[] row = new byte[lengths[n] + 1];
      new Random(n).nextBytes(row);
      rows.add(row);
      writer.add(row, bytes("c"), new byte[lengths[lengths.length - 1 - n]], LONG.encode((long) n));
    }
    byte[] packed = writer.finish();
    ByteArrayOutputStream viaHadoop = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(viaHadoop);
    for (int n = 0; n < lengths.length; n++) {
      for (byte[] field :
          new byte[][] {
            rows.get(n),
            bytes("c"),
            new byte[lengths[lengths.length - 1 - n]],
            LONG.encode((long) n)
          }) {
        WritableUtils.writeVInt(out, field.length);
        out.write(field);
      }
    }
    WritableUtils.writeVInt(out, -1);
    assertArrayEquals(viaHadoop.toByteArray(), packed);
    List<CellRuns.Run> runs = CellRuns.read(packed);
    assertEquals(1, runs.size());
    for (int n = 0; n < lengths.length; n++) {
      assertTrue(runs.get(0).advance());
      assertArrayEquals(rows.get(n), runs.get(0).current().row());
      assertEquals(lengths[lengths.length - 1 - n], runs.get(0).current().visibility().length);
    }
    assertFalse(runs.get(0).advance());
  }

  @Test
  void bytesThatAreNotRunsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> CellRuns.read(new byte[] {5, 1}));
  }

  private static String label(Random random) {
    return random.nextInt(4) == 0 ? "" : random.nextBoolean() ? "L" : "M&N";
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
