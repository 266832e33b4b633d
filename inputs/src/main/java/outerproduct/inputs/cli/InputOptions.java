package outerproduct.inputs.cli;

import java.nio.file.Path;
import java.util.Locale;
import outerproduct.inputs.Graph500Fixture;
import outerproduct.inputs.MatrixSource;
import outerproduct.kernel.cli.Choice;
import picocli.CommandLine.Option;

/**
 * Where a command's input matrices come from, shared by {@code scripts/compare} and {@code
 * scripts/matrix}: the project's generator by default, Graphulo's files on request.
 */
public final class InputOptions {
  public enum Input implements Choice {
    GENERATED,
    FIXTURES;

    @Override
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  @Option(
      names = "--input",
      defaultValue = "generated",
      paramLabel = "generated|fixtures",
      description =
          "Where A and B come from: generated (the Graph500 Kronecker generator, A with seed 1, B"
              + " with seed 2) or fixtures (Graphulo's Graph500 files in --fixtures). Default:"
              + " ${DEFAULT-VALUE}.")
  Input input;

  @Option(
      names = "--fixtures",
      paramLabel = "DIR",
      description =
          "With --input fixtures: the folder of Graphulo's Graph500 files (10Ar.txt.gz, ...), as"
              + " published in Graphulo's repository; each is checked against the SHA-256 this"
              + " project keeps.")
  Path fixturesDir;

  /**
   * @throws IllegalArgumentException naming the option when the two disagree or the folder is
   *     missing
   */
  public MatrixSource source() {
    if (input == Input.GENERATED) {
      if (fixturesDir != null) {
        throw new IllegalArgumentException(
            "--fixtures " + fixturesDir + " is read only with --input fixtures");
      }
      return MatrixSource.generated();
    }
    if (fixturesDir == null) {
      throw new IllegalArgumentException(
          "--input fixtures needs --fixtures DIR, the folder of Graphulo's"
              + " Graph500 files (see docs/format.md)");
    }
    return Graph500Fixture.in("--fixtures", fixturesDir);
  }
}
