package outerproduct.compare.report;

import static outerproduct.compare.report.Cells.fmt;
import static outerproduct.compare.report.Cells.megabytes;
import static outerproduct.compare.report.Cells.proven;
import static outerproduct.compare.report.Cells.row;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.report.Summary.Row;

/**
 * {@code report.md}: what a user reads to choose an engine. The exact command and settings, whether
 * every C was proven, the whole-table and queued tables side by side, and the {@link Verdicts} on
 * each workload.
 */
public final class ReportMarkdown {
  /** The run settings the report lists, in this order. */
  private static final List<String> SETTINGS =
      List.of(
          "cluster",
          "input",
          "semiring",
          "tservers",
          "tserver_memory_mb",
          "tserver_in_memory_maps",
          "tablets_AT",
          "tablets_B",
          "tablets_C",
          "load",
          "cued_block_size",
          "warmup",
          "prepared_c",
          "presum",
          "c_durability",
          "mr_reducers",
          "mr_presum",
          "mr_uber",
          "mr_conf",
          "calibration",
          "yarn_memory_mb",
          "git_commit");

  private final Summary summary;
  private final Verdicts verdicts;
  private final StringBuilder md = new StringBuilder();

  private ReportMarkdown(Summary summary) {
    this.summary = summary;
    this.verdicts = new Verdicts(summary, new Judgements());
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
    line("# outerproduct: iterator engine vs MapReduce vs client-side baseline");
    line("");
    if (summary.records().isEmpty()) {
      line("No run finished.");
      return md.toString();
    }
    JsonNode first = summary.records().get(0);
    line("Command: `" + first.path("command").asText() + "`");
    line("");
    Headlines.of(summary).forEach(headline -> line("- " + headline));
    line("");
    settings(first);
    correctness();
    whole(plots);
    for (String workload : summary.latencyWorkloads()) {
      latency(workload);
    }
    auto();
    image(plots, Plots.LATENCY_CDF, "latency CDF");
    image(plots, Plots.THROUGHPUT, "throughput against concurrency");
    line("## Files");
    line("");
    line(
        "`runs.jsonl` holds one record per multiply (whole-table run or request; the"
            + " project's docs/format.md names its fields); `summary.csv` holds the rows of the"
            + " tables above (medians over repeats; latency percentiles over requests). Rates"
            + " divide partial products by `t_total_s`, from the engine's start (C already"
            + " created) to C readable; latencies are `t_request_s`, from the call, creating C"
            + " included, to C readable. The tablet-server heap peak is the largest server's heap"
            + " in use right after a garbage collection during the run (queued: the batch), read"
            + " over JMX from the embedded cluster's servers (in-memory maps are off the heap when"
            + " native maps are on). The MapReduce task peak is the largest resident set of any"
            + " map or reduce attempt (Hadoop's `*_PHYSICAL_MEMORY_BYTES_MAX` counters; in uber"
            + " mode, the ApplicationMaster's JVM, which runs every task).");
    return md.toString();
  }

  private void settings(JsonNode first) {
    line("| setting | value |");
    line("|---|---|");
    SETTINGS.forEach(field -> line(row(field, first.path(field).asText())));
    JsonNode host = first.path("host");
    String cpu = host.has("cpu") ? ", " + host.path("cpu").asText() : "";
    line(
        row(
            "host",
            host.path("cores").asText()
                + " cores, "
                + host.path("memory_gb").asText()
                + " GB"
                + cpu));
    line("");
    JsonNode site = first.path("accumulo_settings");
    if (site.size() > 0) {
      line(
          "Accumulo settings that differ from Accumulo's defaults (sensitive ones left out; paths"
              + " from the repository):");
      line("");
      line("| property | value |");
      line("|---|---|");
      site.fields()
          .forEachRemaining(
              e -> line(row("`" + e.getKey() + "`", "`" + e.getValue().asText() + "`")));
      line("");
    }
  }

  private void correctness() {
    long total = summary.records().size();
    List<JsonNode> unequal =
        summary.records().stream().filter(r -> !r.path("equal").asBoolean(false)).toList();
    line("## Correctness");
    line("");
    if (unequal.isEmpty()) {
      long oracle =
          summary.records().stream()
              .filter(r -> r.path("checked_against").asText().equals("the oracle"))
              .count();
      line(
          "All "
              + total
              + " multiplies produced a C whose checksum (docs/format.md) equals its reference: "
              + oracle
              + " the oracle's, "
              + (total - oracle)
              + " the first engine's of their SCALE (where the oracle was not computed).");
    } else {
      long failed = summary.records().stream().filter(Summary::failed).count();
      line(
          "**"
              + unequal.size()
              + " of "
              + total
              + " multiplies did not produce a C equal to its reference ("
              + failed
              + " of them failed):**");
      line("");
      unequal.forEach(r -> line("- " + unequalRun(r)));
    }
    line("");
  }

  private static String unequalRun(JsonNode r) {
    String which =
        "SCALE "
            + r.path("scale").asText()
            + " "
            + r.path("workload").asText()
            + " "
            + r.path("engine").asText()
            + (r.has("rows_requested")
                ? " "
                    + r.path("rows_requested").asText()
                    + " rows at concurrency "
                    + r.path("concurrency").asText()
                : "");
    return Summary.failed(r)
        ? which + ": failed: " + r.path("error").asText()
        : which
            + ": C "
            + r.path("checksum_C").asText()
            + " vs "
            + r.path("checked_against").asText()
            + " "
            + r.path("checksum_expected").asText();
  }

