package outerproduct.multiply;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import outerproduct.iterator.ProductStack;
import outerproduct.iterator.ResultTables;
import outerproduct.kernel.accumulo.BulkImportCheck;
import outerproduct.kernel.accumulo.FileSystems;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.product.Output;

/**
 * Why a path cannot run for this caller, asked before a path is chosen so that {@code auto} never
 * picks a path that would fail. {@link PathChoice} asks of the candidates in the order of their
 * predicted times and stops at the first that can run, so a request the client path answers pays no
 * round trip for the bulk paths' permissions; what several paths share (C's existence, the import
 * permission, the instance's volume) is asked of the cluster once. A path cannot run where:
 *
 * <ul>
 *   <li>the iterator paths need this project's server jar in B's tablet servers ({@link
 *       ProductStack#missingServerCode}, docs/deploy.md);
 *   <li>the MapReduce paths need a YARN cluster's Hadoop configuration;
 *   <li>bulk output needs System permission SYSTEM and Table permission BULK_IMPORT on an existing
 *       C ({@link BulkImportCheck}), and a file system the tablet servers and the writers share:
 *       the iterator engine stages under the instance's first volume, which the caller must reach
 *       (it moves the files before the import); the MapReduce engine's reducers write to the job's
 *       file system, which must be the volume's. A {@code file:} volume counts as shared with a
 *       caller on the same host (the embedded and pseudo-distributed clusters): the caller cannot
 *       tell another host's disk from its own;
 *   <li>only the iterator paths add to a C that exists when asked to ({@code addToExisting}): the
 *       others write C's final sums into a C without a combiner;
 *   <li>the client path holds C in the caller's memory: it runs only where C's cells, at most the
 *       estimated partial products, fit {@link ClientMultiply#cellBudget()}.
 * </ul>
 */
final class PathChecks implements PathChoice.Check {
  private final AccumuloClient client;
  private final String b;
  private final String c;
  private final Configuration hadoop;
  private final long maxCells;
  private final ResultState.Reuse reuse;
  // what several paths' checks share, each asked of the cluster once, when first needed
  private Boolean exists;
  private Boolean sums;
  private Optional<String> bulkRefusal;
  private Volume volume;
  private Optional<String> serverCodeMissing;

  /**
   * @param c the result table (may exist)
   * @param hadoop the YARN cluster's configuration, or null
   * @param maxCells the most cells C can have: the estimated partial products (with the sample's
   *     margin)
   * @param reuse what the caller allows with a C that holds something: emptying an unfinished C
   *     (the server-side paths) or adding onto it (the iterator paths, whose C sums)
   */
  PathChecks(
      AccumuloClient client,
      String b,
      String c,
      Configuration hadoop,
      long maxCells,
      ResultState.Reuse reuse) {
    this.client = client;
    this.b = b;
    this.c = c;
    this.hadoop = hadoop;
    this.maxCells = maxCells;
    this.reuse = reuse;
  }

