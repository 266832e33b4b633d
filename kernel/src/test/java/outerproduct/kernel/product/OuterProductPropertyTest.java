package outerproduct.kernel.product;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple.Tuple3;
import net.jqwik.api.constraints.IntRange;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * The streaming kernel and the reference multiply, each against the naive triple loop, on random
 * sparse matrices for every built-in semiring. Ids are drawn so that byte order and numeric order
 * disagree ("10" < "9"), rows go missing on either side, and stored values include explicit zeros.
 */
class OuterProductPropertyTest {

  @Property(tries = 300)
  void kernelEqualsTripleLoop(@ForAll("cases") Tuple3<String, SparseMatrix, SparseMatrix> c)
      throws IOException {
    Semiring<?> s = Semirings.forName(c.get1());
    assertEquals(
        NaiveMultiply.multiply(s, c.get2(), c.get3()), viaKernel(s, c.get2(), c.get3(), -1));
  }

  @Property(tries = 300)
  void referenceEqualsTripleLoop(@ForAll("cases") Tuple3<String, SparseMatrix, SparseMatrix> c) {
    Semiring<?> s = Semirings.forName(c.get1());
    assertEquals(
        NaiveMultiply.multiply(s, c.get2(), c.get3()),
        ReferenceMultiply.multiply(s, c.get2(), c.get3()));
  }

  /** Stopping at any safe point and restarting after lastFinishedRow repeats and loses nothing. */
  @Property(tries = 200)
  void resumeAfterSafePointIsExact(
      @ForAll("cases") Tuple3<String, SparseMatrix, SparseMatrix> c,
      @ForAll("stopAfter") int stopAfterRows)
      throws IOException {
    Semiring<?> s = Semirings.forName(c.get1());
    assertEquals(
        NaiveMultiply.multiply(s, c.get2(), c.get3()),
        viaKernel(s, c.get2(), c.get3(), stopAfterRows));
  }

  /**
   * B's rows held in parts of 1 to 4 entries (or a byte bound that one entry passes), AT's row read
   * again for each: the same C, also when stopped at a safe point and resumed.
   */
  @Property(tries = 300)
  void rowsHeldInPartsGiveTheSameProduct(
      @ForAll("cases") Tuple3<String, SparseMatrix, SparseMatrix> c,
      @ForAll("stopAfter") int stopAfterRows,
      @ForAll @IntRange(min = 1, max = 4) int partEntries,
      @ForAll boolean byBytes)
      throws IOException {
    Semiring<?> s = Semirings.forName(c.get1());
    RowParts parts = byBytes ? new RowParts(1000, 1) : new RowParts(partEntries, 1L << 20);
    assertEquals(
        NaiveMultiply.multiply(s, c.get2(), c.get3()),
        viaKernel(s, c.get2(), c.get3(), stopAfterRows - 1, parts));
  }

  @Provide
  Arbitrary<Integer> stopAfter() {
    return Arbitraries.integers().between(0, 6);
  }

  @Provide
  Arbitrary<Tuple3<String, SparseMatrix, SparseMatrix>> cases() {
    return RandomProducts.cases();
  }

  /** Runs the kernel, ⊕-folding its products; stops at a safe point after N rows and resumes. */
  private static <T> SparseMatrix viaKernel(
      Semiring<T> s, SparseMatrix at, SparseMatrix b, int stopAfterRows) throws IOException {
    return viaKernel(s, at, b, stopAfterRows, RowParts.DEFAULT);
  }

