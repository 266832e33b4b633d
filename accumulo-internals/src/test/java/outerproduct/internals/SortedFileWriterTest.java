package outerproduct.internals;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bulk-output file writer against Accumulo's public RFile reader: what it appends reads back in
 * order with labels and values, with the table's compression; a label Accumulo would refuse is
 * refused, as the public writer refuses it.
 */
class SortedFileWriterTest {
  @TempDir java.nio.file.Path dir;

  private static void append(
      SortedFileWriter writer, String row, String column, String label, String value)
      throws Exception {
    writer.append(
        row.getBytes(UTF_8), column.getBytes(UTF_8), label.getBytes(UTF_8), value.getBytes(UTF_8));
  }

  @Test
  void writesWhatThePublicReaderReadsBack() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Path file = new Path(dir.resolve("c.rf").toString());
    String[][] cells = {{"1", "10", ""}, {"1", "11", "a&b"}, {"1", "12", "a&b"}, {"2", "3", ""}};
    try (SortedFileWriter writer =
        SortedFileWriter.open(fs, file, Map.of("table.file.compress.type", "snappy"))) {
      for (int n = 0; n < cells.length; n++) {
        append(writer, cells[n][0], cells[n][1], cells[n][2], Integer.toString(n));
      }
    }
    List<String> read = new ArrayList<>();
    try (Scanner scanner =
        RFile.newScanner()
            .from(file.toString())
            .withFileSystem(fs)
            .withAuthorizations(new Authorizations("a", "b"))
            .build()) {
      scanner.forEach(
          (k, v) ->
              read.add(
                  k.getRow()
                      + " "
                      + k.getColumnQualifier()
                      + " "
                      + k.getColumnVisibility()
                      + " "
                      + v));
    }
    assertEquals(List.of("1 10  0", "1 11 a&b 1", "1 12 a&b 2", "2 3  3"), read);
    assertTrue(Files.size(dir.resolve("c.rf")) > 0);
  }

  @Test
  void refusesALabelAccumuloWouldRefuse() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    try (SortedFileWriter writer =
        SortedFileWriter.open(fs, new Path(dir.resolve("bad.rf").toString()), Map.of())) {
      append(writer, "1", "1", "a", "1");
      assertThrows(IllegalArgumentException.class, () -> append(writer, "1", "2", "a&", "1"));
    }
  }
}
