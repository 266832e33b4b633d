package outerproduct.kernel.product;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
 * Stretches of held inputs over a B that reads once, against the naive triple loop: whatever the
 * bound (rows of B held in parts, rows too large streamed alone, stretches of every length), every
 * product is handed over once and C is the naive product.
 */
class HeldStretchesPropertyTest {

  @Property(tries = 400)
  void everyProductIsFormedOnce(
      @ForAll("cases") Tuple3<String, SparseMatrix, SparseMatrix> c,
      @ForAll @IntRange(min = 1, max = 1300) int boundBytes,
      @ForAll @IntRange(min = 1, max = 30) int rangeProducts,
      @ForAll @IntRange(min = 1, max = 5) int partEntries)
      throws IOException {
    Semiring<?> s = Semirings.forName(c.get1());
    Folded<?> folded = fold(s, c.get2(), c.get3(), boundBytes, rangeProducts, partEntries);
    assertEquals(NaiveMultiply.multiply(s, c.get2(), c.get3()), folded.c());
    assertEquals(products(c.get2(), c.get3()), folded.products);
    assertEquals(folded.products, folded.stretches.partialProducts());
    assertEquals(sharedRows(c.get2(), c.get3()), folded.stretches.rowsAligned());
  }

  /** A bound that holds a row's AT side but only part of its B side: B is held in parts. */
  @Example
  void aLongRowOfBIsHeldInParts() throws IOException {
    SparseMatrix at = new SparseMatrix().put("k", "i", "2");
    SparseMatrix b = new SparseMatrix();
    for (int j = 0; j < 30; j++) {
      b.put("k", "j" + (10 + j), "3");
    }
    Semiring<?> s = Semirings.forName("plus-times-long");
    Folded<?> folded = fold(s, at, b, 400, 100, 1000);
    assertEquals(NaiveMultiply.multiply(s, at, b), folded.c());
    assertTrue(folded.stretches.stretches() > 1, folded.stretches.stretches() + " stretches");
    assertEquals(0, folded.streamedRows, "no row streamed");
  }

  /** A bound smaller than a row's AT side: the row is streamed alone, the rows around it held. */
  @Example
  void aRowTooLargeToHoldIsStreamedAlone() throws IOException {
    SparseMatrix at = new SparseMatrix().put("a", "i", "1").put("z", "i", "5");
    SparseMatrix b = new SparseMatrix().put("a", "j", "1").put("z", "j", "7");
    for (int i = 0; i < 30; i++) {
      at.put("m", "i" + (10 + i), "2");
    }
    b.put("m", "j", "3");
    Semiring<?> s = Semirings.forName("plus-times-long");
    Folded<?> folded = fold(s, at, b, 400, 100, 2);
    assertEquals(NaiveMultiply.multiply(s, at, b), folded.c());
    assertEquals(1, folded.streamedRows);
    assertEquals(2, folded.stretches.stretches(), "the rows before and after, held");
  }

  @Example
  void aSinkThatLeavesProductsIsRefused() {
    SparseMatrix m = new SparseMatrix().put("k", "i", "1").put("k", "j", "1");
    HeldStretches<Object> stretches =
        new HeldStretches<>(RandomProducts.objects(Semirings.forName("or-and")), 1);
    HeldStretches.Sink<Object> lazy =
        new HeldStretches.Sink<>() {
          @Override
          public void formHeld(HeldInputs<Object> held) {}

          @Override
          public void formStreamed(OuterProduct<Object> row) {}
        };
    assertThrows(
        IllegalStateException.class,
        () -> stretches.run(new MatrixEntrySource("AT", m), readOnce(m), lazy));
  }

  /** The products folded into C's cells, and how they were handed over. */
  private static final class Folded<T> implements HeldStretches.Sink<T> {
    private final Semiring<T> s;
    private final int rangeProducts;
    final Map<List<String>, T> sums = new HashMap<>();
    HeldStretches<T> stretches;
    long products;
    int streamedRows;

    Folded(Semiring<T> s, int rangeProducts) {
      this.s = s;
      this.rangeProducts = rangeProducts;
    }

    @Override
    public void formHeld(HeldInputs<T> held) throws IOException {
      byte[][] ids = held.idsByRank();
      held.formInRanges(
          false,
          rangeProducts,
          new HeldInputs.RangeSink<>() {
            @Override
            public void add(int iRank, int jRank, byte[] visibility, T value) {
              plus(ids[iRank], ids[jRank], value);
            }

            @Override
            public void endRange() {}
          });
    }

    @Override
    public void formStreamed(OuterProduct<T> row) throws IOException {
      streamedRows++;
      while (row.advance()) {
        plus(row.i(), row.j(), row.value());
      }
    }

    private void plus(byte[] i, byte[] j, T value) {
      products++;
      sums.merge(List.of(text(i), text(j)), value, s::plus);
    }

    SparseMatrix c() {
      SparseMatrix c = new SparseMatrix();
      sums.forEach((ij, v) -> c.put(ij.get(0), ij.get(1), text(s.encode(v))));
      return c;
    }
  }

  private static <T> Folded<T> fold(
      Semiring<T> s,
      SparseMatrix at,
      SparseMatrix b,
      int boundBytes,
      int rangeProducts,
      int partEntries)
      throws IOException {
    Folded<T> folded = new Folded<>(s, rangeProducts);
    folded.stretches =
        new HeldStretches<>(s, boundBytes, new RowParts(partEntries, RowParts.ENTRY_OVERHEAD * 8L));
    folded.stretches.run(new MatrixEntrySource("AT", at), readOnce(b), folded);
    return folded;
  }

  /** B as a mapper's records give it: no way back to a row. */
  private static EntrySource readOnce(SparseMatrix b) {
    return new ForwardingEntrySource(new MatrixEntrySource("B", b)) {
      @Override
      public void rewindToRow(byte[] row) {
        throw new UnsupportedOperationException("B reads once");
      }
    };
  }

  private static long products(SparseMatrix at, SparseMatrix b) {
    long n = 0;
    for (String k : at.rowIds()) {
      n += (long) at.row(k).size() * b.row(k).size();
    }
    return n;
  }

  private static long sharedRows(SparseMatrix at, SparseMatrix b) {
    return at.rowIds().stream().filter(k -> !b.row(k).isEmpty()).count();
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  @Provide
  Arbitrary<Tuple3<String, SparseMatrix, SparseMatrix>> cases() {
    return RandomProducts.cases();
  }
}
