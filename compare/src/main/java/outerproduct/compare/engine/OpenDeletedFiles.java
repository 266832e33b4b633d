package outerproduct.compare.engine;

import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Files under a folder that are deleted but still open in some process, found through Linux's
 * {@code /proc/<pid>/fd}: the file system gives a deleted file's space back only when its last
 * holder closes it. A tablet server keeps a scanned file's reader open after its table is deleted
 * (until the reader has been idle for Accumulo's {@code tserver.files.open.idle}, a minute by
 * default), so a C that was checked and then deleted returns its space during the next run. Where
 * there is no {@code /proc}, none are found and nothing is watched.
 */
final class OpenDeletedFiles {
  /** What Linux appends to a descriptor's link once its file is deleted. */
  private static final String DELETED = " (deleted)";

  /** A deleted file's bytes and its descriptors' links, each with what the link showed. */
  private record Held(long bytes, Map<Path, String> links) {}

  private final Path proc;

  /** By file key (device and inode): one file open in many descriptors is freed once. */
  private final Map<Object, Held> held = new HashMap<>();

  OpenDeletedFiles(Path proc) {
    this.proc = proc;
  }

  /**
   * Starts watching the deleted files under {@code root} of at least {@code minBytes} that any
   * process holds open now, those {@code which} accepts.
   *
   * @param root an absolute, real path: the one {@code /proc} shows
   * @return the paths of the files found held, whether newly watched or already
   */
  Set<Path> watch(Path root, long minBytes, Predicate<Path> which) {
    Set<Path> found = new HashSet<>();
    try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, OpenDeletedFiles::isPid)) {
      for (Path pid : pids) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(pid.resolve("fd"))) {
          for (Path fd : fds) {
            consider(fd, root, minBytes, which, found);
          }
        } catch (IOException | DirectoryIteratorException e) {
          // the process ended while listed, or its descriptors are not ours to read
        }
      }
    } catch (IOException | DirectoryIteratorException e) {
      // no /proc: nothing is watched
    }
    return found;
  }

  private void consider(Path fd, Path root, long minBytes, Predicate<Path> which, Set<Path> found) {
    String shown;
    BasicFileAttributes file;
    try {
      shown = Files.readSymbolicLink(fd).toString();
      if (!shown.endsWith(DELETED)) {
        return;
      }
      file = Files.readAttributes(fd, BasicFileAttributes.class);
    } catch (IOException | RuntimeException e) {
      return; // closed while looked at
    }
    Path path = Path.of(shown.substring(0, shown.length() - DELETED.length()));
    if (!path.startsWith(root) || !which.test(path)) {
      return;
    }
    if (!file.isRegularFile() || file.size() < minBytes) {
      return;
    }
    Object key = file.fileKey() != null ? file.fileKey() : path;
    held.computeIfAbsent(key, k -> new Held(file.size(), new HashMap<>())).links().put(fd, shown);
    found.add(path);
  }

  /** The bytes of the watched files that no process holds any more, each counted once. */
  long takeClosed() {
    long closed = 0;
    for (Iterator<Held> files = held.values().iterator(); files.hasNext(); ) {
      Held file = files.next();
      file.links().entrySet().removeIf(link -> !stillShows(link.getKey(), link.getValue()));
      if (file.links().isEmpty()) {
        closed += file.bytes();
        files.remove();
      }
    }
    return closed;
  }

  /** Whether {@code link} still holds the file it showed (a closed number may be reused). */
  private static boolean stillShows(Path link, String shown) {
    try {
      return Files.readSymbolicLink(link).toString().equals(shown);
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean isPid(Path entry) {
    String name = entry.getFileName().toString();
    return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
  }
}
