package outerproduct.multiply;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import outerproduct.kernel.cli.Choices;

/**
 * How long each {@link ExecutionPath} takes on one cluster, as a line per path and {@link Shape}: a
 * fixed cost plus the partial products over a rate (plus, for row subsets, a cost per row asked
 * for). {@code scripts/compare --calibrate} fits the lines to multiplies it runs on the cluster and
 * writes them as a small JSON file; {@link #shipped()} are the lines measured on the machine kind
 * the project is developed on (2 cores, 24 GiB, the embedded cluster), for a cluster that has not
 * been calibrated.
 *
 * <p>The times are what a caller waits: from the call, creating C included, to C readable. A line
 * is only as good as the sizes it was fitted on ({@link Cost#productsMin()} to {@link
 * Cost#productsMax()}); beyond them it extrapolates. A path that can also hand C to the caller
 * ({@link MultiplyAnswer}) may have a second line per shape for that ({@link Cost#answers()}): from
 * the call to the last cell in hand (the answer's runs decoded and merged), no table made.
 *
 * @param source where the lines were read from, as the choice reports it
 * @param cluster what the lines were measured on
 * @param measured the day, ISO format
 * @param commit the project's commit that measured them
 * @param command the command that measured them
 */
public record Calibration(
    String source,
    String cluster,
    String measured,
    String commit,
    String command,
    List<Cost> costs) {

  /** The shipped lines, a resource of this module. */
  static final String SHIPPED = "calibration-shipped.json";

  /** The file name of an installed calibration ({@link #installedPath}). */
  public static final String INSTALLED = "calibration.json";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /**
   * One path's time for one shape: {@code fixedSeconds + products / productsPerSecond + rows ×
   * secondsPerRow}, where rows are the shared rows the request asks for (ProductEstimate's {@code
   * sharedRows}). The row term is what a request pays per row beyond its products: a range to look
   * up and the entries of AT and B it reads. It is fitted on row subsets only, where a thousand
   * rows of a few products each cost more than their products (cued requests); a whole table's
   * lines have none (0), their rows being lost in their products.
   *
   * @param runs the multiplies the line was fitted to
   * @param answers whether the line times the path answering the caller rather than writing C
   */
  public record Cost(
      ExecutionPath path,
      Shape shape,
      double fixedSeconds,
      double productsPerSecond,
      double secondsPerRow,
      int runs,
      long productsMin,
      long productsMax,
      boolean answers) {
    /** A line of the path writing C into a table, with no row term. */
    public Cost(
        ExecutionPath path,
        Shape shape,
        double fixedSeconds,
        double productsPerSecond,
        int runs,
        long productsMin,
        long productsMax) {
      this(path, shape, fixedSeconds, productsPerSecond, 0, runs, productsMin, productsMax, false);
    }

    public Cost {
      if (path == ExecutionPath.AUTO) {
        throw new IllegalArgumentException("a cost line names a path, not auto");
      }
      if (!(fixedSeconds >= 0) || !Double.isFinite(fixedSeconds)) {
        throw new IllegalArgumentException(
            path + " " + shape + ": fixed_s must be a number >= 0, got " + fixedSeconds);
      }
      if (!(productsPerSecond > 0) || !Double.isFinite(productsPerSecond)) {
        throw new IllegalArgumentException(
            path + " " + shape + ": pp_per_s must be a number > 0, got " + productsPerSecond);
      }
      if (!(secondsPerRow >= 0) || !Double.isFinite(secondsPerRow)) {
        throw new IllegalArgumentException(
            path + " " + shape + ": s_per_row must be a number >= 0, got " + secondsPerRow);
      }
    }

    /** The predicted seconds for {@code products} partial products over {@code rows} rows. */
    public double seconds(long products, long rows) {
      return fixedSeconds + products / productsPerSecond + rows * secondsPerRow;
    }

    /**
     * {@code 0.21 s + pp / 5.80e+05 pp/s + rows × 0.110 ms}, the row term only where it has one.
     */
    public String describe() {
      String line =
          String.format(Locale.ROOT, "%.2f s + pp / %.3g pp/s", fixedSeconds, productsPerSecond);
      return secondsPerRow == 0
          ? line
          : line + String.format(Locale.ROOT, " + rows × %.3f ms", secondsPerRow * 1e3);
    }
  }

  public Calibration {
    costs = List.copyOf(costs);
  }

  /**
   * Where {@code scripts/compare --calibrate} puts the cluster's calibration and {@code
   * scripts/multiply} looks first: {@value #INSTALLED} in the project folder (the scripts pass it
   * as the {@code outerproduct.home} property; without it, the working folder).
   */
  public static Path installedPath() {
    String home = System.getProperty("outerproduct.home");
    return (home == null || home.isEmpty() ? Path.of("") : Path.of(home))
        .toAbsolutePath()
        .resolve(INSTALLED);
  }

  /**
   * The installed calibration ({@link #installedPath}) if there is one, else {@link #shipped}.
   * Parsed again only when the file changes (its time or size): a service asking many small
   * questions with the defaults decides each from memory, and a new {@code --calibrate} is seen at
   * the next request.
   */
  public static Calibration installedOrShipped() {
    Path installed = installedPath();
    if (!Files.isReadable(installed)) {
      return shipped();
    }
    BasicFileAttributes now;
    try {
      now = Files.readAttributes(installed, BasicFileAttributes.class);
    } catch (IOException e) {
      return read(installed); // names the file and what failed
    }
    InstalledFile last = lastInstalled;
    if (last != null && last.isStill(installed, now)) {
      return last.lines();
    }
    Calibration lines = read(installed);
    lastInstalled = new InstalledFile(installed, now.lastModifiedTime(), now.size(), lines);
    return lines;
  }

  /** The installed file as last parsed (Calibration is immutable, so it may be shared). */
  private static volatile InstalledFile lastInstalled;

  private record InstalledFile(Path path, FileTime modified, long size, Calibration lines) {
    boolean isStill(Path file, BasicFileAttributes now) {
      return path.equals(file) && modified.equals(now.lastModifiedTime()) && size == now.size();
    }
  }

  /**
   * The line for {@code path} and {@code shape}, if this calibration has one: the line writing a
   * table where it has both ({@link #forAnswers} holds one per path and shape).
   */
  public Optional<Cost> cost(ExecutionPath path, Shape shape) {
    return costs.stream()
        .filter(c -> c.path() == path && c.shape() == shape)
        .min(Comparator.comparing(Cost::answers));
  }

  /** The line of {@code path} answering the caller for {@code shape}, if measured. */
  public Optional<Cost> answerCost(ExecutionPath path, Shape shape) {
    return costs.stream()
        .filter(c -> c.path() == path && c.shape() == shape && c.answers())
        .findFirst();
  }

  /**
   * The lines a request answered to the caller is predicted with, for {@code paths}: each one's
   * answer line where measured, else its line writing a table (which overstates the answer: it
   * creates and writes no table).
   */
  public Calibration forAnswers(Set<ExecutionPath> paths) {
    List<Cost> lines = new ArrayList<>();
    for (ExecutionPath path : paths) {
      for (Shape shape : Shape.values()) {
        answerCost(path, shape).or(() -> cost(path, shape)).ifPresent(lines::add);
      }
    }
    boolean allAnswers = !lines.isEmpty() && lines.stream().allMatch(Cost::answers);
    String view =
        allAnswers
            ? " (lines of answers to the caller)"
            : " (lines of answers to the caller where measured, else of writing a table)";
    return new Calibration(source + view, cluster, measured, commit, command, lines);
  }

  /**
   * The predicted seconds of {@code path} for a {@code shape} multiply of {@code products} partial
   * products over {@code rows} shared rows, if this calibration has a line for it: the line, but
   * never less than {@link #floor}.
   */
  public Optional<Double> seconds(ExecutionPath path, Shape shape, long products, long rows) {
    return cost(path, shape)
        .map(line -> Math.max(line.seconds(products, rows), floor(path, shape)));
  }

  /**
   * The least a {@code shape} request of {@code path} takes, however few its products: for a whole
   * table, the path's subset line's fixed cost (0 without one). Whole-table lines are fitted on
   * whole graphs, hundreds of thousands of products and more, where a fixed cost under a second is
   * lost in the spread and often fitted as 0; extrapolated to a small table they would promise an
   * answer in no time. The subset line's fixed cost was fitted on requests of a few products, and
   * every request of the path pays it (creating C, setting up the scan or the job).
   */
  public double floor(ExecutionPath path, Shape shape) {
    return shape == Shape.WHOLE
        ? cost(path, Shape.SUBSET).map(Cost::fixedSeconds).orElse(0.0)
        : 0.0;
  }

  /** The shipped resource as parsed once (it cannot change while the JVM runs). */
  private static volatile Calibration shippedLines;

  /** The lines measured on the project's development machine kind. */
  public static Calibration shipped() {
    Calibration lines = shippedLines;
    if (lines == null) {
      lines = parseShipped();
      shippedLines = lines;
    }
    return lines;
  }

  private static Calibration parseShipped() {
    try (InputStream in = Calibration.class.getResourceAsStream(SHIPPED)) {
      if (in == null) {
        throw new IllegalStateException("resource " + SHIPPED + " is missing from this build");
      }
      return parse(JSON.readTree(in), "shipped defaults (" + SHIPPED + ")");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * @throws IllegalArgumentException naming the file and the field at fault
   */
  public static Calibration read(Path file) {
    JsonNode tree;
    try {
      tree = JSON.readTree(file.toFile());
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "calibration file " + file + " is not JSON: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot read calibration file " + file + ": " + e.getMessage(), e);
    }
    try {
      return parse(tree, file.toString());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("calibration file " + file + ": " + e.getMessage(), e);
    }
  }

  /** Writes this calibration as JSON (its source is where it is read from, so not kept). */
  public void write(Path file) throws IOException {
    ObjectNode root =
        JSON.createObjectNode()
            .put("cluster", cluster)
            .put("measured", measured)
            .put("commit", commit)
            .put("command", command);
    ArrayNode lines = root.putArray("costs");
    for (Cost c : costs) {
      lines
          .addObject()
          .put("path", c.path().label())
          .put("shape", c.shape().label())
          .put("fixed_s", c.fixedSeconds())
          .put("pp_per_s", c.productsPerSecond())
          .put("s_per_row", c.secondsPerRow())
          .put("runs", c.runs())
          .put("products_min", c.productsMin())
          .put("products_max", c.productsMax())
          .put("answers", c.answers());
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    JSON.writeValue(file.toFile(), root);
  }

  private static Calibration parse(JsonNode root, String source) {
    JsonNode lines = root.path("costs");
    if (!lines.isArray() || lines.isEmpty()) {
      throw new IllegalArgumentException("'costs' must be a non-empty list of cost lines");
    }
    List<Cost> costs = new ArrayList<>();
    for (int n = 0; n < lines.size(); n++) {
      try {
        costs.add(cost(lines.get(n)));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("costs[" + n + "]: " + e.getMessage(), e);
      }
    }
    return new Calibration(
        source,
        root.path("cluster").asText("unknown"),
        root.path("measured").asText("unknown"),
        root.path("commit").asText("unknown"),
        root.path("command").asText("unknown"),
        costs);
  }

  private static Cost cost(JsonNode line) {
    return new Cost(
        Choices.parse(ExecutionPath.class, text(line, line.has("path") ? "path" : "engine")),
        Choices.parse(Shape.class, text(line, "shape")),
        number(line, "fixed_s"),
        number(line, "pp_per_s"),
        line.has("s_per_row") ? number(line, "s_per_row") : 0,
        line.path("runs").asInt(0),
        line.path("products_min").asLong(0),
        line.path("products_max").asLong(0),
        flag(line, "answers"));
  }

  private static boolean flag(JsonNode line, String field) {
    JsonNode value = line.get(field);
    if (value != null && !value.isBoolean()) {
      throw new IllegalArgumentException("'" + field + "' must be true or false");
    }
    return value != null && value.asBoolean();
  }

  private static String text(JsonNode line, String field) {
    JsonNode value = line.get(field);
    if (value == null || !value.isTextual()) {
      throw new IllegalArgumentException("'" + field + "' must be given as a string");
    }
    return value.asText();
  }

  private static double number(JsonNode line, String field) {
    JsonNode value = line.get(field);
    if (value == null || !value.isNumber()) {
      throw new IllegalArgumentException("'" + field + "' must be given as a number");
    }
    return value.asDouble();
  }
}
