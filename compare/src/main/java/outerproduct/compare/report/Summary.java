package outerproduct.compare.report;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import outerproduct.compare.engine.Engine;

/**
 * The runs of one comparison grouped the way the report compares them: one row per SCALE, workload,
 * engine, subset size and concurrency, holding medians over repeats (whole table) or latency
 * percentiles over requests (queued), as docs/format.md asks of summaries.
 */
public final class Summary {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * One group of runs. Whole-table rows leave the latency fields null; queued rows hold one run per
   * request, {@code secondsMedian} is then the median engine time and the latency fields include
   * creating C ({@link #latency}). {@code requestSecondsMedian} is the median time from the call,
   * creating C included, for every workload: what {@code auto}, which creates its own C, is
   * compared on. Counts, times and rates are over the runs that finished; {@code failed} runs (an
   * engine error, recorded with its message) count against {@code allEqual}.
   */
  @JsonPropertyOrder({
    "scale",
    "workload",
    "engine",
    "rowsRequested",
    "concurrency",
    "runs",
    "failed",
    "allEqual",
    "partialProductsMedian",
    "secondsMedian",
    "requestSecondsMedian",
    "ratePpPerSMedian",
    "latencyP50S",
    "latencyP95S",
    "latencyMaxS",
    "requestsPerS",
    "tserverHeapPeakMb",
    "taskRssPeakMb",
    "diskPeakMb",
    "kernelPpPerS",
    "bulkCeilingPpPerS"
  })
  public record Row(
      int scale,
      String workload,
      String engine,
      Integer rowsRequested,
      int concurrency,
      int runs,
      int failed,
      boolean allEqual,
      double partialProductsMedian,
      double secondsMedian,
      double requestSecondsMedian,
      double ratePpPerSMedian,
      Double latencyP50S,
      Double latencyP95S,
      Double latencyMaxS,
      Double requestsPerS,
      Double tserverHeapPeakMb,
      Double taskRssPeakMb,
      Double diskPeakMb,
      Double kernelPpPerS,
      Double bulkCeilingPpPerS) {

    public boolean whole() {
      return workload.equals("whole");
    }

    /** Whether any run of the group finished, so that its times and rates mean something. */
    public boolean answered() {
      return failed < runs;
    }
  }

  private final List<JsonNode> records;
  private final List<Row> rows;

  private Summary(List<JsonNode> records) {
    this.records = List.copyOf(records);
    this.rows = group(records);
  }

  public static Summary of(List<JsonNode> records) {
    return new Summary(records);
  }

  /**
   * Reads a {@code runs.jsonl}; a line that is not a JSON object is an error naming the file and
   * the line, in one line.
   */
  public static Summary read(Path runsJsonl) throws IOException {
    List<JsonNode> records = new ArrayList<>();
    int number = 0;
    for (String line : Files.readAllLines(runsJsonl)) {
      number++;
      if (line.isBlank()) {
        continue;
      }
      JsonNode node;
      try {
        node = JSON.readTree(line);
      } catch (JsonProcessingException e) {
        throw new IOException(
            runsJsonl + " line " + number + " is not JSON: " + e.getOriginalMessage(), e);
      }
      if (!node.isObject()) {
        throw new IOException(runsJsonl + " line " + number + " is not a JSON object");
      }
      records.add(node);
    }
    return new Summary(records);
  }

  public List<JsonNode> records() {
    return records;
  }

  public List<Row> rows() {
    return rows;
  }

  public void writeCsv(Path file) {
    CsvMapper csv = new CsvMapper();
    CsvSchema schema = csv.schemaFor(Row.class).withHeader();
    try {
      csv.writer(schema).writeValue(file.toFile(), rows);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  /** The whole-table row of an engine at a SCALE, if that engine ran there. */
  public Optional<Row> whole(int scale, String engine) {
    return rows.stream()
        .filter(r -> r.whole() && r.scale() == scale && r.engine().equals(engine))
        .findFirst();
  }

  /** The SCALEs of the whole-table runs, ascending. */
  public List<Integer> wholeScales() {
    return rows.stream().filter(Row::whole).map(Row::scale).distinct().sorted().toList();
  }

  /**
   * The smallest SCALE at which the MapReduce engine's median whole-table rate exceeds the iterator
   * engine's; empty if it never does among the SCALEs both ran.
   */
  public Optional<Integer> crossover() {
    for (int scale : wholeScales()) {
      Optional<Row> mr = whole(scale, Engine.MR.label()).filter(Row::answered);
      Optional<Row> iterator = whole(scale, Engine.ITERATOR.label()).filter(Row::answered);
      if (mr.isPresent()
          && iterator.isPresent()
          && mr.get().ratePpPerSMedian() > iterator.get().ratePpPerSMedian()) {
        return Optional.of(scale);
      }
    }
    return Optional.empty();
  }

  /** The workloads with latencies (queued, cued) that ran, in that order. */
  public List<String> latencyWorkloads() {
    return rows.stream()
        .filter(r -> !r.whole())
        .map(Row::workload)
        .distinct()
        .sorted(Comparator.comparing((String w) -> !w.equals("queued")))
        .toList();
  }

  /** The SCALEs of one latency workload's runs, ascending. */
  public List<Integer> scales(String workload) {
    return rows.stream()
        .filter(r -> r.workload().equals(workload))
        .map(Row::scale)
        .distinct()
        .sorted()
        .toList();
  }

  /**
   * How a group of requests is named in the report and its plots: the workload when more than one
   * ran ("cued, "), and the SCALE when that workload ran at more than one or beside another ("SCALE
   * 14, "); nothing for a single queued SCALE.
   */
  public String label(String workload, int scale) {
    boolean several = latencyWorkloads().size() > 1;
    return (several ? workload + ", " : "")
        + (several || scales(workload).size() > 1 ? "SCALE " + scale + ", " : "");
  }

  /**
   * One value per finished run of a row's group, keyed by its repeat (whole tables) or request
   * index (queued, cued): the units {@link Uncertainty} pairs engines on.
   */
  public Map<Integer, Double> samples(Row row, ToDoubleFunction<JsonNode> value) {
    Map<Integer, Double> samples = new TreeMap<>();
    records.stream()
        .filter(r -> !failed(r) && inGroup(r, row))
        .forEach(r -> samples.put(r.path("repeat").asInt(), value.applyAsDouble(r)));
    return samples;
  }

  /** A whole-table run's rate, for {@link #samples}. */
  public static double rate(JsonNode record) {
    return record.path("rate_pp_per_s").asDouble();
  }

  private static boolean inGroup(JsonNode r, Row row) {
    return r.path("workload").asText().equals(row.workload())
        && r.path("scale").asInt() == row.scale()
        && r.path("engine").asText().equals(row.engine())
        && r.path("concurrency").asInt(1) == row.concurrency()
        && (row.rowsRequested() == null || r.path("rows_requested").asInt() == row.rowsRequested());
  }

  /** Latencies (seconds) of one workload, SCALE, engine, subset size and concurrency, ascending. */
  public double[] latencies(
      String workload, int scale, String engine, int rowsRequested, int concurrency) {
    return records.stream()
        .filter(
            r ->
                r.path("workload").asText().equals(workload)
                    && r.path("scale").asInt() == scale
                    && r.path("engine").asText().equals(engine)
                    && r.path("rows_requested").asInt() == rowsRequested
                    && r.path("concurrency").asInt() == concurrency)
        .filter(r -> !failed(r))
        .mapToDouble(Summary::latency)
        .sorted()
        .toArray();
  }

  /**
   * A request's latency: from the call, creating C included, to C readable ({@code t_request_s});
   * records made before it was recorded give the engine's time without creating C.
   */
  static double latency(JsonNode record) {
    JsonNode request = record.path("t_request_s");
    return request.isNumber() ? request.asDouble() : record.path("t_total_s").asDouble();
  }

  /** Whether a record is of a run that failed (it holds the engine's error instead of a C). */
  public static boolean failed(JsonNode record) {
    return record.hasNonNull("error");
  }

  private static List<Row> group(List<JsonNode> records) {
    Map<String, List<JsonNode>> groups = new LinkedHashMap<>();
    for (JsonNode r : records) {
      String key =
          r.path("scale").asInt()
              + "|"
              + r.path("workload").asText()
              + "|"
              + r.path("engine").asText()
              + "|"
              + r.path("rows_requested").asText("")
              + "|"
              + r.path("concurrency").asInt(1);
      groups.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
    }
    List<Row> rows = new ArrayList<>();
    for (List<JsonNode> runs : groups.values()) {
      rows.add(row(runs));
    }
    rows.sort(
        Comparator.comparing(Row::workload)
            .reversed()
            .thenComparingInt(Row::scale)
            .thenComparing(r -> r.rowsRequested() == null ? 0 : r.rowsRequested())
            .thenComparing(Row::engine)
            .thenComparingInt(Row::concurrency));
    return rows;
  }

  /** One group's row: the runs of one SCALE, workload, engine, subset size and concurrency. */
  private static Row row(List<JsonNode> runs) {
    JsonNode first = runs.get(0);
    boolean queued = !first.path("workload").asText().equals("whole");
    DescriptiveStatistics seconds = stats(runs, "t_total_s");
    DescriptiveStatistics latency = new DescriptiveStatistics();
    runs.stream().filter(r -> !failed(r)).forEach(r -> latency.addValue(latency(r)));
    return new Row(
        first.path("scale").asInt(),
        first.path("workload").asText(),
        first.path("engine").asText(),
        queued ? first.path("rows_requested").asInt() : null,
        first.path("concurrency").asInt(1),
        runs.size(),
        (int) runs.stream().filter(Summary::failed).count(),
        runs.stream().allMatch(r -> r.path("equal").asBoolean(false)),
        Medians.of(stats(runs, "partial_products").getValues()),
        Medians.of(seconds.getValues()),
        Medians.of(latency.getValues()),
        Medians.of(stats(runs, "rate_pp_per_s").getValues()),
        queued ? latency.getPercentile(50) : null,
        queued ? latency.getPercentile(95) : null,
        queued ? latency.getMax() : null,
        queued ? stats(runs, "batch_requests_per_s").getPercentile(50) : null,
        heapPeak(runs),
        taskRssPeak(runs),
        maxOf(runs, "disk_peak_mb"),
        kernelRate(runs),
        bulkCeiling(runs));
  }

  /**
   * The fastest rate bulk output could go on the group's inputs and machine (whole tables; null
   * where not measured): every product through the kernel's sorted window at {@code
   * window_pp_per_s} and every cell of C through Accumulo's RFile writer once at {@code
   * file_write_cells_per_s}, both spread over all the machine's cores with nothing else to do:
   * cores / (1 / window rate + (nnz(C) / partial products) / file rate). Reading the inputs,
   * spilling and merging runs and importing the files all come on top.
   */
  private static Double bulkCeiling(List<JsonNode> runs) {
    return runs.stream()
        .filter(r -> !failed(r))
        .filter(r -> r.path("window_pp_per_s").asDouble() > 0)
        .filter(r -> r.path("file_write_cells_per_s").asDouble() > 0)
        .filter(r -> r.path("partial_products").asDouble() > 0)
        .map(
            r ->
                r.path("host").path("cores").asDouble(1)
                    / (1 / r.path("window_pp_per_s").asDouble()
                        + r.path("nnz_C").asDouble()
                            / r.path("partial_products").asDouble()
                            / r.path("file_write_cells_per_s").asDouble()))
        .findFirst()
        .orElse(null);
  }

  /** The in-memory kernel's rate on the group's inputs (whole tables); null where not measured. */
  private static Double kernelRate(List<JsonNode> runs) {
    return runs.stream()
        .filter(r -> r.path("kernel_pp_per_s").isNumber())
        .map(r -> r.path("kernel_pp_per_s").asDouble())
        .findFirst()
        .orElse(null);
  }

  /** The largest tablet-server heap peak of the group's runs; null where none was measured. */
  private static Double heapPeak(List<JsonNode> runs) {
    return maxOf(runs, "tserver_heap_peak_mb");
  }

  /** The largest {@code field} of the group's runs; null where no run has it. */
  private static Double maxOf(List<JsonNode> runs, String field) {
    return runs.stream()
        .filter(r -> r.path(field).isNumber())
        .map(r -> r.path(field).asDouble())
        .max(Double::compare)
        .orElse(null);
  }

  /**
   * The largest MapReduce task attempt's resident set of the group's runs; null for other engines.
   */
  private static Double taskRssPeak(List<JsonNode> runs) {
    return runs.stream()
        .flatMap(
            r ->
                Stream.of(
                    r.path("engine_info").path("map_rss_peak_mb"),
                    r.path("engine_info").path("reduce_rss_peak_mb")))
        .filter(JsonNode::isNumber)
        .map(JsonNode::asDouble)
        .max(Double::compare)
        .orElse(null);
  }

  private static DescriptiveStatistics stats(List<JsonNode> runs, String field) {
    DescriptiveStatistics stats = new DescriptiveStatistics();
    runs.stream().filter(r -> !failed(r)).forEach(r -> stats.addValue(r.path(field).asDouble()));
    return stats;
  }
}
