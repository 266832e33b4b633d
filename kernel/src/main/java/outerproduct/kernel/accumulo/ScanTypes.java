package outerproduct.kernel.accumulo;

import java.util.Map;
import org.apache.accumulo.core.client.ScannerBase;

/**
 * The {@code scan_type} execution hints this project's scans carry, by which an operator's {@code
 * table.scan.dispatcher.opts.*} settings (Accumulo's SimpleScanDispatcher) give them an executor
 * and a cache usage (docs/deploy.md).
 *
 * <ul>
 *   <li>{@value #INTERACTIVE}: the TableMult stack's scans of B for row subsets and answers to the
 *       caller; routed to an executor of its own (their iterators wait on reads of AT, which must
 *       not queue behind them), and keeping the data blocks they read cached.
 *   <li>{@value #BATCH}: the same scans for whole tables, on an executor of their own at low thread
 *       priority; they leave the cache as the table has it.
 *   <li>{@value #INTERACTIVE_SOURCE}: the reads an interactive request makes of its other input
 *       (AT's rows, the rows S of a 2-hop request, the client's reads of both): routed for cache
 *       usage only. Its executor must stay the table's usual one, never the {@value #INTERACTIVE}
 *       executor: the scans of B wait on these reads, so sharing their executor deadlocks.
 * </ul>
 */
public final class ScanTypes {
  public static final String INTERACTIVE = "tablemult";
  public static final String BATCH = "tablemult_batch";
  public static final String INTERACTIVE_SOURCE = "tablemult_source";

  private ScanTypes() {}

  /** Tags {@code scan} with {@code scanType}, replacing any hints it had. */
  public static <S extends ScannerBase> S hint(S scan, String scanType) {
    scan.setExecutionHints(Map.of("scan_type", scanType));
    return scan;
  }
}
