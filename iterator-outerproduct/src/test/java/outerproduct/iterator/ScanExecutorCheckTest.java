package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import outerproduct.kernel.accumulo.ScanTypes;

/** Which executor a multiply's scans of B ask for, from B's configuration. */
class ScanExecutorCheckTest {
  private static Map<String, String> config(String... keysAndValues) {
    Map<String, String> config = new HashMap<>();
    config.put(ScanExecutorCheck.DISPATCHER, ScanExecutorCheck.SIMPLE_DISPATCHER);
    for (int i = 0; i < keysAndValues.length; i += 2) {
      config.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return config;
  }

  @Test
  void wholeTablesTakeTheBatchExecutorOnlyWhereBRoutesIt() {
    Map<String, String> both =
        config(
            ScanExecutorCheck.ROUTE, "tablemult",
            ScanExecutorCheck.BATCH_ROUTE, "tablemult_batch");
    assertEquals(ScanTypes.BATCH, ScanExecutorCheck.scanTypeFor(both, true));
    assertEquals(ScanTypes.INTERACTIVE, ScanExecutorCheck.scanTypeFor(both, false));

    Map<String, String> interactiveOnly = config(ScanExecutorCheck.ROUTE, "tablemult");
    assertEquals(ScanTypes.INTERACTIVE, ScanExecutorCheck.scanTypeFor(interactiveOnly, true));

    // routed to the default executor is no executor of its own: it could deadlock there
    Map<String, String> toDefault =
        config(ScanExecutorCheck.ROUTE, "tablemult", ScanExecutorCheck.BATCH_ROUTE, "default");
    assertEquals(ScanTypes.INTERACTIVE, ScanExecutorCheck.scanTypeFor(toDefault, true));

    // a dispatcher of the operator's own decides by itself: the hint it has always had
    Map<String, String> custom = new HashMap<>(both);
    custom.put(ScanExecutorCheck.DISPATCHER, "org.example.OwnDispatcher");
    assertEquals(ScanTypes.INTERACTIVE, ScanExecutorCheck.scanTypeFor(custom, true));
  }

  @Test
  void aSharedInteractiveExecutorIsNamedWithItsFix() {
    assertNull(ScanExecutorCheck.problem(config(ScanExecutorCheck.ROUTE, "tablemult"), "B"));
    String problem = ScanExecutorCheck.problem(config(), "B");
    assertNotNull(problem);
    assertEquals(true, problem.contains("'B'") && problem.contains(ScanExecutorCheck.ROUTE));
  }
}
