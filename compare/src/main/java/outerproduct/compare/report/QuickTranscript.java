package outerproduct.compare.report;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The README's transcript of the main command: the lines {@code scripts/compare} ends with, as the
 * committed run of its quick preset ({@value #REPORT} in the example reports) renders them from its
 * records, so that the README shows what the command prints today without a number typed by hand.
 * Only the report's folder, named by the time a run starts, is written as {@code <timestamp>}.
 */
final class QuickTranscript {
  /** The example report that is the main command's committed run. */
  static final String REPORT = "quick-scale11";

  static final String README_MD = "README.md";
  static final String BEGIN =
      "<!-- main command's last lines: rendered by scripts/results-table from docs/example-report/"
          + REPORT
          + " -->";
  static final String END = "<!-- end of the main command's last lines -->";

  private QuickTranscript() {}

  /** {@code readme} with its transcript rendered again from {@code docs}' quick report. */
  static String render(Path docs, String readme) throws IOException {
    Summary summary =
        Summary.read(docs.resolve(ResultsTable.REPORTS).resolve(REPORT).resolve("runs.jsonl"));
    StringBuilder block = new StringBuilder("\n    report: reports/<timestamp>/report.md\n");
    for (String headline : Headlines.of(summary)) {
      block.append("      ").append(headline).append('\n');
    }
    return Markers.replace(README_MD, readme, BEGIN, END, block.append('\n').toString());
  }
}
