package outerproduct.kernel.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A check before a command starts servers that write to disk: stopping at once with the folder and
 * the space it needs beats a tablet server dying of a full disk minutes into a run.
 */
public final class FreeSpace {
  private FreeSpace() {}

  /**
   * @param what who writes there, for the message
   * @throws IllegalArgumentException naming the folder, the free and the needed space, when the
   *     file system holding {@code dir} has less than {@code neededMb} usable
   */
  public static void require(Path dir, long neededMb, String what) {
    try {
      Path existing = dir.toAbsolutePath();
      while (!Files.exists(existing)) {
        existing = existing.getParent();
      }
      long freeMb = Files.getFileStore(existing).getUsableSpace() >> 20;
      if (freeMb < neededMb) {
        throw new IllegalArgumentException(
            "only "
                + freeMb
                + " MB free in "
                + dir
                + " ("
                + what
                + " writes there);"
                + " free at least "
                + neededMb
                + " MB and run again");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the free space of " + dir, e);
    }
  }
}
