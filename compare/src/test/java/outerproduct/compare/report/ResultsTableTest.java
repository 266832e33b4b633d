package outerproduct.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/performance.md's results and goals tables are what the committed example reports render:
 * CI's check that no number in them was typed by hand or left behind by a change to the reports.
 */
class ResultsTableTest {
  private static final Path DOCS = Path.of("..", "docs");

  @TempDir Path tmp;

  @Test
  void theCommittedTablesAreWhatTheReportsRender() throws Exception {
    String committed = Files.readString(DOCS.resolve(ResultsTable.PERFORMANCE_MD));
    assertEquals(
        committed,
        ResultsTable.render(DOCS, committed),
        "docs/performance.md differs from what docs/example-report/*/runs.jsonl render: run"
            + " scripts/results-table and commit the result");
  }

  @Test
  void theReadmesTranscriptIsWhatTheQuickReportRenders() throws Exception {
    String committed = Files.readString(DOCS.resolve("..").resolve(QuickTranscript.README_MD));
    assertEquals(
        committed,
        QuickTranscript.render(DOCS, committed),
        "README.md's transcript of the main command differs from what docs/example-report/"
            + QuickTranscript.REPORT
            + "/runs.jsonl renders: run scripts/results-table and commit the result");
    assertTrue(
        committed.contains("      every C proven: all "), "the transcript holds the proof line");
  }

  @Test
  void aHandEditedNumberIsCaught() throws Exception {
    String committed = Files.readString(DOCS.resolve(ResultsTable.PERFORMANCE_MD));
    int table = committed.indexOf(ResultsTable.RESULTS_BEGIN);
    int digit = table;
    while (!Character.isDigit(committed.charAt(digit)) || committed.charAt(digit) == '9') {
      digit++;
    }
    String edited =
        committed.substring(0, digit)
            + (char) (committed.charAt(digit) + 1)
            + committed.substring(digit + 1);
    assertNotEquals(committed, edited);
    assertEquals(committed, ResultsTable.render(DOCS, edited), "the rendering restores it");
  }

  @Test
  void aDocWithoutTheMarkersIsRefusedByName() throws Exception {
    Files.createDirectories(tmp.resolve(ResultsTable.REPORTS));
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> ResultsTable.render(tmp, "# no tables\n"));
    assertTrue(e.getMessage().contains("performance.md lacks the marker lines"), e.getMessage());
  }
}
