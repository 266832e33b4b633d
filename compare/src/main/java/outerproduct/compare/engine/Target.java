package outerproduct.compare.engine;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Supplier;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.hadoop.conf.Configuration;

/**
 * Where the engines run: one Accumulo instance (a client, its properties, and the same properties
 * as a file for MapReduce tasks) and, for the MapReduce engine, the YARN cluster's configuration.
 *
 * @param yarn the YARN configuration jobs start from; throws when no YARN cluster was started
 * @param volumes a configuration whose default file system holds the instance's volumes, where bulk
 *     imports stage their files (local for the embedded cluster, HDFS for an existing one)
 */
public record Target(
    AccumuloClient client,
    Properties clientProperties,
    Path clientPropertiesFile,
    Supplier<Configuration> yarn,
    Supplier<Configuration> volumes) {

  /** The YARN configuration, if this run started or was given a YARN cluster. */
  public Optional<Configuration> yarnIfStarted() {
    try {
      return Optional.of(yarn.get());
    } catch (IllegalStateException e) {
      return Optional.empty();
    }
  }
}
