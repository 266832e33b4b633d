package outerproduct.compare.engine;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The peak growth of used space, over one run, on the file system that holds the embedded cluster's
 * files: the tablet servers' spilled runs and C's files, staging, MapReduce's map outputs and
 * shuffle, all on the one local disk. Sampled every {@value #SAMPLE_MILLIS} ms as free space
 * against its value at {@link #reset()}: anything else writing to that file system counts too,
 * which a benchmark keeps to nothing, and a file that lived between two samples is missed. What a
 * larger table needs of the disk is read from it (docs/format.md, {@code disk_peak_mb}).
 */
public final class DiskGrowth implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DiskGrowth.class);

  static final long SAMPLE_MILLIS = 250;

  /** Null: not measured (an existing cluster's servers write to their own disks). */
  private final FileStore store;

  private final ScheduledExecutorService sampler;
  private final AtomicLong freeAtReset = new AtomicLong(-1);
  private final AtomicLong leastFree = new AtomicLong(Long.MAX_VALUE);

  private DiskGrowth(FileStore store) {
    this.store = store;
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
      return new DiskGrowth(Files.getFileStore(dir));
    } catch (IOException e) {
      log.warn("cannot read the free space of {}'s file system: {}", dir, e.toString());
      return none();
    }
  }

  /** A gauge that measures nothing: {@link #peakMb()} is null. */
  public static DiskGrowth none() {
    return new DiskGrowth(null);
  }

  /** Starts a measurement at the free space now. */
  public void reset() {
    if (store != null) {
      long free = free();
      leastFree.set(free < 0 ? Long.MAX_VALUE : free);
      freeAtReset.set(free);
    }
  }

  /** Takes one sample now (the sampler's own call; tests call it to sample at a known point). */
  void sample() {
    if (store != null && freeAtReset.get() >= 0) {
      long free = free();
      if (free >= 0) {
        leastFree.accumulateAndGet(free, Math::min);
      }
    }
  }

  /** The largest growth of used space since {@link #reset()}, in MB; null where unmeasured. */
  public Double peakMb() {
    if (store == null || freeAtReset.get() < 0) {
      return null;
    }
    sample();
    return Math.max(0, freeAtReset.get() - leastFree.get()) / 1048576.0;
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

  @Override
  public void close() {
    if (sampler != null) {
      sampler.shutdownNow();
    }
  }
}
