package outerproduct.inputs;

import outerproduct.kernel.oracle.SparseMatrix;

/**
 * Where the pair of input matrices A and B of a SCALE comes from: the project's Graph500 Kronecker
 * generator ({@link #generated()}, the default everywhere) or Graphulo's published Graph500 files
 * ({@link Graph500Fixture}). See docs/format.md for both.
 */
public interface MatrixSource {

  /**
   * @param matrix "A" or "B"
   * @throws IllegalArgumentException naming the SCALE, matrix or file at fault
   */
  SparseMatrix read(int scale, String matrix);

  /**
   * Checks, before any cluster starts, that {@link #read} can give this SCALE's pair.
   *
   * @throws IllegalArgumentException naming the SCALE or file at fault
   */
  void check(int scale);

  /** How a report names this source: {@code generated} or {@code fixtures}. */
  String kind();

  /** The seeds or files, for the records of a run. */
  String seeds();

  /** The standard generated pair: A with seed 1, B with seed 2, edge factor 16. */
  static MatrixSource generated() {
    return new MatrixSource() {
      @Override
      public SparseMatrix read(int scale, String matrix) {
        return KroneckerGenerator.standard(scale, matrix).matrix();
      }

      @Override
      public void check(int scale) {
        KroneckerGenerator.standard(scale, "A");
      }

      @Override
      public String kind() {
        return "generated";
      }

      @Override
      public String seeds() {
        return "A=1, B=2";
      }
    };
  }
}