  /** As above, B's rows held in parts no larger than {@code parts}. */
  private static <T> SparseMatrix viaKernel(
      Semiring<T> s, SparseMatrix at, SparseMatrix b, int stopAfterRows, RowParts parts)
      throws IOException {
    Map<List<String>, T> sums = new HashMap<>();
    byte[] resumeAfter = null;
    boolean done = false;
    while (!done) {
      OuterProduct<T> op =
          new OuterProduct<>(
              s,
              new MatrixEntrySource("AT", at).startAfter(resumeAfter),
              new MatrixEntrySource("B", b).startAfter(resumeAfter),
              parts);
      boolean stopped = false;
      while (op.advance()) {
        sums.merge(List.of(str(op.i()), str(op.j())), op.value(), s::plus);
        if (stopAfterRows >= 0 && op.atRowBoundary() && op.rowsAligned() > stopAfterRows) {
          resumeAfter = op.lastFinishedRow();
          stopped = true;
          break;
        }
      }
      done = !stopped;
    }
    SparseMatrix c = new SparseMatrix();
    sums.forEach((ij, v) -> c.put(ij.get(0), ij.get(1), str(s.encode(v))));
    return c;
  }

  private static String str(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  @net.jqwik.api.Example
  void superRowOfB() throws IOException {
    SparseMatrix at =
        new SparseMatrix().put("k", "i1", "2").put("k", "i2", "3").put("z", "i1", "1");
    SparseMatrix b = new SparseMatrix();
    int n = 100_000;
    for (int j = 0; j < n; j++) {
      b.put("k", "j" + j, "1");
    }
    Semiring<?> s = Semirings.forName("plus-times-long");
    SparseMatrix c = viaKernel(s, at, b, -1);
    assertEquals(2L * n, c.nnz());
    assertEquals("2", c.get("i1", "j99999"));
    assertEquals("3", c.get("i2", "j0"));
  }

  @net.jqwik.api.Example
  void superRowOfAt() throws IOException {
    SparseMatrix at = new SparseMatrix();
    int n = 100_000;
    for (int i = 0; i < n; i++) {
      at.put("k", "i" + i, String.valueOf(i));
    }
    SparseMatrix b = new SparseMatrix().put("k", "j", "2").put("a", "j", "5");
    SparseMatrix c = viaKernel(Semirings.forName("plus-times-long"), at, b, -1);
    assertEquals(n, c.nnz());
    assertEquals("199998", c.get("i99999", "j"));
  }

  @net.jqwik.api.Example
  void emptyAndDisjointInputsGiveNothing() throws IOException {
    Semiring<?> s = Semirings.forName("plus-times-long");
    SparseMatrix some = new SparseMatrix().put("1", "1", "1");
    SparseMatrix other = new SparseMatrix().put("2", "1", "1");
    assertEquals(0, viaKernel(s, new SparseMatrix(), some, -1).nnz());
    assertEquals(0, viaKernel(s, some, new SparseMatrix(), -1).nnz());
    assertEquals(0, viaKernel(s, some, other, -1).nnz());
  }

  @net.jqwik.api.Example
  void unmatchedRunsAreSkippedBySeeking() throws IOException {
    SparseMatrix at = new SparseMatrix();
    for (int k = 0; k < 50; k++) {
      at.put("a" + k, "i", "1");
    }
    at.put("z", "i", "1");
    SparseMatrix b = new SparseMatrix().put("z", "j", "1");
    MatrixEntrySource atSource = new MatrixEntrySource("AT", at);
    OuterProduct<?> op =
        new OuterProduct<>(
            Semirings.forName("plus-times-long"), atSource, new MatrixEntrySource("B", b));
    assertTrue(op.advance());
    assertFalse(op.advance());
    assertEquals(1, op.rowsAligned());
    assertEquals(1, atSource.seeks);
  }

  @net.jqwik.api.Example
  void badValueNamesTableKeyAndValue() {
    SparseMatrix at = new SparseMatrix().put("k", "i", "1");
    SparseMatrix b = new SparseMatrix().put("k", "j", "x7");
    OuterProduct<?> op =
        new OuterProduct<>(
            Semirings.forName("plus-times-long"),
            new MatrixEntrySource("AT", at),
            new MatrixEntrySource("B", b));
    BadValueException e = assertThrows(BadValueException.class, op::advance);
    assertEquals("B", e.table());
    assertEquals("k", e.row());
    assertEquals("j", e.column());
    assertEquals("x7", e.value());
    assertTrue(e.getMessage().contains("'x7'"), e.getMessage());
  }
}
