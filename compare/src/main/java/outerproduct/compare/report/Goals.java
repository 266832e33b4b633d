package outerproduct.compare.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The project's performance goals and how a run's figures are given their uncertainty, read from
 * the one data file {@code goals.json} beside this class: the report code judges them and
 * docs/performance.md renders them, so neither holds a copy.
 */
public final class Goals {
  private static final String RESOURCE = "goals.json";

  /** How intervals are formed ({@link Uncertainty}). */
  public record Intervals(
      double confidence, int resamples, long seed, int minPairs, double singleRunSpread) {}

  /** One goal: what it says, and its bound on a figure (a ratio, seconds or requests/s). */
  public record Goal(
      String id,
      String says,
      Double atLeast,
      Double atMost,
      Integer scale,
      Integer minScale,
      Integer rows,
      Integer concurrency) {

    /**
     * Met when the whole interval is on the goal's side of the bound, not met when the whole
     * interval is on the other side, and otherwise undecided by this run.
     */
    public Judgement judge(Interval figure) {
      if (atLeast != null) {
        return figure.low() >= atLeast
            ? Judgement.MET
            : figure.high() < atLeast ? Judgement.NOT_MET : Judgement.WITHIN_NOISE;
      }
      return figure.high() <= atMost
          ? Judgement.MET
          : figure.low() > atMost ? Judgement.NOT_MET : Judgement.WITHIN_NOISE;
    }

    /** "≥ 2.0" or "≤ 4.0 s"-style bound, as the verdicts print it. */
    public String bound(String unit) {
      return (atLeast != null ? "≥ " + atLeast : "≤ " + atMost) + unit;
    }

    /** The bound's value, whichever side it is on. */
    public double value() {
      return atLeast != null ? atLeast : atMost;
    }
  }

  /** What a run says about a goal. */
  public enum Judgement {
    MET("met"),
    NOT_MET("not met"),
    WITHIN_NOISE("not decided: the interval spans the goal");

    private final String text;

    Judgement(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  private record File(Intervals intervals, List<Goal> goals) {}

  private static final File FILE = read();

  private Goals() {}

  public static Intervals intervals() {
    return FILE.intervals();
  }

  public static List<Goal> all() {
    return FILE.goals();
  }

  /**
   * @throws NoSuchElementException naming the id when goals.json has no such goal
   */
  public static Goal get(String id) {
    return FILE.goals().stream()
        .filter(g -> g.id().equals(id))
        .findFirst()
        .orElseThrow(() -> new NoSuchElementException("goals.json has no goal '" + id + "'"));
  }

  private static File read() {
    ObjectMapper json =
        new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    try (InputStream in = Goals.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing beside " + Goals.class.getName());
      }
      File file = json.readValue(in, File.class);
      for (Goal goal : file.goals()) {
        if ((goal.atLeast() == null) == (goal.atMost() == null)) {
          throw new IllegalStateException(
              RESOURCE + ": goal '" + goal.id() + "' needs exactly one of at_least and at_most");
        }
      }
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
  }
}
