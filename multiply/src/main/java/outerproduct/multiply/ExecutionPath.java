package outerproduct.multiply;

import java.util.Arrays;
import java.util.List;
import outerproduct.kernel.cli.Choice;
import outerproduct.kernel.product.Output;

/**
 * The ways one multiply can run, by the names commands, calibrations and records give them: which
 * engine forms the partial products and how C receives them ({@link Output}). {@link #AUTO} is not
 * a path but the request to take whichever of the others {@link PathChoice} predicts finishes
 * first.
 *
 * <p>Adding a path is a constant here, its branch in {@link Multiply#run}, and its cost lines in a
 * calibration ({@code scripts/compare --calibrate} measures every constant of {@link #runnable}).
 */
public enum ExecutionPath implements Choice {
  /** Whichever of the others the estimate and the calibration say finishes first. */
  AUTO("auto", null, null),
  /** AT and B scanned to the caller, multiplied there, C written by one BatchWriter. */
  CLIENT("client", Engine.CLIENT, Output.BATCH_WRITER),
  /** The iterator engine ({@code outerproduct.iterator.TableMult}), BatchWriters in the servers. */
  ITERATOR("iterator", Engine.ITERATOR, Output.BATCH_WRITER),
  /** The iterator engine staging sorted files per tablet, imported into C once. */
  ITERATOR_BULK("iterator-bulk", Engine.ITERATOR, Output.BULK),
  /** The MapReduce engine ({@code outerproduct.mr.MapReduceMultiply}), AccumuloOutputFormat. */
  MR("mr", Engine.MAPREDUCE, Output.BATCH_WRITER),
  /** The MapReduce engine's reducers writing RFiles, imported into C once. */
  MR_BULK("mr-bulk", Engine.MAPREDUCE, Output.BULK);

  /** Where the partial products are formed. */
  public enum Engine {
    /** In the caller's JVM. */
    CLIENT,
    /** In the tablet servers, on a scan of B. */
    ITERATOR,
    /** In YARN containers: mappers form, a combiner and reducers sum. */
    MAPREDUCE
  }

  private final String label;
  private final Engine engine;
  private final Output output;

  ExecutionPath(String label, Engine engine, Output output) {
    this.label = label;
    this.engine = engine;
    this.output = output;
  }

  /** Every path a multiply can run on: all but {@link #AUTO}. */
  public static List<ExecutionPath> runnable() {
    return Arrays.stream(values()).filter(p -> p != AUTO).toList();
  }

  /**
   * @throws IllegalStateException for {@link #AUTO}, which names no engine
   */
  public Engine engine() {
    if (engine == null) {
      throw new IllegalStateException("auto names no engine until it has chosen a path");
    }
    return engine;
  }

  /**
   * @throws IllegalStateException for {@link #AUTO}, which names no output
   */
  public Output output() {
    if (output == null) {
      throw new IllegalStateException("auto names no output until it has chosen a path");
    }
    return output;
  }

  @Override
  public String label() {
    return label;
  }

  /** The label, so that logs name paths as users type them. */
  @Override
  public String toString() {
    return label;
  }
}
