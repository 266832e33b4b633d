package outerproduct.compare.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The goals a report judged, as it judged them: the one place that turns a figure and a goal into
 * the words of {@code report.md}, and keeps each judgement for docs/performance.md's goals table.
 */
final class Judgements {
  /**
   * One goal judged once: where in the run, the figure with its interval, the outcome, and what the
   * run measured that bounds the figure (null when nothing does).
   */
  record Judged(
      Goals.Goal goal,
      String where,
      Interval figure,
      String unit,
      Goals.Judgement is,
      String bound) {

    /** "not met", or "not met; &lt;bound&gt;". */
    String outcome() {
      return is.text() + (bound == null ? "" : "; " + bound);
    }
  }

  private final List<Judged> judged = new ArrayList<>();

  /** " (goal ≥ 2.0: met)": judges {@code figure} against {@code goal} and keeps the judgement. */
  String judge(Goals.Goal goal, Interval figure, String unit, String where) {
    return judge(goal, figure, unit, where, null);
  }

  /** As {@link #judge(Goals.Goal, Interval, String, String)}, saying what bounds the figure. */
  String judge(Goals.Goal goal, Interval figure, String unit, String where, String bound) {
    Judged j = new Judged(goal, where, figure, unit, goal.judge(figure), bound);
    judged.add(j);
    return " (goal " + goal.bound(unit) + ": " + j.outcome() + ")";
  }

  List<Judged> all() {
    return List.copyOf(judged);
  }
}
