package outerproduct.compare.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.report.Summary.Row;

/**
 * How far each engine's fastest output stands from what it could reach, per SCALE of the whole-
 * table workload: MapReduce's bulk output against the same job untuned ({@code mr-bulk-baseline})
 * and against iterator-bulk, and iterator-bulk against the in-memory kernel alone on one thread
 * ({@link Goals}: {@code mr-vs-baseline}, {@code mr-vs-bulk}, {@code bulk-vs-kernel}).
 */
final class LimitVerdicts {
  private final Summary summary;
  private final Comparisons compare;
  private final Judgements judgements;

  LimitVerdicts(Summary summary, Judgements judgements) {
    this.summary = summary;
    this.compare = new Comparisons(summary);
    this.judgements = judgements;
  }

  List<String> lines() {
    List<String> lines = new ArrayList<>();
    for (int scale : summary.wholeScales()) {
      List<String> parts = new ArrayList<>();
      Optional<Row> mr = whole(scale, Engine.MR_BULK);
      Optional<Row> bulk = whole(scale, Engine.ITERATOR_BULK);
      whole(scale, Engine.MR_BULK_BASELINE)
          .filter(x -> mr.isPresent())
          .ifPresent(base -> parts.add(ratio(mr.get(), base, "mr-vs-baseline", scale)));
      if (mr.isPresent() && bulk.isPresent()) {
        parts.add(ratio(mr.get(), bulk.get(), "mr-vs-bulk", scale));
      }
      bulk.filter(b -> b.kernelPpPerS() != null).ifPresent(b -> parts.add(ofKernel(b, scale)));
      if (!parts.isEmpty()) {
        lines.add("SCALE " + scale + ": " + String.join("; ", parts));
      }
    }
    return lines;
  }

  private String ratio(Row a, Row b, String goalId, int scale) {
    Interval x = compare.rate(a, b);
    Goals.Goal goal = Goals.get(goalId);
    return a.engine()
        + " / "
        + b.engine()
        + " = "
        + x.ratio()
        + (goal.scale() != null && goal.scale() == scale
            ? judgements.judge(goal, x, "", "SCALE " + scale)
            : "");
  }

  /** The median rate's interval over the kernel's rate, measured once per SCALE. */
  private String ofKernel(Row bulk, int scale) {
    Interval rate = compare.rate(bulk);
    double kernel = bulk.kernelPpPerS();
    Interval x =
        new Interval(
            rate.value() / kernel,
            rate.low() / kernel,
            rate.high() / kernel,
            rate.samples(),
            rate.bootstrapped());
    Goals.Goal goal = Goals.get("bulk-vs-kernel");
    String ceiling =
        bulk.bulkCeilingPpPerS() == null
            ? null
            : String.format(
                "bulk output's own stages alone allow at most %.3f",
                bulk.bulkCeilingPpPerS() / kernel);
    return "iterator-bulk / the kernel alone = "
        + x.ratio()
        + (scale >= goal.minScale()
            ? judgements.judge(goal, x, "", "SCALE " + scale, ceiling)
            : ceiling == null ? "" : " (" + ceiling + ")");
  }

  private Optional<Row> whole(int scale, Engine engine) {
    return summary.whole(scale, engine.label()).filter(Row::answered);
  }
}
