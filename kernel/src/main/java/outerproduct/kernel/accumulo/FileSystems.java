package outerproduct.kernel.accumulo;

import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * The file systems of Accumulo's volumes and staging directories, as this JVM's default Hadoop
 * configuration (its classpath's {@code core-site.xml}) reaches them. One configuration for the
 * JVM, read once: a new {@code Configuration} parses its XML resources on first use, 8–13 ms each
 * time, which a queued multiply paid on every call (and every stretch on a tablet server). Hadoop's
 * {@link FileSystem#get} caches the file system itself; the configuration is only read.
 */
public final class FileSystems {
  private FileSystems() {}

  private static final class Shared {
    static final Configuration CONF = new Configuration();
  }

  /** This JVM's Hadoop configuration; callers must not change it. */
  public static Configuration configuration() {
    return Shared.CONF;
  }

  /** The (cached) file system of {@code uri}. */
  public static FileSystem of(URI uri) throws IOException {
    return FileSystem.get(uri, Shared.CONF);
  }
}
