package outerproduct.kernel.product;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import outerproduct.kernel.semiring.PlusTimesLong;

class VisibilityTest {

  private static String and(String a, String b) {
    return new String(Visibility.and(bytes(a), bytes(b)), StandardCharsets.UTF_8);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void emptyIsNeutralAndEqualLabelsAppearOnce() {
    assertEquals("", and("", ""));
    assertEquals("a", and("a", ""));
    assertEquals("a", and("", "a"));
    assertEquals("a|b", and("a|b", "a|b"));
  }

  @Test
  void differentLabelsAreConjoinedInNormalForm() {
    assertEquals("a&b", and("a", "b"));
    assertEquals("a&b", and("b", "a"));
    assertEquals("a&b&c", and("a&b", "b&c"));
    assertEquals("c&(a|b)", and("a|b", "c"));
    assertEquals("a&b", and("a&b", "a"));
  }

  @Test
  void aMalformedLabelIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> and("a&", "b"));
  }

  @Test
  void productsCarryTheConjunctionOfTheirInputs() throws IOException {
    ListSource at = new ListSource("AT").add("k", "i1", "x", "1").add("k", "i2", "", "2");
    ListSource b = new ListSource("B").add("k", "j1", "y", "3").add("k", "j2", "x", "4");
    OuterProduct<Long> p = new OuterProduct<>(new PlusTimesLong(), at, b);
    List<String> labels = new ArrayList<>();
    while (p.advance()) {
      labels.add(
          new String(p.i(), StandardCharsets.UTF_8)
              + ","
              + new String(p.j(), StandardCharsets.UTF_8)
              + "="
              + new String(p.visibility(), StandardCharsets.UTF_8));
    }
    assertEquals(List.of("i1,j1=x&y", "i1,j2=x", "i2,j1=y", "i2,j2=x"), labels);
  }

  /** Labelled entries in key order. */
  private static final class ListSource implements EntrySource {
    private final String table;
    private final List<String[]> entries = new ArrayList<>();
    private int at;

    ListSource(String table) {
      this.table = table;
    }

    ListSource add(String row, String column, String label, String value) {
      entries.add(new String[] {row, column, label, value});
      return this;
    }

    private byte[] field(int f) {
      return bytes(entries.get(at)[f]);
    }

    @Override
    public String table() {
      return table;
    }

    @Override
    public boolean hasTop() {
      return at < entries.size();
    }

    @Override
    public byte[] row() {
      return field(0);
    }

    @Override
    public byte[] column() {
      return field(1);
    }

    @Override
    public byte[] visibility() {
      return field(2);
    }

    @Override
    public byte[] value() {
      return field(3);
    }

    @Override
    public void next() {
      at++;
    }
  }
}
