package outerproduct.kernel.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.semiring.BadValueException;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * The row-by-row oracle against the in-memory reference multiply: the same checksum and nnz for
 * every semiring, row subset and column filter, on skewed random matrices whose ids sort
 * differently as numbers and as bytes.
 */
class RowByRowOracleTest {

  /** A few heavy rows and columns, like Graph500's, and ids from 1 to 300. */
  private static SparseMatrix skewed(long seed, boolean booleans) {
    Random rnd = new Random(seed);
    SparseMatrix m = new SparseMatrix();
    for (int e = 0; e < 3_000; e++) {
      int row = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(5) : 1 + rnd.nextInt(300);
      int column = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(5) : 1 + rnd.nextInt(300);
      String value = booleans ? "1" : Integer.toString(rnd.nextInt(19) - 9);
      m.put(Integer.toString(row), Integer.toString(column), value);
    }
    return m;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "plus-times-long",
        "plus-times-double",
        "plus-times-bigdecimal",
        "min-plus",
        "max-plus",
        "max-min",
        "or-and"
      })
  void everySemiringGivesTheReferenceChecksum(String name) {
    Semiring<?> s = Semirings.forName(name);
    SparseMatrix at = skewed(name.hashCode(), name.equals("or-and"));
    SparseMatrix b = skewed(name.hashCode() + 1, name.equals("or-and"));
    SparseMatrix c = ReferenceMultiply.multiply(s, at, b);
    RowByRowOracle.Result r = RowByRowOracle.checksum(s, at, b);
    assertEquals(ResultChecksum.of(c), r.checksum());
    assertEquals(c.nnz(), r.nnz());
    assertEquals(ReferenceMultiply.partialProducts(at, b, RowRanges.all()), r.partialProducts());
  }

  @ParameterizedTest(name = "rows {0}, AT columns {1}, B columns {2}")
  @CsvSource(
      delimiter = ';',
      value = {"1,:,150,;;", "7,9,:,;1,2,3,5,8,13,;", "0,:,z,;;1,4,9,16,25,", "2,;1,;1,", "zzz,;;"})
  void rowSubsetsAndColumnFiltersGiveTheReferenceChecksum(
      String rows, String atColumns, String bColumns) {
    Semiring<?> s = Semirings.forName("plus-times-long");
    SparseMatrix at = skewed(5, false);
    SparseMatrix b = skewed(6, false);
    RowRanges r = RowRanges.parse(rows);
    ColumnFilter atFilter = atColumns == null ? null : ColumnFilter.parse(atColumns);
    ColumnFilter bFilter = bColumns == null ? null : ColumnFilter.parse(bColumns);
    SparseMatrix c = ReferenceMultiply.multiply(s, at, b, r, atFilter, bFilter);
    RowByRowOracle.Result result = RowByRowOracle.checksum(s, at, b, r, atFilter, bFilter);
    assertEquals(ResultChecksum.of(c), result.checksum());
    assertEquals(c.nnz(), result.nnz());
  }

  @Test
  void aBadValueIsNamedAsTheReferenceNamesIt() {
    SparseMatrix at = new SparseMatrix().put("1", "2", "3");
    SparseMatrix b = new SparseMatrix().put("1", "7", "x1");
    BadValueException e =
        assertThrows(
            BadValueException.class,
            () -> RowByRowOracle.checksum(Semirings.forName("plus-times-long"), at, b));
    assertTrue(e.getMessage().contains("value 'x1'"), e.getMessage());
  }
}
