package outerproduct.embedded;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.minicluster.ServerType;
import org.apache.accumulo.miniclusterImpl.MiniAccumuloClusterImpl;
import org.apache.accumulo.miniclusterImpl.MiniAccumuloConfigImpl;

/**
 * A MiniAccumuloCluster that starts chosen kinds of server, and the one-off tools it runs while it
 * starts, with JVM options of their own, which MiniAccumuloCluster offers only for all its
 * processes at once (through the environment). A kind without options, or a start with
 * configuration overrides or a debugger, starts as MiniAccumuloCluster starts it.
 */
final class MiniClusterWithJvmOptions extends MiniAccumuloClusterImpl {
  private final Map<ServerType, List<String>> options;
  private final List<String> toolOptions;

  MiniClusterWithJvmOptions(
      MiniAccumuloConfigImpl config,
      Map<ServerType, List<String>> options,
      List<String> toolOptions)
      throws IOException {
    super(config);
    this.options = options.isEmpty() ? Map.of() : new EnumMap<>(options);
    this.toolOptions = List.copyOf(toolOptions);
  }

  /**
   * The processes MiniAccumuloCluster starts without a server kind: its instance's Initialize and
   * the SetGoalState before the manager.
   */
  @Override
  public ProcessInfo exec(Class<?> clazz, String... args) throws IOException {
    if (toolOptions.isEmpty() || getConfig().isJDWPEnabled()) {
      return super.exec(clazz, args);
    }
    return exec(clazz, toolOptions, args);
  }

  @Override
  public ProcessInfo _exec(
      Class<?> clazz, ServerType type, Map<String, String> overrides, String... args)
      throws IOException {
    List<String> own = options.getOrDefault(type, List.of());
    if (own.isEmpty()
        || (overrides != null && !overrides.isEmpty())
        || getConfig().isJDWPEnabled()) {
      return super._exec(clazz, type, overrides, args);
    }
    // What MiniAccumuloCluster adds for the kind, then this kind's own options.
    List<String> jvm = new ArrayList<>();
    if (type == ServerType.ZOOKEEPER) {
      jvm.add("-Dzookeeper.jmx.log4j.disable=true");
    }
    jvm.add("-Xmx" + getConfig().getMemory(type));
    jvm.addAll(own);
    // exec puts the default -Xmx first: the kind's, later on the line, is the one that counts
    return exec(clazz, jvm, args);
  }
}
