package outerproduct.compare;

import java.util.LinkedHashMap;
import java.util.Map;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.internals.ServerProperties;
import picocli.CommandLine.Option;

/**
 * How {@code scripts/compare} sizes the embedded cluster it starts (none of it applies with {@code
 * --cluster}, which keeps the existing cluster's own configuration).
 */
final class EmbeddedClusterOptions {
  @Option(
      names = "--tservers",
      defaultValue = "2",
      description = "Tablet servers of the embedded cluster. Default: ${DEFAULT-VALUE}.")
  int tservers;

  @Option(
      names = "--tserver-memory-mb",
      defaultValue = "768",
      description = "Heap of each embedded tablet server. Default: ${DEFAULT-VALUE}.")
  int tserverMemoryMb;

  @Option(
      names = "--tserver-map-mb",
      defaultValue = "1024",
      description =
          "In-memory map of each embedded tablet server (tserver.memory.maps.max): what it"
              + " buffers before a minor compaction. Default: ${DEFAULT-VALUE}.")
  int tserverMapMb;

  @Option(
      names = "--accumulo-site",
      paramLabel = "KEY=VALUE",
      description =
          "Embedded cluster: an accumulo.properties entry for every server (repeatable), e.g."
              + " table.file.compress.type=snappy. The instance's settings are recorded in the"
              + " report.")
  Map<String, String> accumuloSite = new LinkedHashMap<>();

  @Option(
      names = "--java-maps",
      description =
          "Embedded tablet servers keep their in-memory maps on the Java heap instead of"
              + " Accumulo's native maps (which the build makes when g++ is present).")
  boolean javaMaps;

  @Option(
      names = "--yarn-memory-mb",
      defaultValue = "2048",
      description =
          "Memory of the embedded NodeManager (512 MB containers). Default: ${DEFAULT-VALUE}.")
  int yarnMemoryMb;

  /**
   * @param existingCluster whether the run goes to {@code --cluster} instead
   * @throws IllegalArgumentException naming the option and the value at fault
   */
  void validate(boolean existingCluster) {
    if (tservers < 1) {
      throw new IllegalArgumentException("--tservers must be at least 1, got " + tservers);
    }
    if (existingCluster && !accumuloSite.isEmpty()) {
      throw new IllegalArgumentException(
          "--accumulo-site "
              + accumuloSite.keySet()
              + ": applies to the embedded"
              + " cluster only; an existing cluster keeps its own configuration");
    }
    accumuloSite.forEach(
        (key, value) -> {
          if (!ServerProperties.isKnown(key)) {
            throw new IllegalArgumentException(
                "--accumulo-site '" + key + "': not an Accumulo property");
          }
          if (!ServerProperties.isValid(key, value)) {
            throw new IllegalArgumentException(
                "--accumulo-site " + key + "='" + value + "': not a valid value of that property");
          }
        });
  }

  EmbeddedAccumulo.Settings settings() {
    return new EmbeddedAccumulo.Settings()
        .tabletServers(tservers)
        .tabletServerMemoryMb(tserverMemoryMb)
        .inMemoryMapMb(tserverMapMb)
        .nativeMaps(!javaMaps)
        .site(accumuloSite);
  }
}
