package outerproduct.compare.report;

import outerproduct.compare.report.Summary.Row;

/**
 * Ratios between two groups of one run with their intervals ({@link Uncertainty}), paired on the
 * repeats or requests both groups ran: the one way the headlines and verdicts compare engines.
 */
final class Comparisons {
  private final Summary summary;
  private final Uncertainty uncertainty;

  Comparisons(Summary summary) {
    this.summary = summary;
    this.uncertainty = Uncertainty.standard();
  }

  /** How many times {@code a}'s whole-table rate is {@code b}'s. */
  Interval rate(Row a, Row b) {
    return uncertainty.ratioOfMedians(
        summary.samples(a, Summary::rate), summary.samples(b, Summary::rate));
  }

  /**
   * How many times {@code a}'s time is {@code b}'s: latency from the call, creating C included
   * (queued, cued: the p50's ratio; whole tables: what auto, which creates its own C, is judged
   * on).
   */
  Interval time(Row a, Row b) {
    return uncertainty.ratioOfMedians(
        summary.samples(a, Summary::latency), summary.samples(b, Summary::latency));
  }

  /** One group's median whole-table rate over its repeats, in partial products per second. */
  Interval rate(Row r) {
    return uncertainty.percentile(summary.samples(r, Summary::rate).values().stream().toList(), 50);
  }

  /** A latency percentile (50, 95) of one group's requests. */
  Interval latency(Row r, double percentile) {
    return uncertainty.percentile(
        summary.samples(r, Summary::latency).values().stream().toList(), percentile);
  }
}
