package outerproduct.inputs.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.ColumnVisibility;
import outerproduct.inputs.MatrixLoader;
import outerproduct.inputs.MatrixSource;
import outerproduct.inputs.MatrixText;
import outerproduct.kernel.accumulo.DegreeTables;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.cli.ChoiceConverters;
import outerproduct.kernel.cli.ClusterOption;
import outerproduct.kernel.cli.CommandErrors;
import outerproduct.kernel.cli.CommandName;
import outerproduct.kernel.cli.RunLog;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code scripts/matrix}: puts a SCALE's input pair (generated, or Graphulo's Graph500 files) into
 * a cluster's tables and proves a result table against the in-memory oracle, so that either engine
 * can be run by hand (or by CI) on any cluster and checked the way the harness checks it.
 */
@Command(
    name = "matrix",
    mixinStandardHelpOptions = true,
    description =
        "Load a SCALE's Graph500 matrices into Accumulo tables; check a result table's checksum.",
    subcommands = {
      MatrixCommand.Load.class,
      MatrixCommand.Degrees.class,
      MatrixCommand.Checksum.class
    })
public final class MatrixCommand {

  @Option(
      names = "--verbose",
      scope = CommandLine.ScopeType.INHERIT,
      description = "On an error, print its stack trace too.")
  boolean verbose;

  public static void main(String[] args) {
    int exit = commandLine().execute(args);
    RunLog.name(System.err);
    System.exit(exit);
  }

  /** The command with one-line errors: exit 2 for a bad argument or input, 1 for a failure. */
  public static CommandLine commandLine() {
    // Registered after the subcommands exist, so that they take the labels too.
    CommandLine commandLine =
        ChoiceConverters.register(new CommandLine(new MatrixCommand()), InputOptions.Input.class);
    return ChoiceConverters.register(commandLine, MatrixText.Format.class)
        .setParameterExceptionHandler(
            (e, given) -> {
              CommandLine at = e.getCommandLine();
              String help =
                  CommandName.of("matrix")
                      + " "
                      + (at.getParent() == null ? "" : at.getCommandName() + " ")
                      + "--help";
              at.getErr()
                  .println("matrix: " + e.getMessage() + " (" + help + " lists the options)");
              return CommandErrors.USER_ERROR;
            })
        .setExecutionExceptionHandler(
            (e, cl, parsed) ->
                CommandErrors.report(
                    cl.getErr(), "matrix", e, cl.getParseResult().hasMatchedOption("--verbose")));
  }

  /** The cluster and the inputs, common to both subcommands. */
  static final class Target {
    @Mixin ClusterOption cluster;

    @Mixin InputOptions inputs;

    AccumuloClient connect() {
      return cluster.connect();
    }

    MatrixSource source() {
      return inputs.source();
    }
  }

  @Command(
      name = "load",
      mixinStandardHelpOptions = true,
      description = {
        "Write a SCALE's A into table AT_<scale> and B into B_<scale> (--scale), or your own"
            + " matrix into a new table (--table with --from or the --d4m-* lists), pre-split.",
        "Your own: triples row<TAB>column<TAB>value (or CSV; two fields mean value 1), gzip or"
            + " not, - for stdin; entries of one cell are summed; each value is checked under"
            + " --semiring. The table gets its degree table; large inputs are bulk-imported."
      })
  static final class Load implements Callable<Integer> {
    @Mixin Target cluster;

    @Option(
        names = "--scale",
        description = "SCALE: 2^SCALE vertices (Graphulo's files: 10, 12, 14 or 16).")
    Integer scale;

    @Option(
        names = "--prefix",
        defaultValue = "",
        description =
            "With --scale: put before the tables' names, e.g. a namespace of yours (team.: tables"
                + " team.AT_<scale> and team.B_<scale>). Default: none.")
    String prefix;

    @Option(names = "--table", description = "Your own matrix: the new table to write.")
    String table;

    @Option(names = "--from", paramLabel = "FILE", description = "Triples to read (- for stdin).")
    String from;

    @Option(
        names = "--format",
        description = "tsv or csv. Default: from --from's name (.csv, .csv.gz: csv; else tsv).")
    MatrixText.Format format;

    @Option(names = "--d4m-rows", paramLabel = "FILE", description = "D4M row list (1,7,42,).")
    String d4mRows;

    @Option(names = "--d4m-columns", paramLabel = "FILE", description = "D4M column list.")
    String d4mColumns;

    @Option(
        names = "--d4m-values",
        paramLabel = "FILE",
        description = "D4M value list; without it every entry is 1.")
    String d4mValues;

    @Option(
        names = "--semiring",
        defaultValue = Semirings.DEFAULT,
        description = "What your values must be values of. Default: ${DEFAULT-VALUE}.")
    String semiring;

    @Option(
        names = "--tablets",
        defaultValue = "2",
        description = "Tablets per table, split at row quantiles. Default: ${DEFAULT-VALUE}.")
    int tablets;

    @Option(
        names = "--visibility",
        paramLabel = "EXPRESSION",
        description =
            "Label every entry (and its degree) with this visibility expression, e.g. L or A&B."
                + " Default: none.")
    String visibility;

    @Option(
        names = "--degrees",
        description =
            "With --scale, also write each table's row-degree table (<table>Deg: one count per"
                + " row), from which a multiply's partial products are counted before it runs.")
    boolean degrees;

    @Override
    public Integer call() throws Exception {
      if (tablets < 1) {
        throw new IllegalArgumentException("--tablets must be at least 1, got " + tablets);
      }
      if ((scale == null) == (table == null)) {
        throw new IllegalArgumentException(
            "give --scale (a generated or Graphulo pair) or --table (your own matrix), not "
                + (scale == null ? "neither" : "both"));
      }
      label(); // a bad --visibility is refused before anything connects
      return table != null ? loadOwn() : loadScale();
    }

