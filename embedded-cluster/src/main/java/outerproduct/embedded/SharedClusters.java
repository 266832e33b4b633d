package outerproduct.embedded;

import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension: one {@link EmbeddedAccumulo} (2 tablet servers) and one {@link EmbeddedYarn}
 * per test JVM, each started the first time a test asks for it (a test or lifecycle-method
 * parameter of that type) and stopped when the whole test plan ends, failed or not. Every IT class
 * of a module shares them: failsafe runs a module's ITs in one JVM.
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

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == EmbeddedAccumulo.class || type == EmbeddedYarn.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context)
      throws ParameterResolutionException {
    ExtensionContext.Store root = context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL);
    Class<?> type = parameter.getParameter().getType();
    if (type == EmbeddedAccumulo.class) {
      return root.getOrComputeIfAbsent(Accumulo.class, k -> new Accumulo(), Accumulo.class).cluster;
    }
    return root.getOrComputeIfAbsent(Yarn.class, k -> new Yarn(), Yarn.class).cluster;
  }

  /** Closed by JUnit at the end of the test plan. */
  private static final class Accumulo implements ExtensionContext.Store.CloseableResource {
    final EmbeddedAccumulo cluster =
        EmbeddedAccumulo.start(PARENT, new EmbeddedAccumulo.Settings().tabletServers(2));

    @Override
    public void close() {
      cluster.close();
    }
  }

  private static final class Yarn implements ExtensionContext.Store.CloseableResource {
    final EmbeddedYarn cluster = EmbeddedYarn.start(PARENT, NODE_MANAGER_MB);

    @Override
    public void close() {
      cluster.close();
    }
  }
}
