package outerproduct.compare.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** The commit a report was made from, so that a number can be traced to the code that made it. */
public final class GitCommit {
  private GitCommit() {}

  /**
   * The commit id, with {@code -dirty} when the work tree has uncommitted changes, or {@code
   * unknown} outside a git work tree.
   */
  public static String describe() {
    String id = git("rev-parse", "HEAD");
    if (id == null || id.isEmpty()) {
      return "unknown";
    }
    String changes = git("status", "--porcelain", "--untracked-files=no");
    return changes == null || changes.isEmpty() ? id : id + "-dirty";
  }

  private static String git(String... args) {
    String[] command = new String[args.length + 1];
    command[0] = "git";
    System.arraycopy(args, 0, command, 1, args.length);
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
