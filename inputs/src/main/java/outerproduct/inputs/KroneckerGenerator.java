package outerproduct.inputs;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import outerproduct.kernel.oracle.SparseMatrix;

/**
 * The Graph500 Kronecker generator of docs/format.md: 2^SCALE vertices, EF·2^SCALE edges, initiator
 * probabilities a=0.57, b=0.19, c=0.19, d=0.05, no vertex permutation (the power-law head sits at
 * the low ids, as in Graphulo's inputs), 1-based decimal vertex ids, and each edge adding 1 to its
 * entry (so a value is the edge's multiplicity).
 *
 * <p>Split-independent: edge {@code e}'s endpoints come from a random stream seeded by {@code
 * (seed, e)} alone, so any partition of the edge range, in any order and on any number of threads
 * or tasks, yields the same multiset of edges.
 */
public final class KroneckerGenerator {
  public static final int DEFAULT_EDGE_FACTOR = 16;
  static final double A = 0.57;
  static final double B = 0.19;
  static final double C = 0.19;

  private final int scale;
  private final int edgeFactor;
  private final long seed;

  /** One edge, 1-based vertex ids. */
  public record Edge(long u, long v) {}

  /**
   * @throws IllegalArgumentException naming the parameter, for SCALE outside 1..40 or an edge
   *     factor below 1
   */
  public KroneckerGenerator(int scale, int edgeFactor, long seed) {
    if (scale < 1 || scale > 40) {
      throw new IllegalArgumentException("SCALE must be 1 to 40, got " + scale);
    }
    if (edgeFactor < 1) {
      throw new IllegalArgumentException("edge factor must be at least 1, got " + edgeFactor);
    }
    this.scale = scale;
    this.edgeFactor = edgeFactor;
    this.seed = seed;
  }

  public long edges() {
    return (long) edgeFactor << scale;
  }

  /** Edge {@code e} (0-based, below {@link #edges()}): a function of (seed, e) only. */
  public Edge edge(long e) {
    if (e < 0 || e >= edges()) {
      throw new IllegalArgumentException("edge " + e + " is outside [0, " + edges() + ")");
    }
    SplittableRandom random = new SplittableRandom(mix(seed) ^ e * 0x9E3779B97F4A7C15L);
    long u = 0;
    long v = 0;
    for (int level = 0; level < scale; level++) {
      double r = random.nextDouble();
      int row = r < A + B ? 0 : 1;
      int column = r < A || (r >= A + B && r < A + B + C) ? 0 : 1;
      u = (u << 1) | row;
      v = (v << 1) | column;
    }
    return new Edge(u + 1, v + 1);
  }

  /** The matrix of edges {@code [from, to)}: entry (u, v) = how many of them join u to v. */
  public SparseMatrix matrix(long from, long to) {
    Map<Edge, Long> counts = new HashMap<>();
    LongStream.range(from, to).forEach(e -> counts.merge(edge(e), 1L, Long::sum));
    SparseMatrix m = new SparseMatrix();
    counts.forEach(
        (edge, n) -> m.put(Long.toString(edge.u()), Long.toString(edge.v()), Long.toString(n)));
    return m;
  }

  /** The whole matrix, generated on all cores (the result does not depend on how). */
  public SparseMatrix matrix() {
    Map<Edge, Long> counts =
        LongStream.range(0, edges())
            .parallel()
            .mapToObj(this::edge)
            .collect(java.util.stream.Collectors.toConcurrentMap(e -> e, e -> 1L, Long::sum));
    SparseMatrix m = new SparseMatrix();
    counts.forEach(
        (edge, n) -> m.put(Long.toString(edge.u()), Long.toString(edge.v()), Long.toString(n)));
    return m;
  }

  /** The standard pair of docs/format.md: A with seed 1, B with seed 2. */
  public static KroneckerGenerator standard(int scale, String matrix) {
    return switch (matrix) {
      case "A" -> new KroneckerGenerator(scale, DEFAULT_EDGE_FACTOR, 1);
      case "B" -> new KroneckerGenerator(scale, DEFAULT_EDGE_FACTOR, 2);
      default -> throw new IllegalArgumentException("matrix must be A or B, got '" + matrix + "'");
    };
  }

  /** SplitMix64's finaliser: spreads small seeds (1, 2, …) over all 64 bits. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
