package outerproduct.kernel.product;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The dictionary against the plain definitions: one code per distinct byte string, and ranks in
 * Accumulo's order of unsigned bytes, including ids that share their head, end in zeros, are empty
 * or are prefixes of each other.
 */
class IdCodesTest {

  @Property(tries = 300)
  void codesAreStableAndRanksFollowUnsignedByteOrder(@ForAll("ids") List<byte[]> ids) {
    IdCodes codes = new IdCodes();
    List<byte[]> distinct = new ArrayList<>();
    for (byte[] id : ids) {
      int code = codes.code(id.clone());
      if (code == distinct.size()) {
        distinct.add(id);
      }
      assertArrayEquals(id, codes.id(code));
    }
    for (int c = 0; c < distinct.size(); c++) {
      assertEquals(c, codes.code(distinct.get(c).clone()), "a seen id keeps its code");
    }
    TreeSet<byte[]> sorted = new TreeSet<>(Arrays::compareUnsigned);
    sorted.addAll(ids);
    assertEquals(sorted.size(), codes.size(), "one code per distinct id");
    List<byte[]> byRank = new ArrayList<>();
    for (int code : codes.byRank()) {
      byRank.add(codes.id(code));
    }
    assertEquals(
        new ArrayList<>(sorted).stream().map(Arrays::toString).toList(),
        byRank.stream().map(Arrays::toString).toList());
  }

  @Provide
  Arbitrary<List<byte[]>> ids() {
    // few byte values and lengths around the sorted head's 5 bytes: many shared heads and prefixes
    Arbitrary<byte[]> id =
        Arbitraries.bytes()
            .filter(b -> b == 0 || b == 1 || b == (byte) 0x80 || b == (byte) 0xFF || b == '7')
            .array(byte[].class)
            .ofMaxSize(8);
    return id.list().ofMaxSize(3000);
  }

  @Test
  void clearingForgetsEveryIdAndGrowingKeepsThem() {
    IdCodes codes = new IdCodes();
    for (int n = 0; n < 5000; n++) {
      assertEquals(n, codes.code(Integer.toString(n).getBytes()));
    }
    assertEquals(1234, codes.code("1234".getBytes()));
    codes.clear();
    assertEquals(0, codes.size());
    assertEquals(0, codes.code("1234".getBytes()));
  }

  /** A reused array: a new id is kept as it was when handed over; a known one gets its code. */
  @Test
  void codeOfCopyKeepsNewIdsAsTheyWere() {
    IdCodes codes = new IdCodes();
    byte[] buffer = "10".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    int ten = codes.codeOfCopy(buffer);
    buffer[1] = '1';
    int eleven = codes.codeOfCopy(buffer);
    assertArrayEquals("10".getBytes(java.nio.charset.StandardCharsets.UTF_8), codes.id(ten));
    assertArrayEquals("11".getBytes(java.nio.charset.StandardCharsets.UTF_8), codes.id(eleven));
    assertEquals(ten, codes.codeOfCopy("10".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    assertEquals(2, codes.size());
  }
}
