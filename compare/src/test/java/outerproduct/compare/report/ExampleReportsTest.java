package outerproduct.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every committed example report is what today's code renders from its records: CI's check that a
 * change to the reports reached the committed ones.
 */
class ExampleReportsTest {
  private static final Path DOCS = Path.of("..", "docs");

  @TempDir Path tmp;

  @Test
  void everyCommittedReportIsWhatItsRecordsRenderToday() throws Exception {
    assertTrue(ExampleReports.folders(DOCS).size() > 1, "the example reports are found");
    assertEquals(
        List.of(),
        ExampleReports.stale(DOCS, tmp.resolve("scratch")),
        "these committed report files differ from what their runs.jsonl render: run"
            + " scripts/results-table and commit the result");
  }

  @Test
  void aHandEditedReportIsCaught() throws Exception {
    Path docs = tmp.resolve("docs");
    Path folder = ExampleReports.folders(DOCS).get(0);
    Path copy =
        Files.createDirectories(docs.resolve(ResultsTable.REPORTS).resolve(folder.getFileName()));
    Files.copy(folder.resolve("runs.jsonl"), copy.resolve("runs.jsonl"));
    ExampleReports.renderAll(docs);
    assertEquals(List.of(), ExampleReports.stale(docs, tmp.resolve("first")));
    Files.writeString(copy.resolve(Reports.REPORT_MD), "\n", StandardOpenOption.APPEND);
    assertEquals(
        List.of(folder.getFileName() + "/" + Reports.REPORT_MD),
        ExampleReports.stale(docs, tmp.resolve("second")));
  }
}
