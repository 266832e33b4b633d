package outerproduct.compare.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The committed example reports ({@code docs/example-report/<run>/}) as today's code renders them
 * from their {@code runs.jsonl}: a change to how a report is rendered (a new verdict line, how a
 * calibration is fitted) reaches every committed report, and none is left showing what older code
 * made of its records. Plots are rendered too but compared by nothing: their bytes are the chart
 * library's.
 */
final class ExampleReports {
  /** The rendered files a check compares: text, byte for byte. */
  private static final List<String> TEXT =
      List.of(Reports.REPORT_MD, Reports.SUMMARY_CSV, Reports.CALIBRATION_JSON);

  private ExampleReports() {}

  /** Every committed report's folder, in name order. */
  static List<Path> folders(Path docs) throws IOException {
    try (Stream<Path> dirs = Files.list(docs.resolve(ResultsTable.REPORTS))) {
      return dirs.filter(d -> Files.isRegularFile(d.resolve("runs.jsonl"))).sorted().toList();
    }
  }

  /** Renders every committed report again in place. */
  static void renderAll(Path docs) throws IOException {
    for (Path folder : folders(docs)) {
      Reports.write(folder.resolve("runs.jsonl"));
    }
  }

  /**
   * The committed text files that differ from what their records render now (rendered in {@code
   * scratch}), as {@code <run>/<file>}; empty when every report is current.
   */
  static List<String> stale(Path docs, Path scratch) throws IOException {
    List<String> stale = new ArrayList<>();
    for (Path folder : folders(docs)) {
      Path copy = Files.createDirectories(scratch.resolve(folder.getFileName()));
      Files.copy(folder.resolve("runs.jsonl"), copy.resolve("runs.jsonl"));
      Reports.write(copy.resolve("runs.jsonl"));
      for (String file : TEXT) {
        if (!sameContent(folder.resolve(file), copy.resolve(file))) {
          stale.add(folder.getFileName() + "/" + file);
        }
      }
    }
    return stale;
  }

  private static boolean sameContent(Path committed, Path rendered) {
    try {
      boolean either = Files.exists(committed) || Files.exists(rendered);
      return !either
          || (Files.exists(committed)
              && Files.exists(rendered)
              && Files.mismatch(committed, rendered) == -1);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
