package outerproduct.compare.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import outerproduct.compare.report.Summary.Row;

/**
 * Interactive work beside batch work: for each engine and size of the under-batch workload, its p99
 * latency while whole-table multiplies ran against the same requests' p99 on the idle cluster (the
 * cued workload of the same run, one at a time), paired request by request, judged against the
 * {@code interactive-under-batch} goal of {@link Goals} for the goal's size.
 */
final class IsolationVerdicts {
  private static final Goals.Goal GOAL = Goals.get("interactive-under-batch");

  private final Summary summary;
  private final Uncertainty uncertainty = Uncertainty.standard();
  private final Judgements judgements;

  IsolationVerdicts(Summary summary, Judgements judgements) {
    this.summary = summary;
    this.judgements = judgements;
  }

  List<String> lines() {
    List<String> lines = new ArrayList<>();
    for (Row loaded : summary.rows()) {
      if (!loaded.workload().equals("under-batch") || !loaded.answered()) {
        continue;
      }
      idle(loaded)
          .ifPresent(
              idle -> {
                Interval ratio =
                    uncertainty.ratioOfPercentiles(
                        summary.samples(loaded, Summary::latency),
                        summary.samples(idle, Summary::latency),
                        99);
                String where = "SCALE " + loaded.scale() + ", " + loaded.rowsRequested() + " rows";
                String line =
                    where
                        + ", "
                        + loaded.engine()
                        + ": p99 "
                        + fmt(percentile(loaded))
                        + " s under the batch, "
                        + fmt(percentile(idle))
                        + " s idle; under / idle = "
                        + ratio.ratio();
                lines.add(
                    loaded.rowsRequested().equals(GOAL.rows())
                        ? line + judgements.judge(GOAL, ratio, "", "under-batch, " + where)
                        : line);
              });
    }
    return lines;
  }

  private Optional<Row> idle(Row loaded) {
    return summary.rows().stream()
        .filter(
            r ->
                r.workload().equals("cued")
                    && r.scale() == loaded.scale()
                    && r.engine().equals(loaded.engine())
                    && r.rowsRequested().equals(loaded.rowsRequested())
                    && r.concurrency() == loaded.concurrency()
                    && r.answered())
        .findFirst();
  }

  private double percentile(Row r) {
    return uncertainty
        .percentile(summary.samples(r, Summary::latency).values().stream().toList(), 99)
        .value();
  }

  private static String fmt(double seconds) {
    return String.format(java.util.Locale.ROOT, "%.3f", seconds);
  }
}
