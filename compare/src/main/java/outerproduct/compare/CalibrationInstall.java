package outerproduct.compare;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import outerproduct.multiply.Calibration;
import outerproduct.multiply.ExecutionPath;
import outerproduct.multiply.Shape;

/**
 * The end of {@code scripts/compare --calibrate}: the report's fitted lines become the cluster's
 * calibration, provided the run fitted both shapes' lines for every path it measured, and the
 * subset line of every path it measured answering the caller (answers are requests only).
 */
final class CalibrationInstall {
  private CalibrationInstall() {}

  /**
   * Copies {@code fitted} to {@code target} (null: {@link Calibration#installedPath}) and prints
   * its lines.
   *
   * @throws IllegalArgumentException naming the lines the run could not fit
   */
  static void install(
      Path fitted,
      List<ExecutionPath> measured,
      List<ExecutionPath> measuredAnswering,
      Path target,
      PrintWriter out)
      throws IOException {
    if (!Files.exists(fitted)) {
      throw new IllegalArgumentException(
          "--calibrate: the runs support no cost line (each needs runs of two sizes or more)");
    }
    install(Calibration.read(fitted), measured, measuredAnswering, target, out);
  }

  /**
   * Writes {@code lines} to {@code target} (null: {@link Calibration#installedPath}) and prints
   * them.
   *
   * @throws IllegalArgumentException naming the lines {@code lines} lack
   */
  static void install(
      Calibration lines,
      List<ExecutionPath> measured,
      List<ExecutionPath> measuredAnswering,
      Path target,
      PrintWriter out)
      throws IOException {
    for (ExecutionPath path : measured) {
      for (Shape shape : Shape.values()) {
        if (lines.cost(path, shape).isEmpty()) {
          throw new IllegalArgumentException(
              "--calibrate: no "
                  + path
                  + " line for "
                  + shape
                  + " multiplies; run every path on whole tables and queued requests of two"
                  + " sizes or more");
        }
      }
    }
    for (ExecutionPath path : measuredAnswering) {
      if (lines.answerCost(path, Shape.SUBSET).isEmpty()) {
        throw new IllegalArgumentException(
            "--calibrate: no "
                + path
                + " line for answers to the caller; run it on queued requests of two sizes or"
                + " more");
      }
    }
    Path installed = target != null ? target : Calibration.installedPath();
    Files.createDirectories(installed.toAbsolutePath().getParent());
    lines.write(installed);
    out.println("calibration: " + ProjectHome.fromHere(installed));
    for (Calibration.Cost c : lines.costs()) {
      out.printf(
          "  %s %s%s: %s (%d runs, %d to %d partial products)%n",
          c.path(),
          c.shape(),
          c.answers() ? " answering the caller" : "",
          c.describe(),
          c.runs(),
          c.productsMin(),
          c.productsMax());
    }
    out.flush();
  }
}
