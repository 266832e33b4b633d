package outerproduct.inputs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import outerproduct.kernel.oracle.SparseMatrix;

class KroneckerGeneratorTest {
  private static final int SCALE = 10;

  /** Sums entry values of several matrices: duplicate edges across parts must add up. */
  private static Map<String, Long> sum(SparseMatrix... parts) {
    Map<String, Long> total = new HashMap<>();
    for (SparseMatrix part : parts) {
      part.entries()
          .forEach(
              e -> total.merge(e.row() + "," + e.column(), Long.parseLong(e.value()), Long::sum));
    }
    return total;
  }

  @Test
  void anyPartitionOfTheEdgeRangeGivesTheSameMatrix() {
    KroneckerGenerator g = KroneckerGenerator.standard(SCALE, "A");
    long n = g.edges();
    Map<String, Long> whole = sum(g.matrix(0, n));
    assertEquals(whole, sum(g.matrix()), "parallel generation");
    assertEquals(
        whole, sum(g.matrix(0, 1), g.matrix(1, 5_000), g.matrix(5_000, n)), "three uneven parts");
    assertEquals(whole, sum(g.matrix(n / 2, n), g.matrix(0, n / 2)), "parts in reverse order");
  }

  @Test
  void everyEdgeCountsOnceAndIdsAreOneBasedAndInRange() {
    KroneckerGenerator g = KroneckerGenerator.standard(SCALE, "B");
    SparseMatrix m = g.matrix();
    long edges = m.entries().stream().mapToLong(e -> Long.parseLong(e.value())).sum();
    assertEquals(16L << SCALE, edges);
    for (SparseMatrix.Entry e : m.entries()) {
      long u = Long.parseLong(e.row());
      long v = Long.parseLong(e.column());
      assertTrue(u >= 1 && u <= 1 << SCALE && v >= 1 && v <= 1 << SCALE, e.toString());
    }
  }

  @Test
  void seedsGiveDifferentMatricesAndTheSameSeedTheSameOne() {
    assertEquals(
        KroneckerGenerator.standard(SCALE, "A").matrix(),
        new KroneckerGenerator(SCALE, 16, 1).matrix());
    assertNotEquals(
        KroneckerGenerator.standard(SCALE, "A").matrix(),
        KroneckerGenerator.standard(SCALE, "B").matrix());
  }

  @Test
  void quadrantsFollowTheInitiatorAndTheHeadSitsAtLowIds() {
    KroneckerGenerator g = new KroneckerGenerator(SCALE, 16, 7);
    long firstHalfRows = 0;
    long firstHalfColumns = 0;
    Map<Long, Long> outDegree = new HashMap<>();
    for (long e = 0; e < g.edges(); e++) {
      KroneckerGenerator.Edge edge = g.edge(e);
      // the top bit of a 0-based id is the first level's quadrant
      firstHalfRows += edge.u() <= 1 << (SCALE - 1) ? 1 : 0;
      firstHalfColumns += edge.v() <= 1 << (SCALE - 1) ? 1 : 0;
      outDegree.merge(edge.u(), 1L, Long::sum);
    }
    double rows = firstHalfRows / (double) g.edges();
    double columns = firstHalfColumns / (double) g.edges();
    assertEquals(
        KroneckerGenerator.A + KroneckerGenerator.B, rows, 0.01, "P(row in first half) = a + b");
    assertEquals(
        KroneckerGenerator.A + KroneckerGenerator.C,
        columns,
        0.01,
        "P(column in first half) = a + c");
    long maxDegree = outDegree.values().stream().mapToLong(Long::longValue).max().orElseThrow();
    assertEquals(maxDegree, outDegree.get(1L), "vertex 1 is the hub (no permutation)");
  }

  @Test
  void badParametersAreNamed() {
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> new KroneckerGenerator(0, 16, 1))
            .getMessage()
            .contains("SCALE must be 1 to 40, got 0"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> new KroneckerGenerator(10, 0, 1))
            .getMessage()
            .contains("edge factor must be at least 1, got 0"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> KroneckerGenerator.standard(10, "C"))
            .getMessage()
            .contains("matrix must be A or B, got 'C'"));
    KroneckerGenerator g = new KroneckerGenerator(4, 1, 1);
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> g.edge(16))
            .getMessage()
            .contains("edge 16 is outside [0, 16)"));
  }
}
