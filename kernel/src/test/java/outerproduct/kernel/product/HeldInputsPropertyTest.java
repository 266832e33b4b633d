package outerproduct.kernel.product;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple.Tuple3;
import net.jqwik.api.constraints.IntRange;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * Held inputs formed range by range against the naive triple loop: stretches cut wherever the
 * memory bound falls (a row too large alone is held on its own, as an engine's fallback would
 * multiply it), ranges of every size, both orders; and the ranges come out in key order.
 */
class HeldInputsPropertyTest {
  private static final java.nio.charset.Charset UTF_8 = StandardCharsets.UTF_8;

  @Property(tries = 400)
  void rangesGiveTheSameProductInKeyOrder(
      @ForAll("cases") Tuple3<String, SparseMatrix, SparseMatrix> c,
      @ForAll @IntRange(min = 1, max = 30) int rangeProducts,
      @ForAll @IntRange(min = 1, max = 1300) int boundBytes,
      @ForAll boolean transposed)
      throws IOException {
    Semiring<?> s = Semirings.forName(c.get1());
    SparseMatrix expected = NaiveMultiply.multiply(s, c.get2(), c.get3());
    assertEquals(
        transposed ? transpose(expected) : expected,
        viaStretches(s, c.get2(), c.get3(), rangeProducts, boundBytes, transposed));
  }

  /** Runs stretches of held rows, each bounded; folds their ranges' products; checks key order. */
  private static <T> SparseMatrix viaStretches(
      Semiring<T> s,
      SparseMatrix at,
      SparseMatrix b,
      int rangeProducts,
      int boundBytes,
      boolean transposed)
      throws IOException {
    Map<List<String>, T> sums = new HashMap<>();
    byte[] resumeAfter = null;
    while (true) {
      MatrixEntrySource atSource = new MatrixEntrySource("AT", at).startAfter(resumeAfter);
      MatrixEntrySource bSource = new MatrixEntrySource("B", b).startAfter(resumeAfter);
      RowAligner aligner = new RowAligner(atSource, bSource);
      HeldInputs<T> held = new HeldInputs<>(s, boundBytes);
      byte[] k;
      while ((k = aligner.nextSharedRow()) != null) {
        long before = held.bytes();
        if (!held.read(k, atSource, bSource)) {
          assertEquals(before, held.bytes(), "a refused row holds nothing");
          if (held.rows() == 0) {
            held = alone(s, at, b, k);
            resumeAfter = k;
          }
          break;
        }
        resumeAfter = k;
      }
      if (held.rows() == 0) {
        break;
      }
      Sums<T> sink = new Sums<>(s, sums, transposed, held.idsByRank());
      held.formInRanges(transposed, rangeProducts, sink);
      assertEquals(held.products(), sink.products);
      assertTrue(sink.rangeEnded, "every range is ended");
      if (k == null) {
        break;
      }
    }
    SparseMatrix c = new SparseMatrix();
    sums.forEach((ij, v) -> c.put(ij.get(0), ij.get(1), new String(s.encode(v), UTF_8)));
    return c;
  }

  /** Row {@code k} held with no bound, as an engine multiplies a row too large for one. */
  private static <T> HeldInputs<T> alone(Semiring<T> s, SparseMatrix at, SparseMatrix b, byte[] k)
      throws IOException {
    MatrixEntrySource atSource = new MatrixEntrySource("AT", at);
    MatrixEntrySource bSource = new MatrixEntrySource("B", b);
    atSource.seekRow(k);
    bSource.seekRow(k);
    HeldInputs<T> held = new HeldInputs<>(s, Long.MAX_VALUE);
    assertTrue(held.read(k, atSource, bSource));
    return held;
  }

  /**
   * Folds products into cells of C (or CT) and checks that each range's walked ids all sort after
   * the ranges before it, and that a cell never reappears in a later range.
   */
  private static final class Sums<T> implements HeldInputs.RangeSink<T> {
    private final Semiring<T> s;
    private final Map<List<String>, T> sums;
    private final boolean transposed;
    private final byte[][] idsByRank;
    private String rangeHigh;
    private String previousHigh;
    long products;
    boolean rangeEnded = true;

