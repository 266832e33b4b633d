package outerproduct.compare;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.security.Authorizations;
import outerproduct.inputs.Graph500Fixture;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code scripts/matrix}: puts Graphulo's Graph500 fixtures into a cluster's tables and proves a
 * result table against the in-memory oracle, so that either engine can be run by hand (or by
 * CI) on any cluster and checked the way the harness checks it.
 */
@Command(name = "matrix", mixinStandardHelpOptions = true,
    description = "Load Graph500 fixture matrices into Accumulo tables; check a result table's checksum.",
    subcommands = {MatrixCommand.Load.class, MatrixCommand.Checksum.class})
public final class MatrixCommand {

  public static void main(String[] args) {
    CommandLine commandLine = new CommandLine(new MatrixCommand());
    commandLine.setExecutionExceptionHandler((e, cl, parsed) -> {
      if (!(e instanceof IllegalArgumentException)) {
        throw e;
      }
      cl.getErr().println("error: " + e.getMessage());
      return 2;
    });
    System.exit(commandLine.execute(args));
  }

  /** The cluster and the fixtures, common to both subcommands. */
  static final class ClusterOption {
    @Option(names = "--cluster", required = true, paramLabel = "FILE",
        description = "Accumulo client properties file (instance, zookeepers, auth.principal, auth.token).")
    Path clientProperties;

    @Option(names = "--fixtures", paramLabel = "DIR",
        description = "Directory of Graphulo's Graph500 fixtures. Default: ../shared/fixtures/graphulo-graph500.")
    Path fixturesDir;

    AccumuloClient connect() {
      try {
        return Accumulo.newClient().from(Accumulo.newClientProperties().from(clientProperties).build()).build();
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--cluster " + clientProperties + ": " + e.getMessage(), e);
      }
    }

    Graph500Fixture fixtures() {
      return fixturesDir == null ? Graph500Fixture.locate() : new Graph500Fixture(fixturesDir);
    }
  }

  @Command(name = "load", mixinStandardHelpOptions = true,
      description = "Write the SCALE's fixture A into table AT_<scale> and B into B_<scale>, pre-split.")
  static final class Load implements Callable<Integer> {
    @Mixin
    ClusterOption cluster;

    @Option(names = "--scale", required = true, description = "Fixture SCALE (10 to 17).")
    int scale;

    @Option(names = "--tablets", defaultValue = "2",
        description = "Tablets per table, split at row quantiles. Default: ${DEFAULT-VALUE}.")
    int tablets;

    @Override
    public Integer call() throws Exception {
      if (tablets < 1) {
        throw new IllegalArgumentException("--tablets must be at least 1, got " + tablets);
      }
      Graph500Fixture fixtures = cluster.fixtures();
      try (AccumuloClient client = cluster.connect()) {
        for (String matrix : new String[] {"A", "B"}) {
          String table = (matrix.equals("A") ? "AT_" : "B_") + scale;
          long entries = MatrixLoader.load(client, table, fixtures.read(scale, matrix), tablets);
          System.out.printf("%s: %d entries in %d tablets%n", table, entries, tablets);
        }
      }
      return 0;
    }
  }

  @Command(name = "checksum", mixinStandardHelpOptions = true,
      description = "Print a table's checksum (SPEC §5) and nnz; with --oracle-scale or --expect, exit 1 unless it matches.")
  static final class Checksum implements Callable<Integer> {
    @Mixin
    ClusterOption cluster;

    @Option(names = "--table", required = true, description = "The result table C.")
    String table;

    @Option(names = "--semiring", defaultValue = Semirings.DEFAULT,
        description = "The semiring C was computed with. Default: ${DEFAULT-VALUE}.")
    String semiringName;

    @Option(names = "--oracle-scale", paramLabel = "SCALE",
        description = "Compare with the in-memory oracle's C = AT^T B of this SCALE's fixtures.")
    Integer oracleScale;

    @Option(names = "--expect", paramLabel = "HEX", description = "Compare with this checksum.")
    String expected;

    @Override
    public Integer call() throws TableNotFoundException {
      if (oracleScale != null && expected != null) {
        throw new IllegalArgumentException("--oracle-scale and --expect exclude each other");
      }
      Semiring<?> semiring = Semirings.forName(semiringName);
      TableChecksum.Result c;
      try (AccumuloClient client = cluster.connect()) {
        if (!client.tableOperations().exists(table)) {
          throw new IllegalArgumentException("--table " + table + ": no such table");
        }
        c = TableChecksum.of(client, table, semiring, Authorizations.EMPTY);
      }
      System.out.printf("%s: nnz %d checksum %s%n", table, c.nnz(), c.checksum());
      String reference = expected;
      if (oracleScale != null) {
        Graph500Fixture fixtures = cluster.fixtures();
        reference = ResultChecksum.of(ReferenceMultiply.multiply(semiring,
            fixtures.read(oracleScale, "A"), fixtures.read(oracleScale, "B")));
      }
      if (reference == null) {
        return 0;
      }
      String what = oracleScale != null ? "the oracle (SCALE " + oracleScale + ")" : "the expected checksum";
      if (!reference.equals(c.checksum())) {
        System.err.printf("%s DIFFERS from %s: %s vs %s%n", table, what, c.checksum(), reference);
        return 1;
      }
      System.out.printf("%s equals %s%n", table, what);
      return 0;
    }
  }
}
