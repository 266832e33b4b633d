package outerproduct.compare;

import java.nio.file.Path;

/**
 * The repository the scripts run from. Options name files from the caller's folder, like any
 * command; what the harness keeps for itself (reports/, target/, the job jar) lives in the
 * repository wherever the command was started. {@code scripts/compare} passes the repository as
 * {@value #PROPERTY}; without it (tests, an IDE) the working folder is taken.
 */
public final class ProjectHome {
  static final String PROPERTY = "outerproduct.home";

  private ProjectHome() {}

  public static Path dir() {
    String home = System.getProperty(PROPERTY);
    return (home == null || home.isEmpty() ? Path.of("") : Path.of(home)).toAbsolutePath();
  }

  /** A path inside the repository. */
  public static Path resolve(String first, String... more) {
    return dir().resolve(Path.of(first, more));
  }

  /** {@code file} as the user can type it from where the command ran. */
  public static Path fromHere(Path file) {
    Path here = Path.of("").toAbsolutePath();
    Path absolute = file.toAbsolutePath();
    return absolute.startsWith(here) ? here.relativize(absolute) : file;
  }
}
