package outerproduct.compare.report;

import static outerproduct.compare.report.Cells.fmt;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.report.Summary.Row;
import outerproduct.multiply.ExecutionPath;

/**
 * Whether {@code auto} chose well: for every group of its runs (a whole-table SCALE, a request size
 * one at a time), what it chose and its time against the fastest execution path measured under its
 * own name in the same run, with the ratio's interval, judged against the {@code auto-vs-fastest}
 * goal of {@link Goals}: within 10% of the fastest leaves room for the decision's own cost, not for
 * a wrong choice where the paths are far apart.
 */
final class AutoVerdicts {
  private static final Goals.Goal GOAL = Goals.get("auto-vs-fastest");

  private final Summary summary;
  private final Comparisons compare;
  private final Judgements judgements;

  AutoVerdicts(Summary summary, Judgements judgements) {
    this.summary = summary;
    this.compare = new Comparisons(summary);
    this.judgements = judgements;
  }

  boolean any() {
    return summary.rows().stream().anyMatch(r -> isAuto(r.engine()));
  }

  /**
   * Whether {@code engine} is the one entry point's choice: {@code auto} among the paths that write
   * a table, {@code auto-answer} among those that answer the caller.
   */
  static boolean isAuto(String engine) {
    return engine.equals(Engine.AUTO.label()) || engine.equals(Engine.AUTO_ANSWER.label());
  }

  List<String> lines() {
    List<String> lines = new ArrayList<>();
    for (Row auto : summary.rows()) {
      if (!isAuto(auto.engine()) || !auto.answered()) {
        continue;
      }
      if (auto.whole()) {
        lines.add(
            verdict(auto, "SCALE " + auto.scale() + ", whole table", Row::requestSecondsMedian));
      } else if (auto.concurrency() == lowestConcurrency(auto.workload())) {
        lines.add(
            verdict(
                auto,
                auto.workload()
                    + ", SCALE "
                    + auto.scale()
                    + ", "
                    + auto.rowsRequested()
                    + " rows, p50",
                Row::latencyP50S));
      }
    }
    return lines;
  }

  private String verdict(Row auto, String group, ToDoubleFunction<Row> time) {
    Optional<Row> fastest =
        summary.rows().stream()
            .filter(r -> isPathBeside(r.engine(), auto.engine()))
            .filter(r -> sameGroup(r, auto) && r.answered())
            .min((x, y) -> Double.compare(time.applyAsDouble(x), time.applyAsDouble(y)));
    String chose =
        group
            + ": "
            + auto.engine()
            + " chose "
            + choices(auto)
            + ", "
            + fmt("%.2f", time.applyAsDouble(auto))
            + " s";
    if (fastest.isEmpty()) {
      return chose + "; no execution path ran beside it";
    }
    Interval ratio = compare.time(auto, fastest.get());
    return chose
        + "; fastest path: "
        + fastest.get().engine()
        + " "
        + fmt("%.2f", time.applyAsDouble(fastest.get()))
        + " s; "
        + auto.engine()
        + " / fastest = "
        + ratio.ratio()
        + judgements.judge(
            GOAL, ratio, "", Engine.answersCaller(auto.engine()) ? group + ", answers" : group);
  }

  /**
   * Whether {@code engine} names an execution path run under its own name (not auto) with the same
   * destination as {@code auto}: a table for {@code auto}, the caller for {@code auto-answer}.
   */
  static boolean isPathBeside(String engine, String auto) {
    boolean answers = Engine.answersCaller(auto);
    return Engine.answersCaller(engine) == answers
        && ExecutionPath.runnable().stream()
            .anyMatch(p -> (answers ? p.label() + "-answer" : p.label()).equals(engine));
  }

  private static boolean sameGroup(Row r, Row auto) {
    return r.workload().equals(auto.workload())
        && r.scale() == auto.scale()
        && Objects.equals(r.rowsRequested(), auto.rowsRequested())
        && r.concurrency() == auto.concurrency();
  }

  private int lowestConcurrency(String workload) {
    return summary.rows().stream()
        .filter(r -> r.workload().equals(workload))
        .mapToInt(Row::concurrency)
        .min()
        .orElse(1);
  }

  /** {@code iterator} when every run chose it, else {@code iterator ×2, mr ×1}. */
  String choices(Row auto) {
    Map<String, Integer> counts = new TreeMap<>();
    for (JsonNode r : summary.records()) {
      if (r.path("engine").asText().equals(auto.engine())
          && r.path("workload").asText().equals(auto.workload())
          && r.path("scale").asInt() == auto.scale()
          && r.path("concurrency").asInt() == auto.concurrency()
          && (auto.rowsRequested() == null
              || r.path("rows_requested").asInt() == auto.rowsRequested())
          && r.path("engine_info").has("auto_choice")) {
        counts.merge(r.path("engine_info").path("auto_choice").asText(), 1, Integer::sum);
      }
    }
    if (counts.size() == 1) {
      return counts.keySet().iterator().next();
    }
    List<String> parts = new ArrayList<>();
    counts.forEach((engine, n) -> parts.add(engine + " ×" + n));
    return String.join(", ", parts);
  }
}
