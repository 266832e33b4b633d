package outerproduct.inputs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.kernel.oracle.SparseMatrix;

class Graph500FixtureTest {
  @TempDir
  Path dir;

  @Test
  void duplicateEdgesSumToMultiplicity() throws IOException {
    write("3Ar.txt.gz", "1,1,2,10,1,");
    write("3Ac.txt.gz", "2,2,2,1,2,");
    SparseMatrix a = new Graph500Fixture(dir).read(3, "A");
    assertEquals(3, a.nnz());
    assertEquals("3", a.get("1", "2"));
    assertEquals("1", a.get("2", "2"));
    assertEquals("1", a.get("10", "1"));
  }

  @Test
  void mismatchedListsNameBothFiles() throws IOException {
    write("3Br.txt.gz", "1,2,");
    write("3Bc.txt.gz", "1,");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new Graph500Fixture(dir).read(3, "B"));
    assertTrue(e.getMessage().contains("3Br.txt.gz has 2") && e.getMessage().contains("3Bc.txt.gz has 1"),
        e.getMessage());
  }

  @Test
  void unterminatedListIsRefused() throws IOException {
    write("3Ar.txt.gz", "1,2");
    write("3Ac.txt.gz", "1,2,");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new Graph500Fixture(dir).read(3, "A"));
    assertTrue(e.getMessage().contains("not comma-terminated"), e.getMessage());
  }

  @Test
  void missingFileIsNamed() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new Graph500Fixture(dir).read(9, "A"));
    assertTrue(e.getMessage().contains("9Ar.txt.gz"), e.getMessage());
  }

  private void write(String name, String text) throws IOException {
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve(name)))) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }
}
