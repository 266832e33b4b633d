package outerproduct.compare.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import outerproduct.multiply.Calibration;

/** Writes {@code summary.csv}, the plots and {@code report.md} beside a {@code runs.jsonl}. */
public final class Reports {
  public static final String SUMMARY_CSV = "summary.csv";
  public static final String REPORT_MD = "report.md";

  /** The engines' cost lines fitted to this run ({@link CalibrationFit}), when it supports any. */
  public static final String CALIBRATION_JSON = "calibration.json";

  private Reports() {}

  /** Re-renders the reports of a finished (or interrupted) run: {@code Reports <runs.jsonl>}. */
  public static void main(String[] args) throws IOException {
    if (args.length != 1 || !Files.isRegularFile(Path.of(args[0]))) {
      System.err.println("usage: Reports <reports/<run>/runs.jsonl>");
      System.exit(2);
    }
    write(Path.of(args[0])).forEach(System.out::println);
  }

  /**
   * @return the files written, {@code report.md} last
   */
  public static List<Path> write(Path runsJsonl) throws IOException {
    Path dir = runsJsonl.toAbsolutePath().getParent();
    Summary summary = Files.exists(runsJsonl) ? Summary.read(runsJsonl) : Summary.of(List.of());
    List<Path> written = new ArrayList<>();
    summary.writeCsv(dir.resolve(SUMMARY_CSV));
    written.add(dir.resolve(SUMMARY_CSV));
    List<Path> plots = Plots.write(summary, dir);
    written.addAll(plots);
    Optional<Calibration> fit =
        summary.records().isEmpty()
            ? Optional.empty()
            : CalibrationFit.of(summary, summary.records().get(0).path("command").asText());
    if (fit.isPresent()) {
      fit.get().write(dir.resolve(CALIBRATION_JSON));
      written.add(dir.resolve(CALIBRATION_JSON));
    }
    ReportMarkdown.write(summary, plots, dir.resolve(REPORT_MD));
    written.add(dir.resolve(REPORT_MD));
    return written;
  }
}
