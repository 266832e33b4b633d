package outerproduct.inputs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.kernel.oracle.SparseMatrix;

class Graph500FixtureTest {
  @TempDir Path dir;

  /** The digests of the files this test wrote, as the project keeps Graphulo's. */
  private final Map<String, String> digests = new HashMap<>();

  @Test
  void duplicateEdgesSumToMultiplicity() throws IOException {
    write("3Ar.txt.gz", "1,1,2,10,1,");
    write("3Ac.txt.gz", "2,2,2,1,2,");
    SparseMatrix a = fixtures().read(3, "A");
    assertEquals(3, a.nnz());
    assertEquals("3", a.get("1", "2"));
    assertEquals("1", a.get("2", "2"));
    assertEquals("1", a.get("10", "1"));
  }

  @Test
  void mismatchedListsNameBothFiles() throws IOException {
    write("3Br.txt.gz", "1,2,");
    write("3Bc.txt.gz", "1,");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> fixtures().read(3, "B"));
    assertTrue(
        e.getMessage().contains("3Br.txt.gz has 2") && e.getMessage().contains("3Bc.txt.gz has 1"),
        e.getMessage());
  }

  @Test
  void unterminatedListIsRefused() throws IOException {
    write("3Ar.txt.gz", "1,2");
    write("3Ac.txt.gz", "1,2,");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> fixtures().read(3, "A"));
    assertTrue(e.getMessage().contains("not comma-terminated"), e.getMessage());
  }

  @Test
  void missingFileIsNamed() {
    digests.put("9Ar.txt.gz", "00");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> fixtures().read(9, "A"));
    assertTrue(e.getMessage().contains("9Ar.txt.gz"), e.getMessage());
  }

  /** A truncated download keeps its name: only the digest tells it from the real file. */
  @Test
  void aTruncatedFileIsRefusedByItsDigest() throws IOException {
    write("3Ar.txt.gz", "1,2,3,");
    write("3Ac.txt.gz", "1,2,3,");
    byte[] whole = Files.readAllBytes(dir.resolve("3Ar.txt.gz"));
    Files.write(dir.resolve("3Ar.txt.gz"), Arrays.copyOf(whole, whole.length - 6));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> fixtures().read(3, "A"));
    assertTrue(
        e.getMessage().contains("3Ar.txt.gz: SHA-256")
            && e.getMessage().contains("damaged, truncated"),
        e.getMessage());
  }

  @Test
  void aFileWithoutAKnownDigestIsRefused() throws IOException {
    write("3Ar.txt.gz", "1,");
    write("3Ac.txt.gz", "1,");
    digests.remove("3Ac.txt.gz");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> fixtures().read(3, "A"));
    assertTrue(
        e.getMessage().contains("3Ac.txt.gz: not one of Graphulo's Graph500 files"),
        e.getMessage());
  }

  @Test
  void aMissingDirectoryIsNamedWithItsOption() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Graph500Fixture.in("--fixtures", dir.resolve("nowhere")));
    assertTrue(
        e.getMessage().startsWith("--fixtures " + dir.resolve("nowhere") + ": no such directory"),
        e.getMessage());
  }

  /** Graphulo publishes SCALE 10, 12, 14 and 16, four files each. */
  @Test
  void theProjectKeepsADigestForEachOfGraphulosFiles() {
    Map<String, String> published = Graph500Fixture.publishedDigests();
    assertEquals(16, published.size(), published.keySet().toString());
    for (int scale : new int[] {10, 12, 14, 16}) {
      for (String file : new String[] {"Ar", "Ac", "Br", "Bc"}) {
        String digest = published.get(scale + file + ".txt.gz");
        assertTrue(digest != null && digest.matches("[0-9a-f]{64}"), scale + file + ": " + digest);
      }
    }
  }

  private Graph500Fixture fixtures() {
    return Graph500Fixture.withDigests("--fixtures", dir, digests);
  }

  private void write(String name, String text) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(bytes)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    Files.write(dir.resolve(name), bytes.toByteArray());
    digests.put(name, Graph500Fixture.sha256(bytes.toByteArray()));
  }
}
