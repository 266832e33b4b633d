package outerproduct.compare.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.report.Summary.Row;

/**
 * The two-hop request shape: for each size its p50 against the {@code two-hop-p50} goal of {@link
 * Goals} (for the goal's size and SCALE), and the entries its requests read against those their
 * answers need, the worst request judged against {@code two-hop-entries} (a count, not a time: it
 * has no run-to-run spread).
 */
final class TwoHopVerdicts {
  private static final Goals.Goal P50 = Goals.get("two-hop-p50");
  private static final Goals.Goal ENTRIES = Goals.get("two-hop-entries");

  private final Summary summary;
  private final Comparisons compare;
  private final Judgements judgements;

  TwoHopVerdicts(Summary summary, Judgements judgements) {
    this.summary = summary;
    this.compare = new Comparisons(summary);
    this.judgements = judgements;
  }

  List<String> lines() {
    List<String> lines = new ArrayList<>();
    for (Row r : summary.rows()) {
      if (!r.workload().equals("two-hop")
          || !r.engine().startsWith(Engine.TWO_HOP.label())
          || !r.answered()) {
        continue;
      }
      String where = r.engine() + ", SCALE " + r.scale() + ", " + r.rowsRequested() + " vertices";
      Interval p50 = compare.latency(r, 50);
      String line = where + ": p50 " + p50.seconds();
      // the goal is the request's as users get it; two-hop-client is its measured alternative
      if (r.engine().equals(Engine.TWO_HOP.label())
          && r.rowsRequested().equals(P50.rows())
          && r.scale() >= P50.minScale()) {
        line += judgements.judge(P50, p50, " s", where);
      }
      Map<Integer, Double> read =
          summary.samples(r, record -> record.path("engine_info").path("entries_read").asDouble());
      Map<Integer, Double> needed =
          summary.samples(r, record -> record.path("entries_needed").asDouble());
      List<Double> ratios = new ArrayList<>();
      read.forEach((request, entries) -> ratios.add(entries / needed.get(request)));
      if (!ratios.isEmpty()) {
        double worst = Collections.max(ratios);
        Interval exact = new Interval(worst, worst, worst, ratios.size(), false);
        line +=
            "; entries read / needed, the worst request: "
                + String.format(java.util.Locale.ROOT, "%.2f", worst)
                + judgements.judge(ENTRIES, exact, "", where);
      }
      lines.add(line);
    }
    return lines;
  }
}
