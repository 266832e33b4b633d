package outerproduct.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import outerproduct.compare.engine.Engine;
import outerproduct.multiply.Calibration;
import outerproduct.multiply.ExecutionPath;
import outerproduct.multiply.Shape;

/**
 * Fits each execution path's cost line ({@link Calibration.Cost}) to the runs of a comparison: for
 * every path the run measured under its own name, and whole tables and row subsets apart, the
 * request time (from the call, creating C included, to C readable) against the partial products,
 * over the runs made one at a time whose C was proven.
 *
 * <p>The fit minimises the relative error, Σ ((t − fixed − pp / rate) / t)², so that a 0.2 s
 * request counts as much as a 100 s one: the choice between engines turns on small requests (fixed
 * costs) as much as on large ones (rates). Runs of the same size (a whole table's repeats) count
 * once, by their median time: one slow or cold repeat moves a near tie between two paths as much as
 * the gap between them (at SCALE 10 one run each put iterator and iterator-bulk 1.07× apart where
 * ten repeats found 1.35×). A negative fixed cost is refitted as 0. A line needs runs of at least
 * two sizes; a path whose times do not grow with its products gets no line.
 *
 * <p>The engines that answer the caller under a path's name ({@link Engine#answersCaller()}: {@code
 * client-answer}, {@code iterator-answer}) get that path's answer lines the same way, from the call
 * to the answer in hand ({@link Calibration.Cost#answers()}).
 */
public final class CalibrationFit {
  private CalibrationFit() {}

  /** The lines the records support; empty if none. */
  public static Optional<Calibration> of(Summary summary, String command) {
    List<Calibration.Cost> costs = new ArrayList<>();
    for (ExecutionPath path : ExecutionPath.runnable()) {
      for (Shape shape : Shape.values()) {
        line(summary.records(), path.label(), path, shape, false).ifPresent(costs::add);
      }
    }
    for (Engine answering : answeringEngines()) {
      ExecutionPath path = answering.path().orElseThrow();
      for (Shape shape : Shape.values()) {
        line(summary.records(), answering.label(), path, shape, true).ifPresent(costs::add);
      }
    }
    if (costs.isEmpty()) {
      return Optional.empty();
    }
    JsonNode first = summary.records().get(0);
    JsonNode host = first.path("host");
    String cluster =
        first.path("cluster").asText("unknown")
            + ", "
            + first.path("tservers").asText("?")
            + " tablet servers; "
            + host.path("cores").asText("?")
            + " cores, "
            + host.path("memory_gb").asText("?")
            + " GB";
    return Optional.of(
        new Calibration(
            "fitted",
            cluster,
            measuredOn(first),
            first.path("git_commit").asText("unknown"),
            command,
            costs));
  }

  /**
   * The day the first run started (UTC), so that rendering a report again reproduces its
   * calibration; today for records older than the {@code started_at} field.
   */
  static String measuredOn(JsonNode firstRun) {
    String started = firstRun.path("started_at").asText("");
    return started.length() >= 10 ? started.substring(0, 10) : LocalDate.now().toString();
  }

  /** The engines answering the caller under one execution path's name (not auto's choice). */
  public static List<Engine> answeringEngines() {
    return Arrays.stream(Engine.values())
        .filter(Engine::answersCaller)
        .filter(e -> e.path().filter(p -> p != ExecutionPath.AUTO).isPresent())
        .toList();
  }

  private static Optional<Calibration.Cost> line(
      List<JsonNode> records, String engine, ExecutionPath path, Shape shape, boolean answers) {
    List<double[]> points = new ArrayList<>();
    for (JsonNode r : records) {
      boolean whole = r.path("workload").asText().equals("whole");
      if (r.path("engine").asText().equals(engine)
          && whole == (shape == Shape.WHOLE)
          && r.path("concurrency").asInt(1) == 1
          && r.path("equal").asBoolean(false)
          && r.path("t_request_s").isNumber()) {
        points.add(
            new double[] {r.path("partial_products").asDouble(), r.path("t_request_s").asDouble()});
      }
    }
    List<double[]> sizes = mediansBySize(points);
    if (sizes.size() < 2) {
      return Optional.empty();
    }
    double[] fit = relativeLeastSquares(sizes);
    if (!(fit[1] > 0)) {
      return Optional.empty();
    }
    return Optional.of(
        new Calibration.Cost(
            path,
            shape,
            fit[0],
            1 / fit[1],
            points.size(),
            (long) points.stream().mapToDouble(p -> p[0]).min().orElse(0),
            (long) points.stream().mapToDouble(p -> p[0]).max().orElse(0),
            answers));
  }

  /** One point per distinct product count: the median of its times. */
  static List<double[]> mediansBySize(List<double[]> points) {
    Map<Double, List<Double>> timesBySize = new TreeMap<>();
    for (double[] p : points) {
      timesBySize.computeIfAbsent(p[0], size -> new ArrayList<>()).add(p[1]);
    }
    List<double[]> medians = new ArrayList<>();
    timesBySize.forEach((size, times) -> medians.add(new double[] {size, Medians.of(times)}));
    return medians;
  }

  /**
   * {fixed, seconds per product} minimising Σ (1 − fixed/t − perProduct·pp/t)², fixed ≥ 0: the
   * normal equations of the two-column least squares on u = 1/t, v = pp/t.
   */
  static double[] relativeLeastSquares(List<double[]> points) {
    double uu = 0;
    double uv = 0;
    double vv = 0;
    double u1 = 0;
    double v1 = 0;
    for (double[] p : points) {
      double u = 1 / p[1];
      double v = p[0] / p[1];
      uu += u * u;
      uv += u * v;
      vv += v * v;
      u1 += u;
      v1 += v;
    }
    double det = uu * vv - uv * uv;
    double fixed = (u1 * vv - v1 * uv) / det;
    double perProduct = (uu * v1 - uv * u1) / det;
    if (!(fixed >= 0) || det == 0) {
      return new double[] {0, v1 / vv};
    }
    return new double[] {fixed, perProduct};
  }
}
