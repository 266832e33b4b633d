package outerproduct.inputs;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import outerproduct.kernel.cli.Choice;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;

/**
 * A user's matrix as text, into a {@link SparseMatrix} for {@link MatrixLoader}: triples (row,
 * column, value; one per line, tab- or comma-separated, CSV quoting for ids holding a comma) or
 * D4M's three comma-terminated lists (rows, columns, values, the i-th of each one entry). A line of
 * two fields, or D4M lists without values, give each entry the value 1 (an edge list). Entries of
 * the same cell are ⊕-summed, as D4M and Graphulo sum duplicate edges. Input may be gzip
 * (recognized by its first bytes) and read from stdin ({@code -}); lines starting with {@code #}
 * and blank lines are skipped.
 *
 * <p>Every value must be a value of the semiring the matrix will be multiplied with; the first that
 * is not stops the read with a line naming the input, its line (or list position), the field and
 * the value, before anything is written.
 *
 * <p>Memory: the whole matrix is held (about 200 bytes per entry for short ids: a 4 GB heap holds
 * some 10 million entries); a larger matrix is loaded in parts or by a job of the user's own.
 */
public final class MatrixText {
  /** How triples are separated. */
  public enum Format implements Choice {
    TSV,
    CSV;

    @Override
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** From a file's name: {@code .csv} or {@code .csv.gz} is CSV, anything else TSV. */
    public static Format of(String fileName) {
      String name = fileName.toLowerCase(Locale.ROOT);
      return name.endsWith(".csv") || name.endsWith(".csv.gz") ? CSV : TSV;
    }

    CSVFormat csv() {
      CSVFormat base = this == CSV ? CSVFormat.RFC4180 : CSVFormat.TDF;
      return base.builder()
          .setCommentMarker('#')
          .setIgnoreEmptyLines(true)
          .setIgnoreSurroundingSpaces(false)
          .setTrim(false)
          .build();
    }
  }

  private MatrixText() {}

