package outerproduct.compare.report;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * How a report gives a figure its uncertainty, with the settings of {@code goals.json}.
 *
 * <p>With at least {@code min_pairs} samples: a percentile bootstrap ({@code resamples} draws with
 * a fixed seed, so a report renders the same every time) over the units the runs share. For a ratio
 * between two engines the units are paired: the same repeat (whole tables, where engines take turns
 * within a repeat, so a slow minute hits both) or the same request (queued and cued: the same rows
 * for every engine, so a large request is large for both). Each draw resamples the units with
 * replacement and takes the ratio of the two engines' medians over them.
 *
 * <p>With fewer samples there is nothing to resample, and the interval is the machine's stated
 * run-to-run spread {@code s} instead: a single time is taken to lie within ×(1 ± s) of its typical
 * value, so a figure {@code v} spans [v(1−s), v(1+s)] and a ratio {@code r} of two such runs spans
 * [r(1−s)/(1+s), r(1+s)/(1−s)].
 */
public final class Uncertainty {
  private final Goals.Intervals settings;

  public Uncertainty(Goals.Intervals settings) {
    this.settings = settings;
  }

  /** The project's settings. */
  public static Uncertainty standard() {
    return new Uncertainty(Goals.intervals());
  }

  /**
   * {@code median(a) / median(b)} over the units (repeat or request index) both have; NaN bounds
   * when they share none.
   */
  public Interval ratioOfMedians(Map<Integer, Double> a, Map<Integer, Double> b) {
    return ratioOf(a, b, Medians::ofSortingInPlace);
  }

  /**
   * {@code percentile p of a / percentile p of b} over the units both have, resampled in pairs as
   * {@link #ratioOfMedians}: e.g. a p99 latency under load against the same requests' idle p99.
   */
  public Interval ratioOfPercentiles(Map<Integer, Double> a, Map<Integer, Double> b, double p) {
    Percentile estimator = new Percentile();
    return ratioOf(a, b, x -> estimator.evaluate(x, p));
  }

  private Interval ratioOf(
      Map<Integer, Double> a, Map<Integer, Double> b, ToDoubleFunction<double[]> statistic) {
    TreeSet<Integer> shared = new TreeSet<>(a.keySet());
    shared.retainAll(b.keySet());
    double[] x = new double[shared.size()];
    double[] y = new double[shared.size()];
    int i = 0;
    for (int unit : shared) {
      x[i] = a.get(unit);
      y[i++] = b.get(unit);
    }
    if (x.length == 0) {
      return new Interval(Double.NaN, Double.NaN, Double.NaN, 0, false);
    }
    double ratio = statistic.applyAsDouble(x.clone()) / statistic.applyAsDouble(y.clone());
    if (x.length < settings.minPairs()) {
      double s = settings.singleRunSpread();
      return new Interval(
          ratio, ratio * (1 - s) / (1 + s), ratio * (1 + s) / (1 - s), x.length, false);
    }
    Random random = new Random(settings.seed());
    double[] draws = new double[settings.resamples()];
    RankedDraws xDraws = new RankedDraws(x);
    RankedDraws yDraws = new RankedDraws(y);
    double[] xs = new double[x.length];
    double[] ys = new double[y.length];
    for (int d = 0; d < draws.length; d++) {
      for (int k = 0; k < x.length; k++) {
        int pick = random.nextInt(x.length);
        xDraws.pick(pick);
        yDraws.pick(pick);
      }
      xDraws.drainInto(xs);
      yDraws.drainInto(ys);
      draws[d] = statistic.applyAsDouble(xs) / statistic.applyAsDouble(ys);
    }
    return bounds(ratio, draws, x.length);
  }

  /**
   * Whether one run each already puts a ratio of times far beyond a tie: more than the square of
   * the spread band {@code (1+s)/(1−s)}, so that even the band's two extremes, one for each engine,
   * cannot bring it back to 1. Used to spend a run's time on the gaps that are still open.
   */
  public boolean farBehind(double ratio) {
    double s = settings.singleRunSpread();
    double band = (1 + s) / (1 - s);
    return ratio > band * band;
  }

  /** A percentile (0–100] of the values, e.g. a p50 or p95 latency; NaN bounds when none. */
  public Interval percentile(List<Double> values, double p) {
    double[] x = values.stream().mapToDouble(Double::doubleValue).toArray();
    if (x.length == 0) {
      return new Interval(Double.NaN, Double.NaN, Double.NaN, 0, false);
    }
    double value = new Percentile().evaluate(x, p);
    if (x.length < settings.minPairs()) {
      double s = settings.singleRunSpread();
      return new Interval(value, value * (1 - s), value * (1 + s), x.length, false);
    }
    Random random = new Random(settings.seed());
    double[] draws = new double[settings.resamples()];
    RankedDraws xDraws = new RankedDraws(x);
    double[] xs = new double[x.length];
    Percentile estimator = new Percentile();
    for (int d = 0; d < draws.length; d++) {
      for (int k = 0; k < x.length; k++) {
        xDraws.pick(random.nextInt(x.length));
      }
      xDraws.drainInto(xs);
      draws[d] = estimator.evaluate(xs, p);
    }
    return bounds(value, draws, x.length);
  }

  private Interval bounds(double value, double[] draws, int samples) {
    Arrays.sort(draws);
    double tail = (1 - settings.confidence()) / 2;
    Percentile sorted = new Percentile().withEstimationType(Percentile.EstimationType.R_1);
    sorted.setData(draws);
    return new Interval(
        value, sorted.evaluate(100 * tail), sorted.evaluate(100 * (1 - tail)), samples, true);
  }
}
