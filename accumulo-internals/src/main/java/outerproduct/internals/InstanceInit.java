package outerproduct.internals;

import org.apache.accumulo.server.init.Initialize;

/**
 * {@code accumulo init} inside the caller's JVM, through Accumulo's internal {@code Initialize}
 * (its command line takes the root password as an argument, visible to every local user). The CI's
 * cluster stage initializes a fresh instance this way on every run, which fails when Accumulo
 * changes it.
 */
public final class InstanceInit {
  private InstanceInit() {}

  /** Initializes an instance named {@code instanceName} with {@code rootPassword}. */
  public static void initialize(String instanceName, String rootPassword) {
    new Initialize()
        .execute(new String[] {"--instance-name", instanceName, "--password", rootPassword});
  }
}