  /**
   * Opens {@code path} ({@code -}: stdin), ungzipping it if it starts as gzip does.
   *
   * @throws IllegalArgumentException naming the option and file when it cannot be read
   */
  public static InputStream open(String option, String path) {
    try {
      InputStream raw = path.equals("-") ? System.in : Files.newInputStream(Path.of(path));
      BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
      in.mark(2);
      int b1 = in.read();
      int b2 = in.read();
      in.reset();
      return b1 == 0x1f && b2 == 0x8b ? new GZIPInputStream(in, 1 << 16) : in;
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException(option + " " + path + ": no such file", e);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          option + " " + path + ": cannot read it (" + e.getMessage() + ")", e);
    }
  }

  /**
   * Reads triples.
   *
   * @param name how errors name the input, e.g. {@code --from edges.tsv}
   * @throws IllegalArgumentException naming the input, line, field and value at fault
   */
  public static <T> SparseMatrix triples(
      String name, InputStream in, Format format, Semiring<T> semiring) {
    SparseMatrix m = new SparseMatrix();
    try (CSVParser parser = format.csv().parse(reader(name, in))) {
      for (CSVRecord record : parser) {
        long line = parser.getCurrentLineNumber();
        if (record.size() != 2 && record.size() != 3) {
          throw new IllegalArgumentException(
              String.format(
                  Locale.ROOT,
                  "%s, line %d: %d fields, expected row, column and value (or row and column) %s",
                  name,
                  line,
                  record.size(),
                  format == Format.TSV ? "separated by tabs" : "separated by commas"));
        }
        String row = id(name, line, "row", record.get(0));
        String column = id(name, line, "column", record.get(1));
        String value = record.size() == 3 ? record.get(2) : "1";
        add(m, row, column, value, semiring, name + ", line " + line);
      }
    } catch (IOException | UncheckedIOException | IllegalStateException e) {
      // a malformed quote or malformed UTF-8: commons-csv wraps what its reader threw
      throw new IllegalArgumentException(
          name + ": not readable as " + format.label() + " UTF-8 text (" + e.getMessage() + ")", e);
    }
    return nonEmpty(name, m);
  }

  /**
   * Reads D4M's lists: entry n is (rows[n], columns[n], values[n]); {@code values} null gives 1
   * each.
   *
   * @throws IllegalArgumentException naming the list and position at fault, or the lists' lengths
   */
  public static <T> SparseMatrix d4m(List<NamedInput> lists, Semiring<T> semiring) {
    List<List<String>> parsed = new ArrayList<>();
    for (NamedInput list : lists) {
      try (Reader reader = reader(list.name(), list.in())) {
        parsed.add(D4mList.parse(list.name(), reader));
      } catch (IOException e) {
        throw new IllegalArgumentException(
            list.name() + ": not readable as UTF-8 text (" + e.getMessage() + ")", e);
      }
    }
    for (int n = 1; n < parsed.size(); n++) {
      if (parsed.get(n).size() != parsed.get(0).size()) {
        throw new IllegalArgumentException(
            lists.get(n).name()
                + " has "
                + parsed.get(n).size()
                + " entries but "
                + lists.get(0).name()
                + " has "
                + parsed.get(0).size());
      }
    }
    SparseMatrix m = new SparseMatrix();
    for (int e = 0; e < parsed.get(0).size(); e++) {
      String value = parsed.size() > 2 ? parsed.get(2).get(e) : "1";
      String where = "entry " + (e + 1) + " of " + lists.get(0).name() + " and the others";
      add(m, parsed.get(0).get(e), parsed.get(1).get(e), value, semiring, where);
    }
    return nonEmpty(lists.get(0).name(), m);
  }

  /** A matrix without entries is refused: a table of nothing is a wrong file, not a matrix. */
  private static SparseMatrix nonEmpty(String name, SparseMatrix m) {
    if (m.nnz() == 0) {
      throw new IllegalArgumentException(
          name
              + ": no entries (the input is empty or holds only comments and blank lines);"
              + " nothing was loaded");
    }
    return m;
  }

  /** An input stream and how errors name it. */
  public record NamedInput(String name, InputStream in) {}

  /**
   * UTF-8 text, without the byte-order mark many editors and spreadsheet exports put first: read as
   * text it would become part of the first row id. A UTF-16 or UTF-32 mark is refused by name;
   * decoded as UTF-8 it fails on its first byte with a message that says nothing of why.
   */
  private static Reader reader(String name, InputStream raw) throws IOException {
    BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
    in.mark(3);
    byte[] first = in.readNBytes(3);
    in.reset();
    if (first.length == 3
        && (first[0] & 0xff) == 0xef
        && (first[1] & 0xff) == 0xbb
        && (first[2] & 0xff) == 0xbf) {
      in.skipNBytes(3);
    } else if (first.length >= 2
        && ((first[0] & 0xff) == 0xfe && (first[1] & 0xff) == 0xff
            || (first[0] & 0xff) == 0xff && (first[1] & 0xff) == 0xfe
            || (first[0] == 0 && first[1] == 0))) {
      throw new IllegalArgumentException(
          name
              + ": starts with a UTF-16 or UTF-32 byte-order mark (or NUL bytes); ids are read as"
              + " UTF-8: save the file as UTF-8 (iconv -f UTF-16 -t UTF-8)");
    }
    // Malformed UTF-8 is an error, not a replacement character in someone's id.
    return new InputStreamReader(
        in,
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT));
  }

  private static String id(String name, long line, String field, String id) {
    if (id.isEmpty()) {
      throw new IllegalArgumentException(name + ", line " + line + ": the " + field + " is empty");
    }
    if (id.indexOf('\u0000') >= 0) {
      throw new IllegalArgumentException(
          name
              + ", line "
              + line
              + ": the "
              + field
              + " holds a NUL character, which a text file of ids does not: is it UTF-16 without a"
              + " byte-order mark? Save it as UTF-8");
    }
    return id;
  }

  private static <T> void add(
      SparseMatrix m, String row, String column, String value, Semiring<T> semiring, String where) {
    T v;
    try {
      v = semiring.decode(value.getBytes(StandardCharsets.UTF_8));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          where
              + ": value '"
              + value
              + "' (row '"
              + row
              + "', column '"
              + column
              + "') is not a "
              + semiring.name()
              + " value ("
              + e.getMessage()
              + ")",
          e);
    }
    String old = m.get(row, column);
    T sum;
    try {
      sum =
          old == null ? v : semiring.plus(semiring.decode(old.getBytes(StandardCharsets.UTF_8)), v);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(
          where
              + ": summing the entries of row '"
              + row
              + "', column '"
              + column
              + "': "
              + e.getMessage(),
          e);
    }
    m.put(row, column, new String(semiring.encode(sum), StandardCharsets.UTF_8));
  }
}
