package outerproduct.compare.engine;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The peak growth of used space, over one run, on the file system that holds the embedded cluster's
 * files: the tablet servers' spilled runs and C's files, staging, MapReduce's map outputs and
 * shuffle, all on the one local disk. Sampled every {@value #SAMPLE_MILLIS} ms as free space
 * against its value at {@link #reset()}, plus what files of the cluster that were there at the
 * reset have freed since: the previous run's C and job files, deleted just before, are removed by
 * Accumulo and YARN in the background and would otherwise cancel this run's growth. A file deleted
 * but still open (a tablet server's idle reader of the previous C, {@link OpenDeletedFiles}) is
 * counted freed only once it is closed, when the file system gives its space back. Anything else
 * writing to that file system counts too, which a benchmark keeps to nothing, and a file that lived
 * between two samples is missed. What a larger table needs of the disk is read from it
 * (docs/format.md, {@code disk_peak_mb}).
 */
public final class DiskGrowth implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DiskGrowth.class);

  /** Where Linux shows each process's open files. */
  private static final Path PROC = Path.of("/proc");

  static final long SAMPLE_MILLIS = 250;

  /**
   * Files smaller than this are not watched: the many small logs and job files of a cluster that
   * has run for hours would cost a sample more checks than their bytes could move the peak.
   */
  static final long WATCHED_BYTES = 1 << 20;

  /** Null: not measured (an existing cluster's servers write to their own disks). */
  private final FileStore store;

  /** The folder whose files at the reset are watched for deletion. */
  private final Path dir;

  private final ScheduledExecutorService sampler;
  private long freeAtReset = -1;
  private long mostGrown;

  /** The cluster's files of at least {@link #WATCHED_BYTES} at the reset that still exist. */
  private List<Sized> present = List.of();

  /** The cluster's deleted files still held open, counted freed as they are closed. */
  private OpenDeletedFiles openDeleted = new OpenDeletedFiles(PROC);

  private long freedSinceReset;

  private record Sized(Path path, long bytes) {}

  private DiskGrowth(FileStore store, Path dir) {
    this.store = store;
    this.dir = dir == null ? null : realPath(dir);
    if (store == null) {
      sampler = null;
      return;
    }
    sampler =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "disk-growth");
              t.setDaemon(true);
              return t;
            });
    sampler.scheduleWithFixedDelay(this::sample, 0, SAMPLE_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** Measures the file system holding {@code dir}; unmeasured, with a warning, if it cannot. */
  public static DiskGrowth of(Path dir) {
    try {
      return new DiskGrowth(Files.getFileStore(dir), dir);
    } catch (IOException e) {
      log.warn("cannot read the free space of {}'s file system: {}", dir, e.toString());
      return none();
    }
  }

  /** A gauge that measures nothing: {@link #peakMb()} is null. */
  public static DiskGrowth none() {
    return new DiskGrowth(null, null);
  }

  /** Starts a measurement at the free space and the cluster's files now. */
  public synchronized void reset() {
    if (store != null) {
      // Free space first: a file freed before the files are listed is then left out, which can
      // lower the peak but never count bytes the free space already holds.
      freeAtReset = free();
      present = largeFilesUnder(dir);
      openDeleted = new OpenDeletedFiles(PROC);
      openDeleted.watch(dir, WATCHED_BYTES, file -> true);
      freedSinceReset = 0;
      mostGrown = 0;
    }
  }

  /**
   * Takes one sample now (the sampler's own call; tests call it to sample at a known point). The
   * files present at the reset are checked just before the free space is read: a deletion between
   * the two lowers this one sample, where the other order would add bytes the free space had not
   * yet given back and raise the peak for good.
   */
  synchronized void sample() {
    if (store == null || freeAtReset < 0) {
      return;
    }
    Map<Path, Long> gone = new HashMap<>();
    for (Iterator<Sized> it = present.iterator(); it.hasNext(); ) {
      Sized file = it.next();
      if (!Files.exists(file.path())) {
        gone.put(file.path(), file.bytes());
        it.remove();
      }
    }
    if (!gone.isEmpty()) {
      // A file gone from its folder but still open has not given its space back yet.
      Set<Path> stillOpen = openDeleted.watch(dir, WATCHED_BYTES, gone::containsKey);
      gone.forEach((path, bytes) -> freedSinceReset += stillOpen.contains(path) ? 0 : bytes);
    }
    freedSinceReset += openDeleted.takeClosed();
    long free = free();
    if (free >= 0) {
      mostGrown = Math.max(mostGrown, freeAtReset - free + freedSinceReset);
    }
  }

  /** The largest growth of used space since {@link #reset()}, in MB; null where unmeasured. */
  public synchronized Double peakMb() {
    if (store == null || freeAtReset < 0) {
      return null;
    }
    sample();
    return mostGrown / 1048576.0;
  }

  /** The folder as {@code /proc} shows open files' paths: absolute, links resolved. */
  private static Path realPath(Path dir) {
    try {
      return dir.toRealPath();
    } catch (IOException e) {
      return dir.toAbsolutePath().normalize();
    }
  }

  /** Free bytes, or -1 if the file system cannot say (the sample is skipped). */
  private long free() {
    try {
      return store.getUsableSpace();
    } catch (IOException e) {
      log.debug("cannot read the free space of {}", store, e);
      return -1;
    }
  }

  /**
   * The regular files under {@code root} of at least {@link #WATCHED_BYTES}, with their sizes; a
   * file or folder deleted or unreadable while walking is left out (it is not this run's to count,
   * or the correction is smaller).
   */
  private static List<Sized> largeFilesUnder(Path root) {
    List<Sized> files = new ArrayList<>();
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
              if (attributes.isRegularFile() && attributes.size() >= WATCHED_BYTES) {
                files.add(new Sized(file, attributes.size()));
              }
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      log.debug("cannot list every file under {}: {}", root, e.toString());
    }
    return files;
  }

  @Override
  public void close() {
    if (sampler != null) {
      sampler.shutdownNow();
    }
  }
}
