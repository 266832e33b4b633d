package outerproduct.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import outerproduct.compare.report.CalibrationFit;
import outerproduct.compare.report.Summary;
import outerproduct.multiply.Calibration;

/**
 * {@code scripts/compare --calibrate-from DIR,DIR…}: fits the cost lines ({@link CalibrationFit})
 * on the runs of several finished reports together, without running anything.
 *
 * <p>Why: {@code --calibrate} measures whole tables up to SCALE 14 (minutes per path), so its lines
 * extrapolate to the tables operators multiply nightly. A whole-table report of larger SCALEs run
 * on the same cluster ({@code scripts/compare --workloads whole --scales 17 …}) adds points where
 * the extrapolation errs; pooled with a calibrate report, the lines span both. Only the runs of one
 * cluster pool: every report must share the first one's {@link #CLUSTER_FIELDS}. The first report's
 * first run names the commit and day of the calibration.
 */
final class CalibrationPool {
  /** Record fields that must agree for runs to belong to one cluster's calibration. */
  static final List<String> CLUSTER_FIELDS =
      List.of(
          "cluster",
          "tservers",
          "tserver_memory_mb",
          "tserver_in_memory_maps",
          "semiring",
          "yarn_memory_mb",
          "host");

  private CalibrationPool() {}

  /**
   * The lines fitted on every run of {@code reports} (folders holding a {@code runs.jsonl}).
   *
   * @throws IllegalArgumentException naming a folder without runs, or one of another cluster and
   *     the field that differs
   */
  static Optional<Calibration> fit(List<Path> reports, String command) throws IOException {
    return CalibrationFit.of(records(reports), command);
  }

  static Summary records(List<Path> reports) throws IOException {
    List<JsonNode> all = new ArrayList<>();
    JsonNode first = null;
    Path firstReport = null;
    for (Path report : reports) {
      Path runs = report.resolve("runs.jsonl");
      if (!Files.isRegularFile(runs)) {
        throw new IllegalArgumentException(
            "--calibrate-from " + report + ": no runs.jsonl in this folder");
      }
      List<JsonNode> records = Summary.read(runs).records();
      if (records.isEmpty()) {
        throw new IllegalArgumentException("--calibrate-from " + report + ": runs.jsonl is empty");
      }
      if (first == null) {
        first = records.get(0);
        firstReport = report;
      }
      for (JsonNode record : records) {
        sameCluster(first, firstReport, record, report);
      }
      all.addAll(records);
    }
    return Summary.of(all);
  }

  private static void sameCluster(JsonNode first, Path firstReport, JsonNode run, Path report) {
    for (String field : CLUSTER_FIELDS) {
      if (!first.path(field).equals(run.path(field))) {
        throw new IllegalArgumentException(
            "--calibrate-from "
                + report
                + ": a run with "
                + field
                + " "
                + run.path(field)
                + " where "
                + firstReport
                + " has "
                + first.path(field)
                + "; a calibration pools the runs of one cluster");
      }
    }
  }
}
