package outerproduct.compare.engine;

import outerproduct.kernel.product.Cancellation;
import outerproduct.kernel.semiring.Semiring;

/**
 * What every multiply of one run shares: the cluster it runs on, the semiring, the input tables AT
 * and B, the harness's settings, and what cancels the multiplies made with them; each multiply adds
 * its C and its rows.
 */
public record Operands(
    Target target,
    Semiring<?> semiring,
    String at,
    String b,
    Engine.Settings settings,
    Cancellation cancellation) {
  /** Operands whose multiplies nothing cancels. */
  public Operands(
      Target target, Semiring<?> semiring, String at, String b, Engine.Settings settings) {
    this(target, semiring, at, b, settings, new Cancellation());
  }
}
