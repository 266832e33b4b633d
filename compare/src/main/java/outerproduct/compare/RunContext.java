package outerproduct.compare;

import java.util.List;
import outerproduct.compare.engine.DiskGrowth;
import outerproduct.compare.engine.Engine;
import outerproduct.compare.engine.Operands;
import outerproduct.compare.engine.TabletServerHeap;
import outerproduct.compare.engine.Target;
import outerproduct.kernel.product.Cancellation;
import outerproduct.kernel.semiring.Semiring;

/**
 * What every workload of one run shares: the cluster, the semiring, the engines in the order they
 * take turns, the prefix of this run's tables, where records go, the heap and disk gauges, and
 * whether the last whole-table C of each engine is kept (`--keep-tables`) rather than deleted once
 * checked, and how long one whole-table multiply may take (`--run-limit`).
 */
record RunContext(
    Target target,
    Semiring<?> semiring,
    List<Engine> engines,
    String tablePrefix,
    RunRecordFields records,
    TabletServerHeap heap,
    DiskGrowth disk,
    boolean keepResults,
    RunLimit runLimit) {

  /** What every multiply on one SCALE's inputs shares, stopped by {@code cancellation}. */
  Operands operands(ScaleInputs in, Cancellation cancellation) {
    return new Operands(target, semiring, in.at(), in.b(), in.settings(), cancellation);
  }

  /** What every multiply on one SCALE's inputs shares. */
  Operands operands(ScaleInputs in) {
    return new Operands(target, semiring, in.at(), in.b(), in.settings());
  }
}
