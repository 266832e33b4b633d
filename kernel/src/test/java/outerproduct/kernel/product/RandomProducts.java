package outerproduct.kernel.product;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple3;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * Random multiplies for the kernel's properties: a built-in semiring's name and two sparse matrices
 * of up to 40 entries. Ids are drawn so that byte order and numeric order disagree ("10" < "9"),
 * rows go missing on either side, and stored values include explicit zeros.
 */
final class RandomProducts {
  private RandomProducts() {}

  static Arbitrary<Tuple3<String, SparseMatrix, SparseMatrix>> cases() {
    return Arbitraries.of(Semirings.builtInNames())
        .flatMap(
            name -> {
              Arbitrary<String> values = valuesFor(name);
              return Combinators.combine(matrix(values), matrix(values))
                  .as((a, b) -> Tuple.of(name, a, b));
            });
  }

  /** A semiring of values the test need not name, for tests that build no values of their own. */
  @SuppressWarnings("unchecked")
  static Semiring<Object> objects(Semiring<?> s) {
    return (Semiring<Object>) s;
  }

  private static Arbitrary<SparseMatrix> matrix(Arbitrary<String> values) {
    Arbitrary<String> ids = Arbitraries.of("1", "2", "9", "10", "11", "100", "a", "é");
    return Combinators.combine(ids, ids, values)
        .as(List::of)
        .list()
        .ofMaxSize(40)
        .map(
            triples -> {
              SparseMatrix m = new SparseMatrix();
              triples.forEach(t -> m.put(t.get(0), t.get(1), t.get(2)));
              return m;
            });
  }

  private static Arbitrary<String> valuesFor(String semiring) {
    switch (semiring) {
      case "or-and":
        return Arbitraries.of("1", "0");
      case "plus-times-bigdecimal":
        return Arbitraries.of("1", "-2.5", "0", "0.125", "3.10", "1000000000000000000000");
      default:
        // Small integers: every order of ⊕ gives the same double, so exact comparison is fair.
        return Arbitraries.integers().between(-9, 9).map(String::valueOf);
    }
  }
}
