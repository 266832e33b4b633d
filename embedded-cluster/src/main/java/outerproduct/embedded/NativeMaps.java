package outerproduct.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * Accumulo's native in-memory map for the embedded tablet servers. The library is built from the
 * {@code accumulo-native} source tarball on Maven Central when this module is built (see {@code
 * src/build/native-maps.sh}; skipped without g++) and travels in this jar. Native maps keep a
 * tablet server's in-memory data off the Java heap: inserts cost less than in Java's skip list, the
 * heap no longer grows with the map, and a server replaying a lost server's log does not run out of
 * heap (docs/guarantees.md).
 */
public final class NativeMaps {
  private static final String RESOURCE = "native/libaccumulo.so";

  private NativeMaps() {}

  /** Whether this build carries the library (built on Linux, for Linux). */
  public static boolean available() {
    return System.getProperty("os.name").equals("Linux")
        && NativeMaps.class.getResource(RESOURCE) != null;
  }

  /**
   * Copies the library into {@code dir} and returns that directory (the tablet servers' library
   * path), or empty when {@link #available()} is false.
   */
  static Optional<Path> installInto(Path dir) {
    if (!available()) {
      return Optional.empty();
    }
    try (InputStream in = NativeMaps.class.getResourceAsStream(RESOURCE)) {
      Files.createDirectories(dir);
      Files.copy(in, dir.resolve("libaccumulo.so"), StandardCopyOption.REPLACE_EXISTING);
      return Optional.of(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "could not install Accumulo's native map library into " + dir, e);
    }
  }
}
