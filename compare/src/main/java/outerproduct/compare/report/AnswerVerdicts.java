package outerproduct.compare.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.report.Summary.Row;

/**
 * The answers to the caller on cued requests: for each SCALE the goals name, the faster of the two
 * paths that answer ({@code iterator-answer}, {@code client-answer}) judged against the {@code
 * cued-answer-*} goals of {@link Goals}: its p50 one at a time for the goals' sizes, its requests
 * per second at the goal's number in flight.
 */
final class AnswerVerdicts {
  private static final Set<String> ANSWERING =
      Set.of(Engine.ITERATOR_ANSWER.label(), Engine.CLIENT_ANSWER.label());

  private final Comparisons compare;
  private final Judgements judgements;

  AnswerVerdicts(Summary summary, Judgements judgements) {
    this.compare = new Comparisons(summary);
    this.judgements = judgements;
  }

  /** The verdict lines for the cued rows {@code cued}, {@code lowest} being one at a time. */
  List<String> cued(List<Row> cued, int lowest) {
    List<String> lines = new ArrayList<>();
    List<Integer> scales = cued.stream().map(Row::scale).distinct().sorted().toList();
    for (int scale : scales) {
      for (String id : List.of("cued-answer-p50-1", "cued-answer-p50-1024")) {
        Goals.Goal goal = Goals.get(id);
        if (scale < goal.minScale()) {
          continue;
        }
        fastest(cued, scale, goal.rows(), lowest, Row::latencyP50S)
            .ifPresent(
                r -> {
                  Interval x = compare.latency(r, 50);
                  String where = "cued, SCALE " + scale + ", " + goal.rows() + " rows";
                  lines.add(
                      where
                          + ": answered to the caller, "
                          + r.engine()
                          + " p50 "
                          + x.seconds()
                          + judgements.judge(goal, x, " s", where + ", answers"));
                });
      }
      Goals.Goal throughput = Goals.get("cued-answer-throughput");
      if (scale >= throughput.minScale()) {
        fastest(
                cued,
                scale,
                throughput.rows(),
                throughput.concurrency(),
                r -> r.requestsPerS() == null ? Double.MAX_VALUE : -r.requestsPerS())
            .ifPresent(
                r -> {
                  Interval x = Uncertainty.standard().percentile(List.of(r.requestsPerS()), 50);
                  String where = "cued, SCALE " + scale + ", " + throughput.rows() + " rows";
                  lines.add(
                      where
                          + ": answered to the caller, "
                          + r.engine()
                          + " at "
                          + throughput.concurrency()
                          + " in flight "
                          + x.plain()
                          + " requests/s"
                          + judgements.judge(throughput, x, "", where + ", answers"));
                });
      }
    }
    return lines;
  }

  /** The answering path of the group that {@code key} puts first. */
  private static Optional<Row> fastest(
      List<Row> rows,
      int scale,
      int rowsRequested,
      int concurrency,
      java.util.function.ToDoubleFunction<Row> key) {
    return rows.stream()
        .filter(
            r ->
                ANSWERING.contains(r.engine())
                    && r.scale() == scale
                    && r.rowsRequested() == rowsRequested
                    && r.concurrency() == concurrency
                    && r.answered())
        .min(Comparator.comparingDouble(key));
  }
}
