package outerproduct.multiply.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import outerproduct.kernel.accumulo.BulkImportCheck;
import outerproduct.kernel.accumulo.FileSystems;
import outerproduct.kernel.accumulo.ResultReplacement;
import outerproduct.kernel.accumulo.StagingSweep;
import outerproduct.kernel.cli.ClusterOption;
import outerproduct.kernel.cli.CommandLines;
import outerproduct.kernel.cli.RunLog;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Removes what multiplies whose client was killed left behind, as the next multiply into the same C
 * or with the same output would: replaces stopped between their renames are finished (or undone)
 * and their abandoned tables deleted, this user's bulk staging directories (in {@code
 * ~/.outerproduct} on the instance's first volume's file system) and MapReduce job directories are
 * removed once no live lease holds their C. Safe beside running multiplies: nothing a live lease
 * holds is touched. Prints one line per thing removed or renamed.
 */
@Command(
    name = "cleanup",
    mixinStandardHelpOptions = true,
    description =
        "Finish or undo interrupted replaces and remove the staging of multiplies whose client"
            + " stopped (docs/guarantees.md#retries).")
public final class CleanUpCommand implements Callable<Integer> {
  @Mixin ClusterOption cluster;

  @Option(names = "--verbose", description = "On an error, print its stack trace too.")
  boolean verbose;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    int exit = commandLine().execute(args);
    RunLog.name(System.err);
    System.exit(exit);
  }

  /** The command with the project's exit codes: 2 for a bad argument, 1 for a failure. */
  public static CommandLine commandLine() {
    CleanUpCommand command = new CleanUpCommand();
    return CommandLines.reportingErrors(new CommandLine(command), "cleanup", () -> command.verbose);
  }

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    int done = 0;
    try (AccumuloClient client = cluster.connect()) {
      for (String c : ResultReplacement.interruptedReplaces(client)) {
        for (String line : ResultReplacement.cleanUp(client, c)) {
          out.println(line);
          done++;
        }
      }
      FileSystem volume = FileSystems.of(new Path(BulkImportCheck.firstVolume(client)).toUri());
      done +=
          removed(
              out,
              StagingSweep.sweep(
                  client, volume, StagingSweep.userDirectory(volume), StagingSweep.BULK_PREFIX));
      FileSystem home = FileSystem.get(FileSystems.configuration());
      done +=
          removed(
              out,
              StagingSweep.sweep(
                  client, home, StagingSweep.userDirectory(home), StagingSweep.JOB_PREFIX));
    }
    out.println(done == 0 ? "nothing to clean up" : done + " cleaned up");
    return 0;
  }

  private static int removed(PrintWriter out, List<Path> dirs) {
    dirs.forEach(dir -> out.println("removed staging " + dir));
    return dirs.size();
  }
}
