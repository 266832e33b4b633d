package outerproduct.compare.report;

import static outerproduct.compare.report.Cells.fmt;
import static outerproduct.compare.report.Cells.row;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * What each engine spent per partial product on whole tables, the medians over a group's runs: the
 * machine's busy processor time and the bytes each engine's own counters report (docs/format.md:
 * {@code machine_cpu_s}, the iterator engine's writers, Hadoop's counters). These, not one
 * machine's seconds, are what a projection to more machines works from.
 */
final class WorkTable {

  /** One column: its heading and the figure per partial product of a record, NaN where absent. */
  private record Column(String heading, String format, ToDoubleFunction<JsonNode> perProduct) {}

  private static final List<Column> COLUMNS =
      List.of(
          new Column("CPU µs", "%.2f", r -> per(r, r.path("machine_cpu_s"), 1e6)),
          new Column("BatchWriter bytes", "%.1f", r -> info(r, "sent_bytes")),
          new Column("file bytes", "%.1f", r -> info(r, "file_bytes")),
          new Column("map output bytes", "%.1f", r -> info(r, "map_output_bytes")),
          new Column("materialized bytes", "%.1f", r -> info(r, "map_output_materialized_bytes")),
          new Column("shuffle bytes", "%.1f", r -> info(r, "shuffle_bytes")),
          new Column("local disk written", "%.1f", r -> info(r, "local_bytes_written")),
          new Column("local disk read", "%.1f", r -> info(r, "local_bytes_read")),
          new Column("HDFS written", "%.1f", r -> info(r, "hdfs_bytes_written")));

  private WorkTable() {}

  /** The table's lines, empty when no whole-table record carries any of the figures. */
  static List<String> lines(List<JsonNode> records) {
    List<String> lines = new ArrayList<>();
    for (Map.Entry<String, List<JsonNode>> group : groups(records).entrySet()) {
      List<Object> cells = new ArrayList<>(List.of((Object[]) group.getKey().split("\t")));
      boolean any = false;
      for (Column column : COLUMNS) {
        double m = median(group.getValue(), column.perProduct());
        any |= !Double.isNaN(m);
        cells.add(Double.isNaN(m) ? "-" : fmt(column.format(), m));
      }
      if (any) {
        lines.add(row(cells.toArray()));
      }
    }
    if (lines.isEmpty()) {
      return lines;
    }
    List<String> table = new ArrayList<>();
    StringBuilder heading = new StringBuilder("| SCALE | engine |");
    StringBuilder rule = new StringBuilder("|---|---|");
    for (Column column : COLUMNS) {
      heading.append(' ').append(column.heading()).append(" |");
      rule.append("---|");
    }
    table.add(heading.toString());
    table.add(rule.toString());
    table.addAll(lines);
    return table;
  }

  /**
   * The whole-table runs whose C was proven, by "SCALE\tengine" in the records' order: the groups
   * whose medians this table and {@link CostModel} show.
   */
  static Map<String, List<JsonNode>> groups(List<JsonNode> records) {
    Map<String, List<JsonNode>> groups = new LinkedHashMap<>();
    for (JsonNode r : records) {
      if ("whole".equals(r.path("workload").asText())
          && r.path("equal").asBoolean(false)
          && r.path("partial_products").asLong() > 0) {
        groups
            .computeIfAbsent(
                r.path("scale").asInt() + "\t" + r.path("engine").asText(), k -> new ArrayList<>())
            .add(r);
      }
    }
    return groups;
  }

  private static double info(JsonNode r, String field) {
    return per(r, r.path("engine_info").path(field), 1);
  }

  private static double per(JsonNode r, JsonNode figure, double scale) {
    return figure.isNumber()
        ? figure.asDouble() * scale / r.path("partial_products").asDouble()
        : Double.NaN;
  }

  private static double median(List<JsonNode> runs, ToDoubleFunction<JsonNode> value) {
    double[] values = runs.stream().mapToDouble(value).filter(v -> !Double.isNaN(v)).toArray();
    return Medians.of(values);
  }
}
