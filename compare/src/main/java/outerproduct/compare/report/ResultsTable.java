package outerproduct.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * docs/performance.md's results, goals, cost model and crossover tables, rendered from the
 * committed example reports' {@code runs.jsonl} by the same code that writes each {@code
 * report.md}: one row per headline of each report, one row per goal judged by a report; and the
 * README's transcript of the main command ({@link QuickTranscript}). Each doc holds the rendering
 * between marker lines; {@code --check} (run by CI through {@code ResultsTableTest}) fails when
 * what is committed differs from what the records render, so a number in them is never typed by
 * hand.
 *
 * <p>{@code ResultsTable <docs dir> [--check]}; {@code scripts/results-table} runs it on the
 * project's docs, first rendering every example report again ({@link ExampleReports}).
 */
public final class ResultsTable {
  static final String PERFORMANCE_MD = "performance.md";
  static final String REPORTS = "example-report";
  static final String RESULTS_BEGIN =
      "<!-- results: rendered by scripts/results-table from example-report/*/runs.jsonl -->";
  static final String RESULTS_END = "<!-- end of results -->";
  static final String GOALS_BEGIN =
      "<!-- goals: rendered by scripts/results-table from goals.json and the example reports -->";
  static final String GOALS_END = "<!-- end of goals -->";
  static final String COST_BEGIN =
      "<!-- cost model: rendered by scripts/results-table from example-report/*/runs.jsonl -->";
  static final String COST_END = "<!-- end of cost model -->";
  static final String CROSSOVER_BEGIN =
      "<!-- crossover: rendered by scripts/results-table from example-report/*/runs.jsonl -->";
  static final String CROSSOVER_END = "<!-- end of crossover -->";

  private ResultsTable() {}

  public static void main(String[] args) throws IOException {
    boolean check = args.length == 2 && args[1].equals("--check");
    if (args.length < 1 || args.length > 2 || (args.length == 2 && !check)) {
      System.err.println("usage: ResultsTable <docs dir> [--check]");
      System.exit(2);
    }
    Path docs = Path.of(args[0]);
    if (!check) {
      ExampleReports.renderAll(docs);
    }
    Path doc = docs.resolve(PERFORMANCE_MD);
    Path readme = docs.toAbsolutePath().getParent().resolve(QuickTranscript.README_MD);
    String committed = Files.readString(doc);
    String rendered = render(docs, committed);
    String committedReadme = Files.readString(readme);
    String renderedReadme = QuickTranscript.render(docs, committedReadme);
    if (check) {
      if (!rendered.equals(committed) || !renderedReadme.equals(committedReadme)) {
        System.err.println(
            doc
                + "'s tables or "
                + readme
                + "'s transcript differ from what the example reports' records render; run"
                + " scripts/results-table and commit the result");
        System.exit(1);
      }
      System.out.println(
          doc + "'s tables and " + readme + "'s transcript match the example reports");
      return;
    }
    Files.writeString(doc, rendered);
    Files.writeString(readme, renderedReadme);
    System.out.println(
        "rendered every example report, the results, goals and cost model tables of "
            + doc
            + " and the main command's transcript in "
            + readme);
  }

  /** {@code performance} with its marked sections rendered again from {@code docs}. */
  static String render(Path docs, String performance) throws IOException {
    List<Report> reports = reports(docs.resolve(REPORTS));
    String withResults =
        Markers.replace(PERFORMANCE_MD, performance, RESULTS_BEGIN, RESULTS_END, results(reports));
    String withGoals =
        Markers.replace(PERFORMANCE_MD, withResults, GOALS_BEGIN, GOALS_END, goals(reports));
    String withCost =
        Markers.replace(PERFORMANCE_MD, withGoals, COST_BEGIN, COST_END, costModel(reports));
    return Markers.replace(
        PERFORMANCE_MD, withCost, CROSSOVER_BEGIN, CROSSOVER_END, crossover(reports));
  }

  /** One committed example report: its folder name and its records' summary. */
  private record Report(String name, Summary summary) {
    String link() {
      return "[" + name + "](" + REPORTS + "/" + name + "/report.md)";
    }