    /** --visibility as Accumulo reads it; checked before anything connects. */
    private ColumnVisibility label() {
      try {
        return visibility == null ? new ColumnVisibility() : new ColumnVisibility(visibility);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "--visibility '"
                + visibility
                + "': not a visibility expression: "
                // Accumulo's message goes on to draw the expression and a caret below it
                + e.getMessage().lines().findFirst().orElse(""),
            e);
      }
    }

    private int loadScale() throws Exception {
      MatrixSource source = cluster.source();
      try (AccumuloClient client = cluster.connect()) {
        for (String matrix : new String[] {"A", "B"}) {
          String name = prefix + (matrix.equals("A") ? "AT_" : "B_") + scale;
          MatrixLoader loader = MatrixLoader.into(client).tablets(tablets).visibility(label());
          if (degrees) {
            loader.degrees();
          }
          long entries = loader.load(name, source.read(scale, matrix));
          System.out.printf("%s: %d entries in %d tablets%n", name, entries, tablets);
        }
      }
      return 0;
    }

    private int loadOwn() throws Exception {
      SparseMatrix matrix = OwnMatrix.read(from, format, d4mRows, d4mColumns, d4mValues, semiring);
      try (AccumuloClient client = cluster.connect()) {
        if (client.tableOperations().exists(table)) {
          throw new IllegalArgumentException(
              "--table " + table + ": the table exists; a load writes a new table");
        }
        InputLoad.Method used =
            InputLoad.load(
                client,
                InputLoad.Method.AUTO,
                () -> OwnMatrix.volumeFileSystem(client),
                tablets,
                null,
                label(),
                Map.of(table, matrix));
        System.out.printf(
            "%s: %d entries in %d tablets (%s), row degrees in %s%n",
            table, matrix.nnz(), tablets, used.label(), DegreeTables.of(table));
      }
      return 0;
    }
  }

  @Command(
      name = "degrees",
      mixinStandardHelpOptions = true,
      description =
          "Write a table's row-degree table (<table>Deg) from one scan of it, for a table loaded"
              + " without --degrees.")
  static final class Degrees implements Callable<Integer> {
    @Mixin Target cluster;

    @Option(names = "--table", required = true, description = "The matrix table.")
    String table;

    @Override
    public Integer call() throws Exception {
      try (AccumuloClient client = cluster.connect()) {
        long begin = System.nanoTime();
        long rows = DegreeTables.compute(client, table);
        System.out.printf(
            "%s: %d rows counted in %.1f s%n",
            DegreeTables.of(table), rows, (System.nanoTime() - begin) / 1e9);
      }
      return 0;
    }
  }

  @Command(
      name = "checksum",
      mixinStandardHelpOptions = true,
      description =
          "Print each table's checksum (docs/format.md) and nnz; with --oracle-scale or --expect,"
              + " exit 1 unless every one matches.")
  static final class Checksum implements Callable<Integer> {
    @Mixin Target cluster;

    @Option(
        names = "--table",
        required = true,
        paramLabel = "TABLE",
        description =
            "A result table C; repeat it to check several against one reference, computed once.")
    List<String> tables;

    @Option(
        names = "--semiring",
        defaultValue = Semirings.DEFAULT,
        description = "The semiring C was computed with. Default: ${DEFAULT-VALUE}.")
    String semiringName;

    @Option(
        names = "--oracle-scale",
        paramLabel = "SCALE",
        description = "Compare with the in-memory oracle's C = AT^T B of this SCALE's inputs.")
    Integer oracleScale;

    @Option(names = "--expect", paramLabel = "HEX", description = "Compare with this checksum.")
    String expected;

    /** Exit 1 when any table differs from the reference; every table is checked and printed. */
    @Override
    public Integer call() throws Exception {
      if (oracleScale != null && expected != null) {
        throw new IllegalArgumentException("--oracle-scale and --expect exclude each other");
      }
      Semiring<?> semiring = Semirings.forName(semiringName);
      Map<String, TableChecksum.Result> results = new LinkedHashMap<>();
      try (AccumuloClient client = cluster.connect()) {
        for (String table : tables) {
          if (!client.tableOperations().exists(table)) {
            throw new IllegalArgumentException("--table " + table + ": no such table");
          }
        }
        // the cells this user may read, as every multiply reads its inputs
        var authorizations = client.securityOperations().getUserAuthorizations(client.whoami());
        for (String table : tables) {
          TableChecksum.Result c = TableChecksum.of(client, table, semiring, authorizations);
          System.out.printf("%s: nnz %d checksum %s%n", table, c.nnz(), c.checksum());
          results.put(table, c);
        }
      }
      String reference = expected;
      if (oracleScale != null) {
        MatrixSource source = cluster.source();
        reference =
            ResultChecksum.of(
                ReferenceMultiply.multiply(
                    semiring, source.read(oracleScale, "A"), source.read(oracleScale, "B")));
      }
      if (reference == null) {
        return 0;
      }
      return matchAll(results, reference);
    }

    private int matchAll(Map<String, TableChecksum.Result> results, String reference) {
      String what =
          oracleScale != null ? "the oracle (SCALE " + oracleScale + ")" : "the expected checksum";
      int exit = 0;
      for (Map.Entry<String, TableChecksum.Result> c : results.entrySet()) {
        if (reference.equals(c.getValue().checksum())) {
          System.out.printf("%s equals %s%n", c.getKey(), what);
        } else {
          System.err.printf(
              "%s DIFFERS from %s: %s vs %s%n",
              c.getKey(), what, c.getValue().checksum(), reference);
          exit = 1;
        }
      }
      return exit;
    }
  }
}
