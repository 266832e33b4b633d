package outerproduct.inputs;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import outerproduct.kernel.oracle.SparseMatrix;

/**
 * Graphulo's Graph500 inputs (its repository's {@code src/test/resources/data/}): for SCALE s and
 * matrix M (A or B), {@code <s>Mr.txt.gz} and {@code <s>Mc.txt.gz} hold the edge list's row ids and
 * column ids, each one comma-terminated D4M list, edge e being (r[e], c[e]). Each edge adds 1 to
 * entry (r, c): duplicate edges sum, so a stored value is the edge's multiplicity.
 *
 * <p>Every file is checked against the SHA-256 this project keeps for it ({@code
 * graphulo-graph500.sha256} beside this class) before it is parsed, so a damaged, truncated or
 * foreign file is refused by name rather than multiplied into a wrong answer.
 *
 * <p>The matrix is built in memory (SCALE 16 is 10^6 edges): loading inputs is not an engine.
 */
public final class Graph500Fixture implements MatrixSource {
  private static final String DIGESTS = "graphulo-graph500.sha256";

  private final Path directory;
  private final Map<String, String> digests;

  private Graph500Fixture(Path directory, Map<String, String> digests) {
    this.directory = directory;
    this.digests = digests;
  }

  /**
   * Graphulo's files in {@code directory}, checked against the digests kept in this project.
   *
   * @param option how the caller names the directory in errors, e.g. {@code --fixtures}
   * @throws IllegalArgumentException naming the option and directory when it does not exist
   */
  public static Graph500Fixture in(String option, Path directory) {
    return withDigests(option, directory, publishedDigests());
  }

  /** Files in {@code directory} checked against {@code digests} (file name to hex SHA-256). */
  public static Graph500Fixture withDigests(
      String option, Path directory, Map<String, String> digests) {
    if (!Files.isDirectory(directory)) {
      throw new IllegalArgumentException(
          option
              + " "
              + directory
              + ": no such directory (it should hold"
              + " Graphulo's Graph500 files such as 10Ar.txt.gz; see docs/format.md)");
    }
    return new Graph500Fixture(directory.toAbsolutePath().normalize(), Map.copyOf(digests));
  }

  /** The digests of Graphulo's published files, by file name. */
  public static Map<String, String> publishedDigests() {
    try (InputStream in = Graph500Fixture.class.getResourceAsStream(DIGESTS)) {
      if (in == null) {
        throw new IllegalStateException(DIGESTS + " is missing from the inputs jar");
      }
      Map<String, String> digests = new TreeMap<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank() && !line.startsWith("#")) {
          String[] hashAndName = line.trim().split("\\s+");
          digests.put(hashAndName[1], hashAndName[0]);
        }
      }
      return digests;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + DIGESTS, e);
    }
  }

  public Path directory() {
    return directory;
  }

  @Override
  public String kind() {
    return "fixtures";
  }

  @Override
  public String seeds() {
    return "graphulo fixtures";
  }

  /**
   * @param matrix "A" or "B"
   * @throws IllegalArgumentException naming the file when it is missing, unknown, differs from its
   *     digest or is malformed
   */
  @Override
  public SparseMatrix read(int scale, String matrix) {
    if (!matrix.equals("A") && !matrix.equals("B")) {
      throw new IllegalArgumentException("fixture matrix must be A or B, got '" + matrix + "'");
    }
    Path rowsFile = directory.resolve(scale + matrix + "r.txt.gz");
    Path colsFile = directory.resolve(scale + matrix + "c.txt.gz");
    List<String> rows = readList(rowsFile);
    List<String> cols = readList(colsFile);
    if (rows.size() != cols.size()) {
      throw new IllegalArgumentException(
          "fixture "
              + rowsFile.getFileName()
              + " has "
              + rows.size()
              + " row ids but "
              + colsFile.getFileName()
              + " has "
              + cols.size()
              + " column ids");
    }
    SparseMatrix m = new SparseMatrix();
    for (int e = 0; e < rows.size(); e++) {
      String old = m.get(rows.get(e), cols.get(e));
      m.put(rows.get(e), cols.get(e), old == null ? "1" : Long.toString(Long.parseLong(old) + 1));
    }
    return m;
  }

  /** Reads and verifies the SCALE's four files without parsing them. */
  @Override
  public void check(int scale) {
    for (String file : new String[] {"Ar", "Ac", "Br", "Bc"}) {
      verifiedBytes(directory.resolve(scale + file + ".txt.gz"));
    }
  }

  /** Number of edges (with duplicates) in the fixture: EF·2^SCALE for Graphulo's inputs. */
  public int edges(int scale, String matrix) {
    return readList(directory.resolve(scale + matrix + "r.txt.gz")).size();
  }

  private List<String> readList(Path file) {
    byte[] raw = verifiedBytes(file);
    try (Reader reader =
        new InputStreamReader(
            new GZIPInputStream(new ByteArrayInputStream(raw)), StandardCharsets.UTF_8)) {
      return D4mList.parse("fixture " + file, reader);
    } catch (ZipException e) {
      throw new IllegalArgumentException(
          "fixture " + file + " is not gzip data: " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read fixture " + file, e);
    }
  }

  private byte[] verifiedBytes(Path file) {
    String name = file.getFileName().toString();
    String expected = digests.get(name);
    if (expected == null) {
      throw new IllegalArgumentException(
          "fixture "
              + name
              + ": not one of Graphulo's Graph500 files this"
              + " project knows (SCALEs "
              + knownScales()
              + "); see docs/format.md");
    }
    byte[] raw;
    try {
      raw = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("fixture file missing: " + file, e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read fixture " + file, e);
    }
    String actual = sha256(raw);
    if (!actual.equals(expected)) {
      throw new IllegalArgumentException(
          "fixture "
              + file
              + ": SHA-256 "
              + actual
              + " differs from Graphulo's"
              + " file ("
              + expected
              + "); it is damaged, truncated or another file: fetch it again");
    }
    return raw;
  }

  private String knownScales() {
    return String.join(
        ", ",
        digests.keySet().stream()
            .map(n -> n.replaceAll("[A-Za-z].*", ""))
            .distinct()
            .sorted((x, y) -> Integer.compare(Integer.parseInt(x), Integer.parseInt(y)))
            .toList());
  }

  /** Hex SHA-256 of {@code bytes}. */
  public static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
