package outerproduct.kernel.cli;

/**
 * A constant of a closed set of choices (an engine, an output, a workload) with the lower-case name
 * users type on command lines and records hold: {@code batchwriter}, {@code ingest-ceiling}. The
 * enum constant's own name stays Java's; {@link Choices} converts between the two.
 */
public interface Choice {
  /** The name options take and reports print. */
  String label();
}