  @Override
  public Optional<String> whyNot(ExecutionPath path)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    Optional<String> reuseRefusal = reuseRefusal(path);
    if (reuseRefusal.isPresent()) {
      return reuseRefusal;
    }
    if (path == ExecutionPath.CLIENT && maxCells > ClientMultiply.cellBudget()) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "C may hold %d cells, past the %d this JVM holds in memory (half of its %d MB heap"
                  + " at %d bytes a cell)",
              maxCells,
              ClientMultiply.cellBudget(),
              Runtime.getRuntime().maxMemory() >> 20,
              ClientMultiply.BYTES_PER_CELL));
    }
    if (path.engine() == ExecutionPath.Engine.ITERATOR) {
      if (serverCodeMissing == null) {
        serverCodeMissing = ProductStack.missingServerCode(client, b);
      }
      if (serverCodeMissing.isPresent()) {
        return serverCodeMissing;
      }
    }
    if (path.engine() == ExecutionPath.Engine.MAPREDUCE && hadoop == null) {
      return Optional.of("no YARN cluster configuration (--hadoop-conf, or HADOOP_CONF_DIR)");
    }
    if (path.output() == Output.BULK) {
      if (bulkRefusal == null) {
        bulkRefusal = BulkImportCheck.refusal(client, List.of(c)).map(why -> "bulk output: " + why);
      }
      if (bulkRefusal.isPresent()) {
        return bulkRefusal;
      }
      if (volume == null) {
        volume = new Volume(client);
      }
      return volume.sharedWith(path, hadoop);
    }
    return Optional.empty();
  }

  /** Why {@code path} cannot take the existing C the caller asked to reuse. */
  private Optional<String> reuseRefusal(ExecutionPath path)
      throws AccumuloException, AccumuloSecurityException {
    if (!reuse.addToExisting() && !reuse.replaceIncomplete()) {
      return Optional.empty();
    }
    if (exists == null) {
      exists = client.tableOperations().exists(c);
    }
    if (!exists) {
      return Optional.empty();
    }
    if (reuse.addToExisting()) {
      if (sums == null) {
        sums = sumsWhatItIsGiven(client, c);
      }
      if (!sums) {
        // no path at all can: said as the cause, not as every path's exclusion
        throw new IllegalArgumentException(
            "add to existing (--add-to-existing): result table '"
                + c
                + "' has no semiring combiner (the client or MapReduce path wrote it, or it is a"
                + " table of your own), so no path can ever add to it: its cells would be"
                + " replaced, not summed; multiply into a new table");
      }
      return path.engine() == ExecutionPath.Engine.ITERATOR
          ? Optional.empty()
          : Optional.of(
              "add to existing: this path writes C's final sums, it cannot add to '" + c + "'");
    }
    return Optional.empty(); // an unfinished C is replaced by a new table on every path
  }

  /** Whether {@code c} carries the iterator engine's ⊕ combiner, which adds what it is given. */
  private static boolean sumsWhatItIsGiven(AccumuloClient client, String c)
      throws AccumuloException, AccumuloSecurityException {
    try {
      return client.tableOperations().listIterators(c).containsKey(ResultTables.COMBINER_NAME);
    } catch (TableNotFoundException e) {
      return true; // gone meanwhile: the multiply will create it
    }
  }

  /**
   * The instance's first volume, where bulk files are imported from, read once for every path that
   * checks it (one call to the instance's configuration).
   */
  private static final class Volume {
    private URI uri;
    private String unreachable;

    Volume(AccumuloClient client) {
      try {
        uri = new Path(BulkImportCheck.firstVolume(client)).toUri();
      } catch (AccumuloException | AccumuloSecurityException | RuntimeException e) {
        unreachable = "bulk output: cannot reach the instance's volume: " + e.getMessage();
      }
    }

    /** Why the writers of {@code path}'s files and the tablet servers share no file system. */
    Optional<String> sharedWith(ExecutionPath path, Configuration hadoop) {
      if (unreachable != null) {
        return Optional.of(unreachable);
      }
      try {
        if (path.engine() == ExecutionPath.Engine.MAPREDUCE) {
          URI jobFs = FileSystem.get(hadoop).getUri();
          return sameFileSystem(jobFs, uri)
              ? Optional.empty()
              : Optional.of(
                  "bulk output: reducers write to "
                      + jobFs
                      + ", which is not the instance's volume file system "
                      + uri);
        }
        return FileSystems.of(uri).exists(new Path(uri))
            ? Optional.empty()
            : Optional.of(
                "bulk output: the instance's volume "
                    + uri
                    + " is not reachable from here, where the staged files are imported");
      } catch (IOException | RuntimeException e) {
        return Optional.of("bulk output: cannot reach the instance's volume: " + e.getMessage());
      }
    }
  }

  private static boolean sameFileSystem(URI a, URI b) {
    return Objects.equals(a.getScheme(), b.getScheme())
        && Objects.equals(a.getAuthority(), b.getAuthority());
  }
}