    Sums(Semiring<T> s, Map<List<String>, T> sums, boolean transposed, byte[][] idsByRank) {
      this.s = s;
      this.sums = sums;
      this.transposed = transposed;
      this.idsByRank = idsByRank;
    }

    @Override
    public void add(int iRank, int jRank, byte[] visibility, T value) {
      byte[] i = idsByRank[iRank];
      byte[] j = idsByRank[jRank];
      String row = new String(transposed ? j : i, UTF_8);
      String column = new String(transposed ? i : j, UTF_8);
      rangeEnded = false;
      products++;
      if (previousHigh != null) {
        assertTrue(
            Arrays.compareUnsigned(row.getBytes(UTF_8), previousHigh.getBytes(UTF_8)) > 0,
            row + " comes after a range that ended at " + previousHigh);
      }
      rangeHigh = rangeHigh == null || less(rangeHigh, row) ? row : rangeHigh;
      sums.merge(List.of(row, column), value, s::plus);
    }

    @Override
    public void endRange() {
      assertFalse(rangeEnded, "a range has products");
      rangeEnded = true;
      previousHigh = rangeHigh;
      rangeHigh = null;
    }

    private static boolean less(String x, String y) {
      return Arrays.compareUnsigned(x.getBytes(UTF_8), y.getBytes(UTF_8)) < 0;
    }
  }

  private static SparseMatrix transpose(SparseMatrix m) {
    SparseMatrix t = new SparseMatrix();
    for (SparseMatrix.Entry e : m.entries()) {
      t.put(e.column(), e.row(), e.value());
    }
    return t;
  }

  /**
   * The bound counts each entry, each value object (an entry with the bytes of the entry before
   * shares its object: counted once) and each distinct id with its length.
   */
  @Example
  void entriesCountTheirValueObjectOnlyWhenTheBytesChange() throws IOException {
    SparseMatrix at = new SparseMatrix().put("k", "a", "5").put("k", "b", "5").put("k", "c", "7");
    SparseMatrix b = new SparseMatrix().put("k", "a", "7").put("k", "dd", "7");
    HeldInputs<Object> held =
        new HeldInputs<>(
            RandomProducts.objects(Semirings.forName("plus-times-long")), Long.MAX_VALUE);
    MatrixEntrySource atSource = new MatrixEntrySource("AT", at);
    MatrixEntrySource bSource = new MatrixEntrySource("B", b);
    assertTrue(held.read(new RowAligner(atSource, bSource).nextSharedRow(), atSource, bSource));
    long entries = 5 * HeldInputs.BYTES_PER_ENTRY;
    long values = 2 * HeldInputs.BYTES_PER_VALUE; // "5" and "7": B's 7s share AT's last object
    long ids = 3 * (HeldInputs.BYTES_PER_ID + 1) + HeldInputs.BYTES_PER_ID + 2;
    assertEquals(entries + values + ids, held.bytes());
    assertEquals(6, held.products());
  }

  @Example
  void overflowNamesWhereItHappened() throws IOException {
    SparseMatrix at = new SparseMatrix().put("k", "i", String.valueOf(Long.MAX_VALUE));
    SparseMatrix b = new SparseMatrix().put("k", "j", "2");
    Semiring<Object> s = RandomProducts.objects(Semirings.forName("plus-times-long"));
    HeldInputs<Object> held = new HeldInputs<>(s, 1 << 20);
    MatrixEntrySource atSource = new MatrixEntrySource("AT", at);
    MatrixEntrySource bSource = new MatrixEntrySource("B", b);
    assertTrue(held.read(new RowAligner(atSource, bSource).nextSharedRow(), atSource, bSource));
    ArithmeticException e =
        assertThrows(
            ArithmeticException.class,
            () ->
                held.formInRanges(
                    false, 10, new Sums<>(s, new HashMap<>(), false, held.idsByRank())));
    assertTrue(
        e.getMessage().contains("k 'k', i 'i', j 'j' of tables 'AT' and 'B'"), e::getMessage);
  }

  @Provide
  Arbitrary<Tuple3<String, SparseMatrix, SparseMatrix>> cases() {
    return RandomProducts.cases();
  }
}
