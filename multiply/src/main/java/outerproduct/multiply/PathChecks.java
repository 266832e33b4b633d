package outerproduct.multiply;

import java.io.IOException;
import java.net.URI;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import outerproduct.iterator.ResultTables;
import outerproduct.kernel.accumulo.BulkImportCheck;
import outerproduct.kernel.accumulo.FileSystems;
import outerproduct.kernel.accumulo.ResultState;
import outerproduct.kernel.product.Output;

/**
 * Which paths cannot run for this caller, and why, checked before a choice so that {@code auto}
 * never picks a path that would fail:
 *
 * <ul>
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
final class PathChecks {
  private PathChecks() {}

  /**
   * @param c the result table (may exist)
   * @param hadoop the YARN cluster's configuration, or null
   * @param maxCells the most cells C can have: the estimated partial products (with the sample's
   *     margin)
   * @param reuse what the caller allows with a C that holds something: emptying an unfinished C
   *     (the server-side paths) or adding onto it (the iterator paths, whose C sums)
   */
  static Map<ExecutionPath, String> cannotRun(
      AccumuloClient client, String c, Configuration hadoop, long maxCells, ResultState.Reuse reuse)
      throws AccumuloException, AccumuloSecurityException {
    Map<ExecutionPath, String> reasons = new EnumMap<>(ExecutionPath.class);
    long budget = ClientMultiply.cellBudget();
    boolean exists = client.tableOperations().exists(c);
    if (reuse.addToExisting() && exists) {
      boolean sums = sumsWhatItIsGiven(client, c);
      for (ExecutionPath path : ExecutionPath.runnable()) {
        if (path.engine() != ExecutionPath.Engine.ITERATOR) {
          reasons.put(
              path,
              "add to existing: this path writes C's final sums, it cannot add to '" + c + "'");
        } else if (!sums) {
          reasons.put(
              path,
              "add to existing: '"
                  + c
                  + "' has no semiring combiner (the client or MapReduce path wrote it), so"
                  + " nothing can add to it; multiply into a new table");
        }
      }
    } else if (reuse.replaceIncomplete() && exists) {
      reasons.put(
          ExecutionPath.CLIENT,
          "replace incomplete: the client path writes only a new, empty C, and '" + c + "' exists");
    } else if (maxCells > budget) {
      reasons.put(
          ExecutionPath.CLIENT,
          String.format(
              Locale.ROOT,
              "C may hold %d cells, past the %d this JVM holds in memory (half of its %d MB heap"
                  + " at %d bytes a cell)",
              maxCells,
              budget,
              Runtime.getRuntime().maxMemory() >> 20,
              ClientMultiply.BYTES_PER_CELL));
    }
    if (hadoop == null && !reasons.containsKey(ExecutionPath.MR)) {
      String none = "no YARN cluster configuration (--hadoop-conf, or HADOOP_CONF_DIR)";
      reasons.put(ExecutionPath.MR, none);
      reasons.put(ExecutionPath.MR_BULK, none);
    }
    Optional<String> bulk = bulkRefusal(client, c);
    Volume volume = bulk.isPresent() ? null : new Volume(client);
    for (ExecutionPath path : ExecutionPath.runnable()) {
      if (path.output() == Output.BULK && !reasons.containsKey(path)) {
        bulk.or(() -> volume.sharedWith(path, hadoop)).ifPresent(why -> reasons.put(path, why));
      }
    }
    return reasons;
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

  private static Optional<String> bulkRefusal(AccumuloClient client, String c)
      throws AccumuloException, AccumuloSecurityException {
    return BulkImportCheck.refusal(client, List.of(c)).map(why -> "bulk output: " + why);
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
