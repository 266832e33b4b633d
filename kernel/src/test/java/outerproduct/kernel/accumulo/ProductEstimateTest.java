package outerproduct.kernel.accumulo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.junit.jupiter.api.Test;

class ProductEstimateTest {
  @Property(tries = 300)
  void joinEqualsTheSumOverSharedRows(
      @ForAll @Size(max = 20)
          Map<@AlphaChars @StringLength(min = 1, max = 3) String, @IntRange(max = 50) Integer> at,
      @ForAll @Size(max = 20)
          Map<@AlphaChars @StringLength(min = 1, max = 3) String, @IntRange(max = 50) Integer> b) {
    long products = 0;
    long shared = 0;
    for (Map.Entry<String, Integer> row : at.entrySet()) {
      if (b.containsKey(row.getKey())) {
        products += (long) row.getValue() * b.get(row.getKey());
        shared++;
      }
    }
    assertArrayEquals(
        new long[] {products, shared},
        ProductEstimate.sumOfProducts(
            degreeTable(at).entrySet().iterator(), degreeTable(b).entrySet().iterator()));
  }

  @Test
  void aValueThatIsNotACountIsNamed() {
    TreeMap<Key, Value> bad = new TreeMap<>();
    bad.put(new Key("r7", "", DegreeTables.COLUMN), new Value("seven"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ProductEstimate.sumOfProducts(
                    bad.entrySet().iterator(), bad.entrySet().iterator()));
    assertTrue(e.getMessage().contains("row 'r7' is 'seven'"), e.getMessage());
  }

  /** Rows in Accumulo's (byte) order, as a scan returns them. */
  private static TreeMap<Key, Value> degreeTable(Map<String, Integer> degrees) {
    TreeMap<Key, Value> table = new TreeMap<>();
    degrees.forEach(
        (row, degree) ->
            table.put(new Key(row, "", DegreeTables.COLUMN), new Value(Integer.toString(degree))));
    return table;
  }
}
