package outerproduct.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import outerproduct.compare.report.Summary.Row;

/**
 * {@code report.md}: what a user reads to choose an engine. The exact command and settings,
 * whether every C was proven, the whole-table and queued tables side by side, and a verdict per
 * workload on the TableMult paper's prediction (MapReduce wins throughput on whole tables, the
 * iterator engine wins latency on queued subsets), with the ratios from the same run.
 */
public final class ReportMarkdown {
  /** The project's performance goals, reported as met or not (never asserted). */
  static final double ITERATOR_VS_CEILING_TARGET = 0.9;
  static final double ITERATOR_VS_CLIENT_TARGET = 5.0;
  /** The SCALE and subset size the queued latency targets are set on, and the p50 targets. */
  static final int TARGET_SCALE = 14;
  static final int QUEUED_TARGET_ROWS = 1024;
  static final double ITERATOR_QUEUED_P50_TARGET_S = 0.3;
  static final double MR_QUEUED_P50_TARGET_S = 10.0;

  private final Summary summary;
  private final StringBuilder md = new StringBuilder();

  private ReportMarkdown(Summary summary) {
    this.summary = summary;
  }

  public static void write(Summary summary, List<Path> plots, Path file) {
    String text = new ReportMarkdown(summary).render(plots);
    try {
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  String render(List<Path> plots) {
    JsonNode first = summary.records().isEmpty() ? null : summary.records().get(0);
    line("# outerproduct: iterator engine vs MapReduce vs client-side baseline");
    line("");
    if (first == null) {
      line("No run finished.");
      return md.toString();
    }
    line("Command: `" + first.path("command").asText() + "`");
    line("");
    Headlines.of(summary).forEach(headline -> line("- " + headline));
    line("");
    line("| setting | value |");
    line("|---|---|");
    for (String field : List.of("cluster", "input", "semiring", "tservers", "tserver_memory_mb",
        "tserver_in_memory_maps", "tablets_AT",
        "tablets_B", "tablets_C", "load", "warmup", "presum", "c_durability", "mr_reducers", "mr_presum", "mr_output", "mr_uber", "mr_conf",
        "yarn_memory_mb", "git_commit")) {
      line("| " + field + " | " + first.path(field).asText() + " |");
    }
    line("| host | " + first.path("host").path("cores").asText() + " cores, "
        + first.path("host").path("memory_gb").asText() + " GB |");
    line("");
    JsonNode site = first.path("accumulo_settings");
    if (site.size() > 0) {
      line("Accumulo settings that differ from Accumulo's defaults (sensitive ones left out; paths from where"
          + " the command ran):");
      line("");
      line("| property | value |");
      line("|---|---|");
      site.fields().forEachRemaining(e -> line("| `" + e.getKey() + "` | `" + e.getValue().asText() + "` |"));
      line("");
    }
    correctness();
    whole(plots);
    queued(plots);
    line("## Files");
    line("");
    line("`runs.jsonl` holds one record per multiply (the project's docs/format.md names its fields) (whole-table run or queued request);"
        + " `summary.csv` holds the rows of the tables above (medians over repeats; latency percentiles"
        + " over requests). Rates divide partial products by `t_total_s`, from the engine's start (C"
        + " already created) to C readable. The tablet-server heap peak is the largest server's heap in"
        + " use right after a garbage collection during the run (queued: the batch), read over JMX from the"
        + " embedded cluster's servers (in-memory maps are off the heap when native maps are on). The"
        + " MapReduce task peak is the largest resident set of any map or reduce attempt (Hadoop's"
        + " `*_PHYSICAL_MEMORY_BYTES_MAX` counters; in uber mode, the ApplicationMaster's JVM, which runs"
        + " every task).");
    return md.toString();
  }

  private static String megabytes(Double mb) {
    return mb == null ? "-" : fmt("%.0f", mb);
  }

  private void correctness() {
    long total = summary.records().size();
    long equal = summary.records().stream().filter(r -> r.path("equal").asBoolean(false)).count();
    line("## Correctness");
    line("");
    if (equal == total) {
      line("All " + total + " multiplies produced a C whose checksum (docs/format.md) equals its reference"
          + " (the in-memory oracle, or the first engine of the run where the oracle was not computed).");
    } else {
      long failed = summary.records().stream().filter(Summary::failed).count();
      line("**" + (total - equal) + " of " + total + " multiplies did not produce a C equal to its reference ("
          + failed + " of them failed):**");
      line("");
      summary.records().stream().filter(r -> !r.path("equal").asBoolean(false)).forEach(r ->
          line("- SCALE " + r.path("scale").asText() + " " + r.path("workload").asText() + " " + r.path("engine").asText()
              + (r.has("rows_requested") ? " " + r.path("rows_requested").asText() + " rows at concurrency "
                  + r.path("concurrency").asText() : "")
              + (Summary.failed(r) ? ": failed: " + r.path("error").asText()
                  : ": C " + r.path("checksum_C").asText() + " vs " + r.path("checked_against").asText() + " "
                      + r.path("checksum_expected").asText())));
    }
    line("");
  }

  private void whole(List<Path> plots) {
    List<Integer> scales = summary.wholeScales();
    if (scales.isEmpty()) {
      return;
    }
    line("## Whole table");
    line("");
    line("| SCALE | engine | runs | partial products | median s | median pp/s | rate / iterator's | tserver heap peak MB | MR task RSS peak MB | C proven |");
    line("|---|---|---|---|---|---|---|---|---|---|");
    for (Row r : summary.rows()) {
      if (!r.whole()) {
        continue;
      }
      String ratio = summary.whole(r.scale(), "iterator")
          .map(it -> fmt("%.2f", r.ratePpPerSMedian() / it.ratePpPerSMedian())).orElse("-");
      line("| " + r.scale() + " | " + r.engine() + " | " + r.runs() + " | " + fmt("%,.0f", r.partialProductsMedian())
          + " | " + fmt("%.2f", r.secondsMedian()) + " | " + fmt("%.3g", r.ratePpPerSMedian()) + " | " + ratio
          + " | " + megabytes(r.tserverHeapPeakMb()) + " | " + megabytes(r.taskRssPeakMb()) + " | " + proven(r) + " |");
    }
    line("");
    line("**Verdict (throughput)**:");
    line("");
    Optional<Integer> crossover = summary.crossover();
    int largest = scales.get(scales.size() - 1);
    Optional<Double> mrOverIterator = ratio(largest, "mr", "iterator");
    if (crossover.isPresent()) {
      line("- MapReduce's rate overtakes the iterator engine's at SCALE " + crossover.get()
          + " (the crossover); at SCALE " + largest + " MapReduce runs at "
          + mrOverIterator.map(x -> fmt("%.2f", x)).orElse("?") + "× the iterator engine's rate."
          + " The TableMult paper's prediction holds from there on.");
    } else if (mrOverIterator.isPresent()) {
      line("- No crossover up to SCALE " + largest + ": MapReduce runs at " + fmt("%.2f", mrOverIterator.get())
          + "× the iterator engine's rate there; the iterator engine has the higher throughput on every"
          + " SCALE run.");
    } else {
      line("- No crossover can be judged: MapReduce and the iterator engine did not both run.");
    }
    for (int scale : scales) {
      ratio(scale, "iterator", "ingest-ceiling").ifPresent(x -> line("- SCALE " + scale
          + ": iterator engine / in-tserver ingest ceiling = " + fmt("%.2f", x) + " (target ≥ "
          + ITERATOR_VS_CEILING_TARGET + ": " + metOrNot(x >= ITERATOR_VS_CEILING_TARGET) + ")"));
      ratio(scale, "iterator", "client").ifPresent(x -> line("- SCALE " + scale
          + ": iterator engine / client-side baseline = " + fmt("%.2f", x) + " (target at SCALE " + TARGET_SCALE
          + " ≥ " + ITERATOR_VS_CLIENT_TARGET
          + (scale == TARGET_SCALE ? ": " + metOrNot(x >= ITERATOR_VS_CLIENT_TARGET) : "") + ")"));
    }
    line("");
    image(plots, Plots.RATE_VS_SCALE, "rate against SCALE");
  }

  private void queued(List<Path> plots) {
    List<Row> queued = summary.rows().stream().filter(r -> !r.whole()).toList();
    if (queued.isEmpty()) {
      return;
    }
    line("## Queued (row subsets)");
    line("");
    line("| SCALE | rows | engine | in flight | requests | median partial products | p50 s | p95 s | max s | requests/s | tserver heap peak MB | MR task RSS peak MB | C proven |");
    line("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (Row r : queued) {
      line("| " + r.scale() + " | " + r.rowsRequested() + " | " + r.engine() + " | " + r.concurrency() + " | "
          + r.runs() + " | " + fmt("%,.0f", r.partialProductsMedian()) + " | " + fmt("%.2f", r.latencyP50S())
          + " | " + fmt("%.2f", r.latencyP95S()) + " | "
          + fmt("%.2f", r.latencyMaxS()) + " | " + fmt("%.3g", r.requestsPerS()) + " | "
          + megabytes(r.tserverHeapPeakMb()) + " | " + megabytes(r.taskRssPeakMb()) + " | " + proven(r) + " |");
    }
    line("");
    line("**Verdict (latency, one request at a time)**:");
    line("");
    int lowest = queued.stream().mapToInt(Row::concurrency).min().orElse(1);
    for (int scale : summary.queuedScales()) {
      String prefix = summary.queuedScaleLabel(scale);
      queued.stream().filter(r -> r.scale() == scale && r.concurrency() == lowest).map(Row::rowsRequested).distinct()
          .forEach(rows -> {
            Optional<Row> it = find(queued, scale, "iterator", rows, lowest);
            Optional<Row> mr = find(queued, scale, "mr", rows, lowest);
            if (it.isPresent() && mr.isPresent()) {
              double factor = mr.get().latencyP50S() / it.get().latencyP50S();
              line("- " + prefix + rows + " rows: iterator p50 " + fmt("%.2f", it.get().latencyP50S())
                  + " s, MapReduce p50 " + fmt("%.2f", mr.get().latencyP50S()) + " s: the iterator engine answers "
                  + fmt("%.1f", factor) + "× " + (factor >= 1 ? "sooner" : "later") + "."
                  + (factor >= 1 ? " The TableMult paper's prediction holds."
                      : " The TableMult paper's prediction does not hold here."));
            }
            queued.stream().filter(r -> r.scale() == scale && r.concurrency() == lowest
                    && r.rowsRequested().equals(rows) && r.answered())
                .min(Comparator.comparingDouble(Row::latencyP50S))
                .ifPresent(best -> line("  Lowest p50 for " + prefix + rows + " rows: " + best.engine() + " ("
                    + fmt("%.2f", best.latencyP50S()) + " s)."));
          });
    }
    queuedTarget(queued, lowest, "iterator", ITERATOR_QUEUED_P50_TARGET_S);
    queuedTarget(queued, lowest, "mr", MR_QUEUED_P50_TARGET_S);
    line("");
    image(plots, Plots.LATENCY_CDF, "latency CDF");
    image(plots, Plots.THROUGHPUT, "throughput against concurrency");
  }

  /**
   * The p50 latency target for {@link #QUEUED_TARGET_ROWS} rows of the SCALE 14 pair, with the
   * rate that meeting it would take: the requests' volume is what decides it.
   */
  private void queuedTarget(List<Row> queued, int concurrency, String engine, double targetS) {
    find(queued, TARGET_SCALE, engine, QUEUED_TARGET_ROWS, concurrency).ifPresent(r -> line("- SCALE "
        + TARGET_SCALE + ", " + QUEUED_TARGET_ROWS + " rows: " + engine + " p50 " + fmt("%.2f", r.latencyP50S())
        + " s (target ≤ " + targetS + " s: " + metOrNot(r.latencyP50S() <= targetS) + "; the median request's "
        + fmt("%,.0f", r.partialProductsMedian()) + " partial products in " + targetS + " s would take at least "
        + fmt("%.2g", r.partialProductsMedian() / targetS) + " pp/s; the requests ran at a median "
        + fmt("%.2g", r.ratePpPerSMedian()) + " pp/s)."));
  }

  private static String metOrNot(boolean met) {
    return met ? "met" : "not met";
  }

  private Optional<Double> ratio(int scale, String engine, String reference) {
    Optional<Row> a = summary.whole(scale, engine).filter(Row::answered);
    Optional<Row> b = summary.whole(scale, reference).filter(Row::answered);
    return a.isPresent() && b.isPresent()
        ? Optional.of(a.get().ratePpPerSMedian() / b.get().ratePpPerSMedian()) : Optional.empty();
  }

  private static Optional<Row> find(List<Row> rows, int scale, String engine, int rowsRequested, int concurrency) {
    return rows.stream().filter(r -> r.scale() == scale && r.engine().equals(engine) && r.rowsRequested() == rowsRequested
        && r.concurrency() == concurrency && r.answered()).findFirst();
  }

  private void image(List<Path> plots, String name, String alt) {
    if (plots.stream().anyMatch(p -> p.getFileName().toString().equals(name))) {
      line("![" + alt + "](" + name + ")");
      line("");
    }
  }

  /** The "C proven" cell: yes, or how many runs failed or differ. */
  private static String proven(Row r) {
    if (r.allEqual()) {
      return "yes";
    }
    return r.failed() > 0 ? "**NO: " + r.failed() + " of " + r.runs() + " failed**" : "**NO**";
  }

  /** A number for a table cell; "-" where there is none (every run of the group failed). */
  private static String fmt(String format, Object value) {
    if (value == null || value instanceof Double d && d.isNaN()) {
      return "-";
    }
    return String.format(Locale.ROOT, format, value);
  }

  private void line(String text) {
    md.append(text).append('\n');
  }
}
