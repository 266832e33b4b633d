package outerproduct.compare.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.report.Summary.Row;

/**
 * The report's PNG plots, drawn with XChart: rate against SCALE for the whole-table workload (with
 * the ingest ceiling and the crossover marked), and for the queued workload the latency CDF and
 * throughput against concurrency. A plot whose workload did not run is not drawn.
 */
public final class Plots {
  public static final String RATE_VS_SCALE = "rate-vs-scale.png";
  public static final String LATENCY_CDF = "queued-latency-cdf.png";
  public static final String THROUGHPUT = "queued-throughput.png";

  private static final int WIDTH = 900;
  private static final int HEIGHT = 560;

  private Plots() {}

  /** Draws what the summary holds data for into {@code dir}; returns the files written. */
  public static List<Path> write(Summary summary, Path dir) {
    System.setProperty("java.awt.headless", "true");
    List<Path> written = new ArrayList<>();
    if (!summary.wholeScales().isEmpty()) {
      written.add(save(rateVsScale(summary), dir.resolve(RATE_VS_SCALE)));
    }
    if (summary.rows().stream().anyMatch(r -> !r.whole())) {
      written.add(save(latencyCdf(summary), dir.resolve(LATENCY_CDF)));
      written.add(save(throughput(summary), dir.resolve(THROUGHPUT)));
    }
    return written;
  }

  static XYChart rateVsScale(Summary summary) {
    List<Integer> scales = summary.wholeScales();
    Optional<Integer> crossover = summary.crossover();
    String verdict =
        crossover
            .map(s -> "MapReduce overtakes at SCALE " + s)
            .orElse("no crossover up to SCALE " + scales.get(scales.size() - 1));
    // SCALE is log2 of the vertex count, so a linear SCALE axis against a log rate is log-log.
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title("Whole table: partial products per second (" + verdict + ")")
            .xAxisTitle("SCALE (log2 of vertices)")
            .yAxisTitle("partial products / s (log)")
            .build();
    XYStyler styler = chart.getStyler();
    styler.setYAxisLogarithmic(true);
    styler.setXAxisDecimalPattern("0");
    styler.setXAxisMin(scales.get(0) - 0.5);
    styler.setXAxisMax(scales.get(scales.size() - 1) + 0.5);
    for (String engine : engines(summary, true)) {
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (int scale : scales) {
        summary
            .whole(scale, engine)
            .filter(Row::answered)
            .ifPresent(
                r -> {
                  x.add((double) scale);
                  y.add(r.ratePpPerSMedian());
                });
      }
      if (x.isEmpty()) {
        continue;
      }
      XYSeries series = chart.addSeries(engine, x, y);
      series.setMarker(SeriesMarkers.CIRCLE);
      if (engine.equals(Engine.INGEST_CEILING.label())) {
        series.setLineStyle(SeriesLines.DASH_DASH);
      }
    }
    crossover.ifPresent(scale -> chart.addAnnotation(new AnnotationLine(scale, true, false)));
    return chart;
  }

  static XYChart latencyCdf(Summary summary) {
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title("Queued and cued: latency to C readable, one request at a time")
            .xAxisTitle("latency s (log)")
            .yAxisTitle("fraction of requests")
            .build();
    XYStyler styler = chart.getStyler();
    styler.setXAxisLogarithmic(true);
    styler.setYAxisMin(0.0);
    styler.setYAxisMax(1.0);
    styler.setYAxisDecimalPattern("0.00");
    for (Row row : summary.rows()) {
      if (row.whole() || row.concurrency() != lowestConcurrency(summary)) {
        continue;
      }
      double[] latencies =
          summary.latencies(
              row.workload(), row.scale(), row.engine(), row.rowsRequested(), row.concurrency());
      if (latencies.length == 0) {
        continue;
      }
      double[] fraction = new double[latencies.length];
      for (int i = 0; i < latencies.length; i++) {
        fraction[i] = (i + 1) / (double) latencies.length;
      }
      chart.addSeries(seriesName(summary, row), latencies, fraction).setMarker(SeriesMarkers.NONE);
    }
    return chart;
  }

  static XYChart throughput(Summary summary) {
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title("Queued and cued: requests per second against requests in flight")
            .xAxisTitle("concurrent requests")
            .yAxisTitle("requests / s (log)")
            .build();
    chart.getStyler().setYAxisLogarithmic(true);
    Map<String, List<Row>> series = new TreeMap<>();
    summary.rows().stream()
        .filter(r -> !r.whole() && r.answered())
        .forEach(
            r -> series.computeIfAbsent(seriesName(summary, r), k -> new ArrayList<>()).add(r));
    series.forEach(
        (name, rows) ->
            chart
                .addSeries(
                    name,
                    rows.stream().map(r -> (double) r.concurrency()).toList(),
                    rows.stream().map(Row::requestsPerS).toList())
                .setMarker(SeriesMarkers.CIRCLE));
    return chart;
  }

  /** A queued or cued series' legend. */
  private static String seriesName(Summary summary, Row r) {
    return summary.label(r.workload(), r.scale()) + r.engine() + ", " + r.rowsRequested() + " rows";
  }

  private static int lowestConcurrency(Summary summary) {
    return summary.rows().stream()
        .filter(r -> !r.whole())
        .mapToInt(Row::concurrency)
        .min()
        .orElse(1);
  }

  private static List<String> engines(Summary summary, boolean whole) {
    return summary.rows().stream()
        .filter(r -> r.whole() == whole)
        .map(Row::engine)
        .distinct()
        .toList();
  }

  private static Path save(XYChart chart, Path file) {
    try {
      BitmapEncoder.saveBitmap(chart, file.toString(), BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
    return file;
  }
}
