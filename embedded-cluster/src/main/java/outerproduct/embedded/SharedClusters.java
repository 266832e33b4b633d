package outerproduct.embedded;

import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.accumulo.minicluster.ServerType;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension: one {@link EmbeddedAccumulo} (2 tablet servers) and one {@link EmbeddedYarn}
 * per test JVM, each started the first time a test asks for it (a test or lifecycle-method
 * parameter of that type) and stopped when the JVM exits, failed or not (their shutdown hooks).
 * Every IT class that a test JVM runs shares them, whether failsafe hands the JVM all of a module's
 * IT classes as one test plan or one class at a time (with {@code -Dit.forks=2}, two JVMs each run
 * half of a module's classes on clusters of their own).
 *
 * <pre>{@code
 * @ExtendWith(SharedClusters.class)
 * class SomethingIT {
 *   @Test void multiplies(EmbeddedAccumulo accumulo, EmbeddedYarn yarn) { ... }
 * }
 * }</pre>
 */
public final class SharedClusters implements ParameterResolver {
  /** Where cluster files go: the module's target directory, like every other test output. */
  private static final Path PARENT = Paths.get("target", "embedded-clusters");

  private static final int NODE_MANAGER_MB = 2048;

  /**
   * The tests' jobs are small and their JVMs live seconds, too short for C2's compilations to pay
   * back the CPU they take from the other JVMs on 2 cores: the client JIT alone ran
   * OuterProductJobIT in 131.6 s where both JITs took 168.6 s (one JVM, one after the other). The
   * harness's YARN keeps both, as a cluster's would.
   */
  private static final String TASK_JAVA_OPTS = "-XX:TieredStopAtLevel=1";

  /**
   * Accumulo's own default for how often its garbage collector looks for files to delete, not
   * MiniAccumuloCluster's 4 s: no test waits on a file's deletion, and every cycle reads the
   * metadata table and its files on cores the tests need.
   */
  private static final String GC_CYCLE_DELAY = "gc.cycle.delay";

  /**
   * The processes around the tablet servers (ZooKeeper, the manager, the GC) serve small requests
   * for the whole run, and the tools of a start (Initialize, SetGoalState) live seconds: the client
   * JIT and one collector thread, so that they take less of the two cores from the tablet servers
   * and tests. The tablet servers keep both JITs: their multiplies are what the tests run, and with
   * the client JIT alone they ran slower.
   */
  private static final String[] SUPPORT_JAVA_OPTS = {"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"};

  private static EmbeddedAccumulo accumulo;
  private static RuntimeException accumuloFailure;
  private static EmbeddedYarn yarn;
  private static RuntimeException yarnFailure;

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == EmbeddedAccumulo.class || type == EmbeddedYarn.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context)
      throws ParameterResolutionException {
    return parameter.getParameter().getType() == EmbeddedAccumulo.class ? accumulo() : yarn();
  }

  /**
   * This JVM's Accumulo, started on first use. A start that failed fails every later ask the same
   * way, rather than starting a second cluster beside the remains of the first.
   */
  private static synchronized EmbeddedAccumulo accumulo() {
    if (accumulo == null && accumuloFailure == null) {
      try {
        accumulo =
            EmbeddedAccumulo.start(
                PARENT,
                new EmbeddedAccumulo.Settings()
                    .tabletServers(2)
                    .site(GC_CYCLE_DELAY, "5m")
                    .jvmOptions(ServerType.ZOOKEEPER, SUPPORT_JAVA_OPTS)
                    .jvmOptions(ServerType.MANAGER, SUPPORT_JAVA_OPTS)
                    .jvmOptions(ServerType.GARBAGE_COLLECTOR, SUPPORT_JAVA_OPTS)
                    .toolJvmOptions(SUPPORT_JAVA_OPTS));
      } catch (RuntimeException e) {
        accumuloFailure = e;
      }
    }
    if (accumuloFailure != null) {
      throw accumuloFailure;
    }
    return accumulo;
  }

  private static synchronized EmbeddedYarn yarn() {
    if (yarn == null && yarnFailure == null) {
      try {
        yarn = EmbeddedYarn.start(PARENT, NODE_MANAGER_MB, TASK_JAVA_OPTS);
      } catch (RuntimeException e) {
        yarnFailure = e;
      }
    }
    if (yarnFailure != null) {
      throw yarnFailure;
    }
    return yarn;
  }
}
