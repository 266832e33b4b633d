package outerproduct.compare.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The goals a report judged, as it judged them: the one place that turns a figure and a goal into
 * the words of {@code report.md}, and keeps each judgement for docs/performance.md's goals table.
 */
final class Judgements {
  /** One goal judged once: where in the run, the figure with its interval, and the outcome. */
  record Judged(Goals.Goal goal, String where, Interval figure, String unit, Goals.Judgement is) {}

  private final List<Judged> judged = new ArrayList<>();

  /** " (goal ≥ 2.0: met)": judges {@code figure} against {@code goal} and keeps the judgement. */
  String judge(Goals.Goal goal, Interval figure, String unit, String where) {
    Goals.Judgement is = goal.judge(figure);
    judged.add(new Judged(goal, where, figure, unit, is));
    return " (goal " + goal.bound(unit) + ": " + is.text() + ")";
  }

  List<Judged> all() {
    return List.copyOf(judged);
  }
}
