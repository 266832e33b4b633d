package outerproduct.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.DecompositionSolver;
import org.apache.commons.math3.linear.LUDecomposition;
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
 * <p>A row subset's line also has a cost per shared row asked for ({@link
 * Calibration.Cost#secondsPerRow()}), fitted where the records carry the rows their estimate found
 * ({@code estimate_rows}); whole tables' lines have none. Its points must vary the rows apart from
 * the products for it to be told from the rate: queued subsets (thousands of products per row) and
 * cued ones (a few per row) together do.
 *
 * <p>The fit minimises the relative error, Σ ((t − fixed − pp / rate − rows × perRow) / t)², so
 * that a 0.2 s request counts as much as a 100 s one: the choice between engines turns on small
 * requests (fixed costs) as much as on large ones (rates). Runs of the same size (a whole table's
 * repeats) count once, by their median time: one slow or cold repeat moves a near tie between two
 * paths as much as the gap between them (at SCALE 10 one run each put iterator and iterator-bulk
 * 1.07× apart where ten repeats found 1.35×). A negative fixed cost or row cost is refitted as 0. A
 * line needs runs of at least two sizes; a path whose times do not grow with its products gets no
 * line.
 *
 * <p>The engines that answer the caller under a path's name ({@link Engine#answersCaller()}: {@code
 * client-answer}, {@code iterator-answer}) get that path's answer lines the same way, from the call
 * to the last cell in hand ({@link Calibration.Cost#answers()}).
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
    boolean rowsKnown = shape == Shape.SUBSET;
    for (JsonNode r : records) {
      boolean whole = r.path("workload").asText().equals("whole");
      if (r.path("engine").asText().equals(engine)
          && whole == (shape == Shape.WHOLE)
          && r.path("concurrency").asInt(1) == 1
          && r.path("equal").asBoolean(false)
          && r.path("t_request_s").isNumber()) {
        rowsKnown &= r.path("estimate_rows").isNumber();
        points.add(
            new double[] {
              r.path("partial_products").asDouble(),
              r.path("estimate_rows").asDouble(0),
              r.path("t_request_s").asDouble()
            });
      }
    }
    List<double[]> sizes = mediansBySize(points);
    if (sizes.size() < 2) {
      return Optional.empty();
    }
    double[] fit = relativeLeastSquares(sizes, rowsKnown);
    if (!(fit[1] > 0)) {
      return Optional.empty();
    }
    return Optional.of(
        new Calibration.Cost(
            path,
            shape,
            fit[0],
            1 / fit[1],
            fit[2],
            points.size(),
            (long) points.stream().mapToDouble(p -> p[0]).min().orElse(0),
            (long) points.stream().mapToDouble(p -> p[0]).max().orElse(0),
            answers));
  }

  /** One point {products, rows, seconds} per distinct size: the median of its times. */
  static List<double[]> mediansBySize(List<double[]> points) {
    Map<List<Double>, List<Double>> timesBySize =
        new TreeMap<>(
            Comparator.<List<Double>, Double>comparing(size -> size.get(0))
                .thenComparing(size -> size.get(1)));
    for (double[] p : points) {
      timesBySize.computeIfAbsent(List.of(p[0], p[1]), size -> new ArrayList<>()).add(p[2]);
    }
    List<double[]> medians = new ArrayList<>();
    timesBySize.forEach(
        (size, times) -> medians.add(new double[] {size.get(0), size.get(1), Medians.of(times)}));
    return medians;
  }

  /**
   * {fixed, seconds per product, seconds per row} minimising Σ (1 − fixed/t − perProduct·pp/t −
   * perRow·rows/t)² over points {pp, rows, t}, with fixed ≥ 0 and perRow ≥ 0 (perRow 0 unless
   * {@code withRows}): the least squares on the columns u = 1/t, v = pp/t, w = rows/t, solved by
   * its normal equations for each choice of which of fixed and perRow are held at 0, keeping the
   * feasible solution of least residual (the unconstrained one where it is feasible).
   */
  static double[] relativeLeastSquares(List<double[]> points, boolean withRows) {
    double[] best = null;
    double bestResidual = Double.POSITIVE_INFINITY;
    for (boolean fixedFree : new boolean[] {true, false}) {
      for (boolean rowsFree : withRows ? new boolean[] {true, false} : new boolean[] {false}) {
        double[] fit = solve(points, fixedFree, rowsFree);
        if (fit == null || !(fit[0] >= 0) || !(fit[2] >= 0)) {
          continue;
        }
        double residual = residual(points, fit);
        if (residual < bestResidual) {
          best = fit;
          bestResidual = residual;
        }
      }
    }
    return best == null ? new double[] {0, 0, 0} : best;
  }

  /** The least squares with only the free coefficients (per product always free); null if none. */
  private static double[] solve(List<double[]> points, boolean fixedFree, boolean rowsFree) {
    List<Integer> free = new ArrayList<>();
    if (fixedFree) {
      free.add(0);
    }
    free.add(1);
    if (rowsFree) {
      free.add(2);
    }
    int n = free.size();
    double[][] normal = new double[n][n];
    double[] right = new double[n];
    for (double[] p : points) {
      double[] column = {1 / p[2], p[0] / p[2], p[1] / p[2]};
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          normal[i][j] += column[free.get(i)] * column[free.get(j)];
        }
        right[i] += column[free.get(i)];
      }
    }
    DecompositionSolver solver = new LUDecomposition(new Array2DRowRealMatrix(normal)).getSolver();
    if (!solver.isNonSingular()) {
      return null;
    }
    double[] solved = solver.solve(new ArrayRealVector(right)).toArray();
    double[] fit = new double[3];
    for (int i = 0; i < n; i++) {
      fit[free.get(i)] = solved[i];
    }
    return fit;
  }

  private static double residual(List<double[]> points, double[] fit) {
    double sum = 0;
    for (double[] p : points) {
      double error = 1 - (fit[0] + fit[1] * p[0] + fit[2] * p[1]) / p[2];
      sum += error * error;
    }
    return sum;
  }
}
