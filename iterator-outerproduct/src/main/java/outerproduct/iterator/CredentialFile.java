package outerproduct.iterator;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.kernel.accumulo.DelegatedCredentials;
import outerproduct.kernel.accumulo.FileSystems;
import outerproduct.kernel.accumulo.PrivateFiles;
import outerproduct.kernel.accumulo.ServerUser;
import outerproduct.kernel.accumulo.StagingSweep;

/**
 * The caller's credentials, handed to the tablet servers for one multiply: a private file that the
 * iterators read, of which a scan's options carry only the location. Scan iterator options are not
 * private in Accumulo (active-scan listings, the shell's {@code listscans}, scan dispatchers and
 * the tablet servers' audit log show them), so the token itself never goes there.
 *
 * <p>The file is readable by its writer and, where they are another user, by the tablet servers
 * ({@link ServerUser}, an HDFS ACL entry); nobody else (mode 600 in a directory of mode 700). It
 * grants no more than the multiply needs: iterators accept it only in a scan of the table it names,
 * reading and writing only the tables it names ({@link Grant}), and only while it exists; {@link
 * #close()} deletes it when the multiply ends. Under Kerberos it holds a delegation token of the
 * caller's instead of the caller's own credentials ({@link DelegatedCredentials}). Where it lives:
 * {@value #DIRECTORY_PROPERTY} (a Java system property, or a property of the client's Hadoop
 * configuration), default {@code .outerproduct/credentials} in the user's home directory on the
 * default file system, which must be one the tablet servers reach (HDFS on a cluster).
 */
public final class CredentialFile implements AutoCloseable {
  /** The directory for the files, a qualified URI; default {@code ~/.outerproduct/credentials}. */
  public static final String DIRECTORY_PROPERTY = "outerproduct.credentials.dir";

  /** Keys of the grant in the file, beside the client properties. */
  static final String SCAN_TABLE_ID = "outerproduct.grant.scan.table.id";

  static final String READS = "outerproduct.grant.read";
  static final String WRITES = "outerproduct.grant.write";

  static final int STALE_DAYS = 7;

  private static final Logger log = LoggerFactory.getLogger(CredentialFile.class);

  /** Not the common pool, which has one thread on a 2-core machine. */
  private static final ExecutorService WRITERS =
      Executors.newCachedThreadPool(
          new ThreadFactoryBuilder()
              .setNameFormat("outerproduct-credential-file-%d")
              .setDaemon(true)
              .build());

  /** Directories made private in this JVM: once each, not per multiply. */
  private static final Set<Path> READY = ConcurrentHashMap.newKeySet();

  /**
   * What a multiply's iterators may do as its caller: run in a scan of one table (by id, which a
   * rename or a re-created table does not carry over), read {@code reads} and write {@code writes}.
   */
  public record Grant(String scanTableId, Set<String> reads, Set<String> writes) {
    public Grant {
      Objects.requireNonNull(scanTableId, "scanTableId");
      reads = Set.copyOf(reads);
      writes = Set.copyOf(writes);
    }

    /** A scan of {@code table} that reads {@code read} (may be null) and writes the others. */
    public static Grant of(AccumuloClient client, String table, String read, String... writes) {
      String id = client.tableOperations().tableIdMap().get(table);
      if (id == null) {
        throw new IllegalArgumentException("table '" + table + "' does not exist");
      }
      Set<String> written =
          Arrays.stream(writes).filter(Objects::nonNull).collect(Collectors.toSet());
      return new Grant(id, read == null ? Set.of() : Set.of(read), written);
    }
  }

  private final FileSystem fs;
  private final Path path;

  /** The file's stream, left open where HDFS shows its flushed content to readers. */
  private final OutputStream open;

  private CredentialFile(FileSystem fs, Path path, OutputStream open) {
    this.fs = fs;
    this.path = path;
    this.open = open;
  }

  /**
   * Writes {@code clientProperties} and {@code grant} to a new private file.
   *
   * @throws IllegalArgumentException if the properties hold no token, or the directory is on this
   *     host's local file system while a tablet server runs on another host
   */
  public static CredentialFile write(
      AccumuloClient client, Properties clientProperties, Grant grant) throws IOException {
    requireToken(clientProperties);
    Configuration conf = FileSystems.configuration();
    Path dir = directory(conf);
    FileSystem fs = FileSystems.of(dir.toUri());
    if ("file".equals(fs.getUri().getScheme())) {
      requireLocalTabletServers(client, dir);
    }
    String reader = ServerUser.of(client).orElse(null);
    Path qualified = fs.makeQualified(dir);
    if (!READY.contains(qualified)) {
      if (qualified.getParent().equals(fs.makeQualified(StagingSweep.userDirectory(fs)))) {
        PrivateFiles.directory(fs, qualified.getParent(), reader);
      }
      PrivateFiles.directory(fs, qualified, reader);
      removeStale(fs, qualified);
      READY.add(qualified);
    }
    Path path = new Path(qualified, UUID.randomUUID() + ".properties");
    OutputStream out =
        PrivateFiles.writeOpen(
            fs,
            path,
            content(DelegatedCredentials.forRemoteUse(client, clientProperties), grant)
                .getBytes(StandardCharsets.UTF_8),
            reader,
            true);
    return new CredentialFile(fs, path, out);
  }

