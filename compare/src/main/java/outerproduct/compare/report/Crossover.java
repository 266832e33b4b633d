package outerproduct.compare.report;

import static outerproduct.compare.report.Cells.fmt;
import static outerproduct.compare.report.Cells.row;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.report.Summary.Row;

/**
 * Where MapReduce's bulk output and the iterator engine's cross on whole tables: for every SCALE of
 * every committed report in which both {@code mr-bulk} and {@code iterator-bulk} multiplied the
 * whole pair, mr-bulk's rate over iterator-bulk's with its interval (paired on the repeats, {@link
 * Comparisons}), and the same ratio as the {@link CostModel} projects it to 4 and 16 nodes from
 * each engine's processor time and bytes per partial product. A ratio above 1 is MapReduce ahead;
 * only an interval that excludes 1 names a side. Rows are ordered by SCALE, so the table reads as
 * the question "from which size on does MapReduce win?", each row within its own run only.
 */
final class Crossover {
  private static final String MR = Engine.MR_BULK.label();
  private static final String ITERATOR = Engine.ITERATOR_BULK.label();

  private Crossover() {}

  /** One report's records under its link and commit. */
  record Source(String link, String madeAt, Summary summary) {}

  private record Line(int scale, Source source, Row iterator, Row mr, Interval ratio) {}

  /** The table and a closing sentence; empty when no report ran both engines on a whole table. */
  static List<String> lines(List<Source> sources) {
    List<Line> lines = new ArrayList<>();
    for (Source source : sources) {
      Summary summary = source.summary();
      for (int scale : summary.wholeScales()) {
        Optional<Row> iterator = summary.whole(scale, ITERATOR).filter(Row::answered);
        Optional<Row> mr = summary.whole(scale, MR).filter(Row::answered);
        if (iterator.isPresent() && mr.isPresent()) {
          Interval ratio = new Comparisons(summary).rate(mr.get(), iterator.get());
          lines.add(new Line(scale, source, iterator.get(), mr.get(), ratio));
        }
      }
    }
    if (lines.isEmpty()) {
      return List.of();
    }
    lines.sort(Comparator.comparingInt(Line::scale));
    List<String> table = new ArrayList<>();
    table.add(
        "| SCALE | report | tablet servers | iterator-bulk pp/s | mr-bulk pp/s | mr-bulk's rate"
            + " / iterator-bulk's | judged | projected at 4 nodes | at 16 nodes |");
    table.add("|---|---|---|---|---|---|---|---|---|");
    for (Line line : lines) {
      List<JsonNode> records = line.source().summary().records();
      table.add(
          row(
              line.scale(),
              line.source().link() + " (" + line.source().madeAt() + ")",
              cluster(records, line.scale()),
              fmt("%.3g", line.iterator().ratePpPerSMedian()),
              fmt("%.3g", line.mr().ratePpPerSMedian()),
              line.ratio().ratio() + (line.ratio().bootstrapped() ? "" : " (one run each)"),
              judged(line.ratio()),
              projected(records, line.scale(), 4),
              projected(records, line.scale(), 16)));
    }
    table.add("");
    table.add(verdict(lines));
    return table;
  }

  private static String judged(Interval ratio) {
    if (!ratio.excludesOne()) {
      return "indistinguishable";
    }
    return ratio.value() > 1 ? "mr-bulk ahead" : "iterator-bulk ahead";
  }

  /** The sentence the table answers: the smallest SCALE with MapReduce decidedly ahead, if any. */
  private static String verdict(List<Line> lines) {
    Optional<Line> crossed =
        lines.stream().filter(l -> l.ratio().excludesOne() && l.ratio().value() > 1).findFirst();
    int largest = lines.get(lines.size() - 1).scale();
    if (crossed.isPresent()) {
      return "MapReduce's bulk output is first decidedly ahead at SCALE "
          + crossed.get().scale()
          + " ("
          + crossed.get().source().link()
          + ").";
    }
    List<Line> atLargest = lines.stream().filter(l -> l.scale() == largest).toList();
    // No run has MapReduce decidedly ahead, so a decided ratio has the iterator engine ahead.
    long decided = atLargest.stream().filter(l -> l.ratio().excludesOne()).count();
    String there;
    if (decided == atLargest.size()) {
      there = " every run has iterator-bulk ahead.";
    } else if (decided == 0) {
      there = " no run tells the ratio apart from 1.";
    } else {
      there =
          " iterator-bulk is decidedly ahead in "
              + decided
              + " of "
              + atLargest.size()
              + " runs; the others do not tell the ratio apart from 1.";
    }
    return "No run up to SCALE "
        + largest
        + " has MapReduce's bulk output decidedly ahead; at SCALE "
        + largest
        + there;
  }

  private static String cluster(List<JsonNode> records, int scale) {
    return records.stream()
        .filter(
            r -> "whole".equals(r.path("workload").asText()) && r.path("scale").asInt() == scale)
        .findFirst()
        .map(r -> r.path("tservers").asInt() + " × " + r.path("tserver_memory_mb").asInt() + " MB")
        .orElse("-");
  }

  private static String projected(List<JsonNode> records, int scale, int nodes) {
    OptionalDouble mr = CostModel.projectedRate(records, scale, MR, nodes);
    OptionalDouble iterator = CostModel.projectedRate(records, scale, ITERATOR, nodes);
    return mr.isPresent() && iterator.isPresent()
        ? fmt("%.2f", mr.getAsDouble() / iterator.getAsDouble()) + "×"
        : "-";
  }
}
