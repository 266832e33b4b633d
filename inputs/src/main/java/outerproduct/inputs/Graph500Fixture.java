package outerproduct.inputs;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import outerproduct.kernel.oracle.SparseMatrix;

/**
 * Graphulo's Graph500 inputs (SPEC §2): for SCALE s and matrix M (A or B), {@code <s>Mr.txt.gz}
 * and {@code <s>Mc.txt.gz} hold the edge list's row ids and column ids, each one comma-terminated
 * D4M list, edge e being (r[e], c[e]). Each edge adds 1 to entry (r, c): duplicate edges sum, so
 * a stored value is the edge's multiplicity.
 *
 * <p>The matrix is built in memory (SCALE 16 is 10^6 edges): loading inputs is not an engine.
 */
public final class Graph500Fixture {
  private final Path directory;

  public Graph500Fixture(Path directory) {
    this.directory = directory;
  }

  /** Where the fixtures are, relative to this repository: {@code ../shared/fixtures/...}. */
  public static Graph500Fixture locate() {
    for (Path candidate : List.of(Path.of("../shared/fixtures/graphulo-graph500"),
        Path.of("../../shared/fixtures/graphulo-graph500"))) {
      if (Files.isDirectory(candidate)) {
        return new Graph500Fixture(candidate.toAbsolutePath().normalize());
      }
    }
    throw new IllegalArgumentException("Graphulo fixtures not found: looked for "
        + "shared/fixtures/graphulo-graph500 beside this repository (from " + Path.of("").toAbsolutePath() + ")");
  }

  public Path directory() {
    return directory;
  }

  /**
   * @param matrix "A" or "B"
   * @throws IllegalArgumentException naming the file when it is missing or malformed
   */
  public SparseMatrix read(int scale, String matrix) {
    if (!matrix.equals("A") && !matrix.equals("B")) {
      throw new IllegalArgumentException("fixture matrix must be A or B, got '" + matrix + "'");
    }
    Path rowsFile = directory.resolve(scale + matrix + "r.txt.gz");
    Path colsFile = directory.resolve(scale + matrix + "c.txt.gz");
    List<String> rows = readList(rowsFile);
    List<String> cols = readList(colsFile);
    if (rows.size() != cols.size()) {
      throw new IllegalArgumentException("fixture " + rowsFile.getFileName() + " has " + rows.size()
          + " row ids but " + colsFile.getFileName() + " has " + cols.size() + " column ids");
    }
    SparseMatrix m = new SparseMatrix();
    for (int e = 0; e < rows.size(); e++) {
      String old = m.get(rows.get(e), cols.get(e));
      m.put(rows.get(e), cols.get(e), old == null ? "1" : Long.toString(Long.parseLong(old) + 1));
    }
    return m;
  }

  /** Number of edges (with duplicates) in the fixture: EF·2^SCALE for Graphulo's inputs. */
  public int edges(int scale, String matrix) {
    return readList(directory.resolve(scale + matrix + "r.txt.gz")).size();
  }

  private static List<String> readList(Path file) {
    try (InputStream in = new GZIPInputStream(new BufferedInputStream(Files.newInputStream(file)));
        Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
      List<String> ids = new ArrayList<>();
      StringBuilder id = new StringBuilder();
      long position = 0;
      int ch;
      while ((ch = reader.read()) >= 0) {
        if (ch == ',') {
          if (id.length() == 0) {
            throw new IllegalArgumentException(
                "fixture " + file + ": empty vertex id at character " + position);
          }
          ids.add(id.toString());
          id.setLength(0);
        } else if (ch != '\n' && ch != '\r') {
          id.append((char) ch);
        }
        position++;
      }
      if (id.length() > 0) {
        throw new IllegalArgumentException("fixture " + file + ": last vertex id '" + id
            + "' is not comma-terminated (a D4M list ends with its separator)");
      }
      return ids;
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("fixture file missing: " + file, e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read fixture " + file, e);
    }
  }
}
