package outerproduct.inputs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/** A user's matrix as text: every entry read as written, every fault named by line and field. */
class MatrixTextTest {
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");

  private static InputStream text(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
  }

  private static SparseMatrix tsv(String s) {
    return MatrixText.triples("edges.tsv", text(s), MatrixText.Format.TSV, LONG);
  }

  @Test
  void triplesAreReadDuplicatesSummedAndTwoFieldsMeanOne() {
    SparseMatrix m = tsv("# a comment\na\tb\t3\n\na\tb\t4\nc d\té\t-2\nx\ty\n");
    SparseMatrix expected =
        new SparseMatrix().put("a", "b", "7").put("c d", "é", "-2").put("x", "y", "1");
    assertEquals(expected, m);
  }

  @Test
  void csvKeepsQuotedCommasInIds(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("m.csv.gz");
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write("\"1,2\",b,5\nq,r,6\n".getBytes(StandardCharsets.UTF_8));
    }
    Files.write(file, gz.toByteArray());
    assertEquals(MatrixText.Format.CSV, MatrixText.Format.of(file.toString()));
    try (InputStream in = MatrixText.open("--from", file.toString())) {
      assertEquals(
          new SparseMatrix().put("1,2", "b", "5").put("q", "r", "6"),
          MatrixText.triples("--from m.csv.gz", in, MatrixText.Format.CSV, LONG));
    }
  }

  @Test
  void eachFaultNamesTheInputLineAndField() {
    assertEquals(
        "edges.tsv, line 2: value 'x1' (row 'a', column 'b') is not a plus-times-long value (not"
            + " an integer)",
        assertThrows(IllegalArgumentException.class, () -> tsv("a\tb\t1\na\tb\tx1\n"))
            .getMessage());
    assertEquals(
        "edges.tsv, line 1: 4 fields, expected row, column and value (or row and column)"
            + " separated by tabs",
        assertThrows(IllegalArgumentException.class, () -> tsv("a\tb\t1\t2\n")).getMessage());
    assertEquals(
        "edges.tsv, line 3: the row is empty",
        assertThrows(IllegalArgumentException.class, () -> tsv("a\tb\t1\n\n\tb\t1\n"))
            .getMessage());
    assertEquals(
        "edges.tsv, line 2: summing the entries of row 'a', column 'b': plus-times-long:"
            + " 9223372036854775807 + 1 overflows a 64-bit integer",
        assertThrows(
                IllegalArgumentException.class, () -> tsv("a\tb\t9223372036854775807\na\tb\t1\n"))
            .getMessage());
    assertEquals(
        "--from nope.tsv: no such file",
        assertThrows(IllegalArgumentException.class, () -> MatrixText.open("--from", "nope.tsv"))
            .getMessage());
  }

  @Test
  void d4mListsGiveEntriesWithOrWithoutValues() {
    SparseMatrix withValues =
        MatrixText.d4m(
            List.of(
                new MatrixText.NamedInput("rows", text("1,2,1,")),
                new MatrixText.NamedInput("cols", text("7,8,7,")),
                new MatrixText.NamedInput("vals", text("2,3,4,"))),
            LONG);
    assertEquals(new SparseMatrix().put("1", "7", "6").put("2", "8", "3"), withValues);
    SparseMatrix edges =
        MatrixText.d4m(
            List.of(
                new MatrixText.NamedInput("rows", text("1,2,\n1,")),
                new MatrixText.NamedInput("cols", text("7,8,7,"))),
            LONG);
    assertEquals(new SparseMatrix().put("1", "7", "2").put("2", "8", "1"), edges);
    assertEquals(
        "cols has 2 entries but rows has 3",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    MatrixText.d4m(
                        List.of(
                            new MatrixText.NamedInput("rows", text("1,2,1,")),
                            new MatrixText.NamedInput("cols", text("7,8,"))),
                        LONG))
            .getMessage());
  }
}