  private void whole(List<Path> plots) {
    if (summary.wholeScales().isEmpty()) {
      return;
    }
    line("## Whole table");
    line("");
    line(
        "| SCALE | engine | runs | partial products | median s | median pp/s | rate / iterator's |"
            + " rate / kernel's | tserver heap peak MB | MR task RSS peak MB | disk peak MB |"
            + " C proven |");
    line("|---|---|---|---|---|---|---|---|---|---|---|---|");
    summary.rows().stream().filter(Row::whole).forEach(r -> line(wholeRow(r)));
    line("");
    line(
        "Rate / kernel's: the engine's rate over the kernel's alone on the same inputs (the outer"
            + " product in one thread of the harness's JVM, inputs in memory, every product formed"
            + " and encoded, nothing written): how much of one core's algorithmic limit the"
            + " engine's reading, moving and writing leave."
            + (summary.rows().stream().anyMatch(r -> r.bulkCeilingPpPerS() != null)
                ? " iterator-bulk's verdict below also says what share of it bulk output's own"
                    + " stages alone allow: every product through the kernel's sorted window and"
                    + " every cell of C once through Accumulo's RFile writer, on all the machine's"
                    + " cores with nothing else to do (docs/format.md, window_pp_per_s)."
                : ""));
    work();
    line("");
    line("**Verdict (throughput)**:");
    line("");
    verdicts.throughput().forEach(verdict -> line("- " + verdict));
    line("");
    image(plots, Plots.RATE_VS_SCALE, "rate against SCALE");
  }

  private String wholeRow(Row r) {
    String ratio =
        summary
            .whole(r.scale(), Engine.ITERATOR.label())
            .map(it -> fmt("%.2f", r.ratePpPerSMedian() / it.ratePpPerSMedian()))
            .orElse("-");
    return row(
        r.scale(),
        r.engine(),
        r.runs(),
        fmt("%,.0f", r.partialProductsMedian()),
        fmt("%.2f", r.secondsMedian()),
        fmt("%.3g", r.ratePpPerSMedian()),
        ratio,
        r.kernelPpPerS() == null ? "-" : fmt("%.3f", r.ratePpPerSMedian() / r.kernelPpPerS()),
        megabytes(r.tserverHeapPeakMb()),
        megabytes(r.taskRssPeakMb()),
        megabytes(r.diskPeakMb()),
        proven(r));
  }

  /** Each engine's processor time and bytes per partial product ({@link WorkTable}). */
  private void work() {
    List<String> work = WorkTable.lines(summary.records());
    if (!work.isEmpty()) {
      line("");
      line("Per partial product (medians over each group's runs; docs/format.md says how each is");
      line("measured):");
      line("");
      work.forEach(this::line);
    }
    List<String> projection = CostModel.lines(summary.records());
    if (!projection.isEmpty()) {
      line("");
      line("Projected to clusters (partial products per second and what binds each node; the");
      line("model and its assumptions: docs/cost-model.md):");
      line("");
      projection.forEach(this::line);
    }
  }

  private void latency(String workload) {
    List<Row> queued = summary.rows().stream().filter(r -> r.workload().equals(workload)).toList();
    line(
        switch (workload) {
          case "cued" -> "## Cued (rows of B, asked through a selection matrix)";
          case "two-hop" -> "## Two-hop (2-hop neighbourhoods; rows: the vertices asked)";
          case "under-batch" -> "## Under batch (the cued requests while whole tables multiply)";
          default -> "## Queued (row subsets)";
        });
    line("");
    line(
        "| SCALE | rows | engine | in flight | requests | median partial products | p50 s | p95 s |"
            + " max s | requests/s | tserver heap peak MB | MR task RSS peak MB | C proven |");
    line("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (Row r : queued) {
      line(
          row(
              r.scale(),
              r.rowsRequested(),
              r.engine(),
              r.concurrency(),
              r.runs(),
              fmt("%,.0f", r.partialProductsMedian()),
              fmt("%.2f", r.latencyP50S()),
              fmt("%.2f", r.latencyP95S()),
              fmt("%.2f", r.latencyMaxS()),
              fmt("%.3g", r.requestsPerS()),
              megabytes(r.tserverHeapPeakMb()),
              megabytes(r.taskRssPeakMb()),
              proven(r)));
    }
    line("");
    line("**Verdict (latency, one request at a time)**:");
    line("");
    verdicts.latency(workload).forEach(verdict -> line("- " + verdict));
    line("");
  }

  /** Engine auto's choices against the engines it chose between; nothing if it did not run. */
  private void auto() {
    AutoVerdicts auto = new AutoVerdicts(summary, new Judgements());
    if (!auto.any()) {
      return;
    }
    line("## Engine auto");
    line("");
    line(
        "`auto` is `Multiply.run()`: it counts each request's partial products, leaves out the"
            + " paths this caller cannot run, predicts every other path's time from the"
            + " calibration (setting `calibration`), runs the soonest and pays for deciding. Its"
            + " records hold the choice, every prediction and exclusion, and why"
            + " (`engine_info.auto_*`); each line sets its time beside the fastest path run"
            + " under its own name in this run.");
    line("");
    auto.lines().forEach(verdict -> line("- " + verdict));
    line("");
  }

  private void image(List<Path> plots, String name, String alt) {
    if (plots.stream().anyMatch(p -> p.getFileName().toString().equals(name))) {
      line("![" + alt + "](" + name + ")");
      line("");
    }
  }

  private void line(String text) {
    md.append(text).append('\n');
  }
}
