package outerproduct.compare;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import outerproduct.multiply.Calibration;
import outerproduct.multiply.Engine;
import outerproduct.multiply.Shape;

/**
 * The end of {@code scripts/compare --calibrate}: the report's fitted lines become the cluster's
 * calibration, provided the run measured every line engine {@code auto} chooses by.
 */
final class CalibrationInstall {
  private CalibrationInstall() {}

  /**
   * Copies {@code fitted} to {@code target} (null: {@link Calibration#installedPath}) and prints
   * its lines.
   *
   * @throws IllegalArgumentException naming the lines the run could not fit
   */
  static void install(Path fitted, Path target, PrintWriter out) throws IOException {
    if (!Files.exists(fitted)) {
      throw new IllegalArgumentException(
          "--calibrate: the runs support no cost line (each needs runs of two sizes or more)");
    }
    Calibration lines = Calibration.read(fitted);
    for (Engine engine : new Engine[] {Engine.ITERATOR, Engine.MR}) {
      for (Shape shape : Shape.values()) {
        if (lines.cost(engine, shape).isEmpty()) {
          throw new IllegalArgumentException(
              "--calibrate: no "
                  + engine
                  + " line for "
                  + shape
                  + " multiplies; run both engines on whole tables and queued requests of two"
                  + " sizes or more");
        }
      }
    }
    Path installed = target != null ? target : Calibration.installedPath();
    Files.createDirectories(installed.toAbsolutePath().getParent());
    Files.copy(fitted, installed, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    out.println("calibration: " + ProjectHome.fromHere(installed));
    for (Calibration.Cost c : lines.costs()) {
      out.printf(
          "  %s %s: %s (%d runs, %d to %d partial products)%n",
          c.engine(), c.shape(), c.describe(), c.runs(), c.productsMin(), c.productsMax());
    }
    out.flush();
  }
}
