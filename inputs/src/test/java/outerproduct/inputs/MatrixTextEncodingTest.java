package outerproduct.inputs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * A user's file in every encoding edge: ids from every Unicode plane, with and without the UTF-8
 * byte-order mark editors write, gzip or not, TSV or quoted CSV, LF or CRLF; read back entry by
 * entry equal to what was written. Encodings that are not UTF-8 are refused by name.
 */
class MatrixTextEncodingTest {
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");
  private static final byte[] BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

  /** One entry of a generated file. */
  record Entry(String row, String column, long value) {}

  @Example
  void aByteOrderMarkIsNotPartOfTheFirstId() {
    assertEquals(
        new SparseMatrix().put("k0", "i0", "2").put("k1", "i1", "3"),
        read(MatrixText.Format.TSV, with(BOM, "k0\ti0\t2\nk1\ti1\t3\n")));
    assertEquals(
        new SparseMatrix().put("k0", "i,0", "2"),
        read(MatrixText.Format.CSV, with(BOM, "\"k0\",\"i,0\",2\r\n")));
  }

  @Example
  void utf16AndUtf32FilesAreRefusedByName() {
    for (byte[] mark :
        List.of(
            new byte[] {(byte) 0xff, (byte) 0xfe},
            new byte[] {(byte) 0xfe, (byte) 0xff},
            new byte[] {0, 0, (byte) 0xfe, (byte) 0xff})) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> read(MatrixText.Format.TSV, with(mark, "k\ti\t1\n")));
      assertTrue(
          e.getMessage().startsWith("edges: starts with a UTF-16 or UTF-32 byte-order mark"),
          e.getMessage());
    }
    byte[] utf16NoMark = "k\ti\t1\n".getBytes(StandardCharsets.UTF_16LE);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> read(MatrixText.Format.TSV, utf16NoMark));
    assertTrue(e.getMessage().contains("holds a NUL character"), e.getMessage());
  }

  @Example
  void aFileWithoutEntriesIsRefused() {
    for (String empty : List.of("", "# only a comment\n", "\n\n", "\ufeff")) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> read(MatrixText.Format.TSV, empty.getBytes(StandardCharsets.UTF_8)));
      assertTrue(e.getMessage().startsWith("edges: no entries"), e.getMessage());
    }
    IllegalArgumentException d4m =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                MatrixText.d4m(
                    List.of(
                        new MatrixText.NamedInput("rows", stream(new byte[0])),
                        new MatrixText.NamedInput("cols", stream(new byte[0]))),
                    LONG));
    assertTrue(d4m.getMessage().startsWith("rows: no entries"), d4m.getMessage());
  }

  @Property(tries = 300)
  void everyIdOfEveryPlaneIsReadAsWritten(
      @ForAll("entries") List<Entry> entries,
      @ForAll MatrixText.Format format,
      @ForAll boolean bom,
      @ForAll boolean crlf,
      @ForAll boolean gzip)
      throws IOException {
    StringBuilder text = new StringBuilder();
    SparseMatrix expected = new SparseMatrix();
    for (Entry e : entries) {
      text.append(field(format, e.row()))
          .append(format == MatrixText.Format.CSV ? ',' : '\t')
          .append(field(format, e.column()))
          .append(format == MatrixText.Format.CSV ? ',' : '\t')
          .append(e.value())
          .append(crlf ? "\r\n" : "\n");
      String old = expected.get(e.row(), e.column());
      long sum = (old == null ? 0 : Long.parseLong(old)) + e.value();
      expected.put(e.row(), e.column(), Long.toString(sum));
    }
    byte[] bytes = with(bom ? BOM : new byte[0], text.toString());
    Path file = Files.createTempFile("matrix", format == MatrixText.Format.CSV ? ".csv" : ".tsv");
    try {
      try (OutputStream out =
          gzip ? new GZIPOutputStream(Files.newOutputStream(file)) : Files.newOutputStream(file)) {
        out.write(bytes);
      }
      try (InputStream in = MatrixText.open("--from", file.toString())) {
        assertEquals(expected, MatrixText.triples("--from", in, format, LONG));
      }
    } finally {
      Files.delete(file);
    }
  }

  /** An id as the format writes it: CSV quotes every field (RFC 4180), TSV writes it as it is. */
  private static String field(MatrixText.Format format, String id) {
    return format == MatrixText.Format.CSV ? '"' + id.replace("\"", "\"\"") + '"' : id;
  }

  @Provide
  Arbitrary<List<Entry>> entries() {
    return Combinators.combine(ids(), ids(), Arbitraries.longs().between(-1000, 1000))
        .as(Entry::new)
        .list()
        .ofMinSize(1)
        .ofMaxSize(8);
  }

  /**
   * Ids of 1 to 5 code points from every plane, without what a line of triples cannot hold as an
   * id: the field separators and line breaks (TSV has no quoting), NUL, and a leading '#' (a
   * comment) or U+FEFF (where a byte-order mark would be).
   */
  private static Arbitrary<String> ids() {
    Arbitrary<Integer> codePoint =
        Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.integers().between(0x20, 0x7e)),
                Tuple.of(3, Arbitraries.integers().between(0xa0, 0xd7ff)),
                Tuple.of(1, Arbitraries.integers().between(0xe000, 0xfffd)),
                Tuple.of(3, Arbitraries.integers().between(0x10000, 0x1ffff)),
                Tuple.of(1, Arbitraries.integers().between(0x20000, 0x10ffff)))
            .filter(cp -> cp != '\t' && cp != ',' && cp != '"');
    return codePoint
        .list()
        .ofMinSize(1)
        .ofMaxSize(5)
        .map(cps -> cps.stream().map(Character::toString).reduce("", String::concat))
        .filter(id -> !id.startsWith("#") && !id.startsWith("\ufeff") && !id.isBlank());
  }

  private static SparseMatrix read(MatrixText.Format format, byte[] bytes) {
    return MatrixText.triples("edges", stream(bytes), format, LONG);
  }

  private static InputStream stream(byte[] bytes) {
    return new ByteArrayInputStream(bytes);
  }

  private static byte[] with(byte[] prefix, String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(prefix);
    out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }
}