    /** "`7e7a504`, 2026-11-27": the commit and the day of its first record. */
    String madeAt() {
      JsonNode first = summary.records().get(0);
      String commit = first.path("git_commit").asText();
      return "`"
          + commit.substring(0, Math.min(7, commit.length()))
          + "`, "
          + first.path("started_at").asText().substring(0, 10);
    }
  }

  private static List<Report> reports(Path folder) throws IOException {
    List<Report> reports = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(folder)) {
      for (Path dir :
          dirs.filter(d -> Files.isRegularFile(d.resolve("runs.jsonl"))).sorted().toList()) {
        Summary summary = Summary.read(dir.resolve("runs.jsonl"));
        if (!summary.records().isEmpty()) {
          reports.add(new Report(dir.getFileName().toString(), summary));
        }
      }
    }
    return reports;
  }

  private static String results(List<Report> reports) {
    StringBuilder md = new StringBuilder();
    md.append("| report | commit, day | C proven | headline |\n|---|---|---|---|\n");
    for (Report report : reports) {
      List<String> headlines = Headlines.of(report.summary());
      long total = report.summary().records().size();
      long equal =
          report.summary().records().stream().filter(r -> r.path("equal").asBoolean(false)).count();
      String proven = equal == total ? "all " + total : "**" + equal + " of " + total + "**";
      // the first headline is the proof, which the "C proven" column holds
      for (String headline : headlines.subList(1, headlines.size())) {
        md.append(Cells.row(report.link(), report.madeAt(), proven, headline)).append('\n');
      }
    }
    return md.toString();
  }

  private static String goals(List<Report> reports) {
    List<Row> rows = new ArrayList<>();
    for (Report report : reports) {
      Judgements judgements = new Judgements();
      Verdicts verdicts = new Verdicts(report.summary(), judgements);
      if (!report.summary().wholeScales().isEmpty()) {
        verdicts.throughput();
      }
      report.summary().latencyWorkloads().forEach(verdicts::latency);
      new AutoVerdicts(report.summary(), judgements).lines();
      judgements.all().forEach(j -> rows.add(new Row(report, j)));
    }
    StringBuilder md = new StringBuilder();
    md.append("| goal | report | where | measured | judged |\n|---|---|---|---|---|\n");
    for (Goals.Goal goal : Goals.all()) {
      List<Row> judged =
          rows.stream().filter(r -> r.judged().goal().id().equals(goal.id())).toList();
      if (judged.isEmpty()) {
        md.append(Cells.row(goal.says(), "-", "-", "-", "no committed report measures it"))
            .append('\n');
      }
      for (Row r : judged) {
        Judgements.Judged j = r.judged();
        md.append(
                Cells.row(
                    goal.says(),
                    r.report().link(),
                    j.where(),
                    j.figure().plain() + j.unit(),
                    j.outcome()))
            .append('\n');
      }
    }
    return md.toString();
  }

  /** Each report's projection ({@link CostModel}), for the reports whose records carry one. */
  private static String costModel(List<Report> reports) {
    StringBuilder md = new StringBuilder();
    for (Report report : reports) {
      List<String> table = CostModel.lines(report.summary().records());
      if (!table.isEmpty()) {
        md.append("From ")
            .append(report.link())
            .append(" (")
            .append(report.madeAt())
            .append("):\n\n");
        table.forEach(line -> md.append(line).append('\n'));
        md.append('\n');
      }
    }
    return md.toString();
  }

  /** mr-bulk against iterator-bulk on whole tables, SCALE by SCALE ({@link Crossover}). */
  private static String crossover(List<Report> reports) {
    List<Crossover.Source> sources =
        reports.stream().map(r -> new Crossover.Source(r.link(), r.madeAt(), r.summary())).toList();
    StringBuilder md = new StringBuilder();
    Crossover.lines(sources).forEach(line -> md.append(line).append('\n'));
    return md.toString();
  }

  private record Row(Report report, Judgements.Judged judged) {}
}