  /**
   * {@link #write} on another thread, for a scan of {@code table} that reads {@code read} (may be
   * null) and writes {@code writes}: HDFS takes tens of milliseconds (a new client JVM's first call
   * most of a second), which a multiply spends beside its other preparations.
   */
  public static CompletableFuture<CredentialFile> writeLater(
      AccumuloClient client,
      Properties clientProperties,
      String table,
      String read,
      String... writes) {
    requireToken(clientProperties);
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return write(client, clientProperties, Grant.of(client, table, read, writes));
          } catch (IOException e) {
            throw new UncheckedIOException(
                "cannot write the caller's credential file for the tablet servers: "
                    + e.getMessage(),
                e);
          }
        },
        WRITERS);
  }

  /**
   * Deletes the file {@code written} gives, once it is written (nothing if it failed). A file that
   * cannot be deleted is logged, not thrown: the multiply's outcome stands, and the caller's next
   * multiply removes it after {@value #STALE_DAYS} days.
   */
  public static void delete(CompletableFuture<CredentialFile> written) {
    CredentialFile file = written.handle((f, e) -> f).join();
    if (file != null) {
      try {
        file.close();
      } catch (IOException | RuntimeException e) {
        log.warn("could not delete the credential file {}: {}", file.uri(), e.toString());
      }
    }
  }

  /** The file's location, which is what the iterators' connection option carries. */
  public String uri() {
    return path.toUri().toString();
  }

  /** Deletes the file: from now on no iterator accepts it. */
  @Override
  public void close() throws IOException {
    try {
      fs.delete(path, false);
    } finally {
      closeDeleted();
    }
  }

  /** The stream of a deleted file cannot complete it: whatever closing it says is moot. */
  private void closeDeleted() {
    try {
      open.close();
    } catch (IOException | RuntimeException e) {
      log.debug("closing the deleted credential file {}: {}", uri(), e.toString());
    }
  }

  @Override
  public String toString() {
    return "CredentialFile(" + uri() + ")";
  }

  static void requireToken(Properties clientProperties) {
    if (clientProperties.getProperty("auth.principal") == null
        || clientProperties.getProperty("auth.token") == null) {
      throw new IllegalArgumentException(
          "client properties must hold auth.principal and auth.token: tablet servers act as that"
              + " user");
    }
  }

  static String content(Properties clientProperties, Grant grant) {
    Properties all = new Properties();
    all.putAll(clientProperties);
    all.setProperty(SCAN_TABLE_ID, grant.scanTableId());
    all.setProperty(READS, String.join(",", grant.reads()));
    all.setProperty(WRITES, String.join(",", grant.writes()));
    StringWriter out = new StringWriter();
    try {
      all.store(out, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  static Properties parse(String content) {
    Properties p = new Properties();
    try {
      p.load(new StringReader(content));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  /**
   * Removes files left by multiplies whose client died before deleting them: older than {@value
   * #STALE_DAYS} days, far beyond any multiply, as a running one needs its file.
   */
  private static void removeStale(FileSystem fs, Path dir) throws IOException {
    long before = System.currentTimeMillis() - TimeUnit.DAYS.toMillis(STALE_DAYS);
    for (FileStatus file : fs.listStatus(dir)) {
      if (file.isFile() && file.getModificationTime() < before) {
        fs.delete(file.getPath(), false);
      }
    }
  }

  private static Path directory(Configuration conf) throws IOException {
    String named = setting(conf, DIRECTORY_PROPERTY);
    if (named == null) {
      FileSystem fs = FileSystem.get(conf);
      return new Path(StagingSweep.userDirectory(fs), "credentials");
    }
    URI uri = URI.create(named);
    if (uri.getScheme() == null) {
      throw new IllegalArgumentException(
          DIRECTORY_PROPERTY
              + " must be a qualified URI (hdfs://..., file:/...), got '"
              + named
              + "'");
    }
    return new Path(uri);
  }

  private static String setting(Configuration conf, String name) {
    String value = System.getProperty(name, conf.get(name));
    return value == null || value.isBlank() ? null : value.trim();
  }

  /**
   * A file on this host's disk reaches only tablet servers on this host: with one elsewhere the
   * multiply would fail inside it, after C was created.
   */
  private static void requireLocalTabletServers(AccumuloClient client, Path dir) {
    for (String server : client.instanceOperations().getTabletServers()) {
      String host = server.substring(0, server.lastIndexOf(':'));
      if (!isThisHost(host)) {
        throw new IllegalArgumentException(
            "the iterator paths hand the caller's credentials to the tablet servers in a private"
                + " file, and "
                + dir
                + " is on this host's disk while tablet server "
                + server
                + " runs elsewhere: set HADOOP_CONF_DIR to the cluster's Hadoop configuration (or "
                + DIRECTORY_PROPERTY
                + " to a directory on HDFS)");
      }
    }
  }

  private static boolean isThisHost(String host) {
    try {
      for (InetAddress address : InetAddress.getAllByName(host)) {
        if (address.isLoopbackAddress() || NetworkInterface.getByInetAddress(address) != null) {
          return true;
        }
      }
      return false;
    } catch (UnknownHostException | SocketException e) {
      return false;
    }
  }
}
