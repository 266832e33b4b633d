package outerproduct.compare.report;

import java.util.Locale;

/**
 * A figure of a run with its uncertainty: the value measured and the interval the run cannot tell
 * it apart from ({@link Uncertainty} says how each is formed).
 *
 * @param value the figure over every run or request
 * @param low the interval's lower end
 * @param high the interval's upper end
 * @param samples how many runs or requests (pairs, for a ratio) it rests on
 * @param bootstrapped true for a bootstrap interval; false when too few samples for one, and the
 *     interval is the machine's stated run-to-run spread around the value
 */
public record Interval(double value, double low, double high, int samples, boolean bootstrapped) {

  /** Whether the run tells this ratio apart from 1: the whole interval above or below it. */
  public boolean excludesOne() {
    return low > 1 || high < 1;
  }

  /** "2.4× [1.9–3.1]": the value and its interval, with 2 or 3 significant digits. */
  public String ratio() {
    return number(value) + "× [" + number(low) + "–" + number(high) + "]";
  }

  /** "0.42 s [0.38–0.47]". */
  public String seconds() {
    return number(value) + " s [" + number(low) + "–" + number(high) + "]";
  }

  /** The value and interval in any unit: "3.2 [2.9–3.5]". */
  public String plain() {
    return number(value) + " [" + number(low) + "–" + number(high) + "]";
  }

  private static String number(double x) {
    if (Double.isNaN(x) || Double.isInfinite(x)) {
      return "-";
    }
    double magnitude = Math.abs(x);
    String format = magnitude >= 100 ? "%.0f" : magnitude >= 10 ? "%.1f" : "%.2f";
    return String.format(Locale.ROOT, format, x);
  }
}
