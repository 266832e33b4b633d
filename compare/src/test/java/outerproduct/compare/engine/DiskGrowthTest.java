package outerproduct.compare.engine;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file written and deleted between a reset and the peak counts, a file from before the reset
 * freed during the run does not offset it, nor does one deleted but held open until it is closed,
 * and an unmeasured gauge says so.
 */
class DiskGrowthTest {
  @Test
  void aFileThatLivedThroughASampleIsInThePeak(@TempDir Path dir) throws Exception {
    try (DiskGrowth disk = DiskGrowth.of(dir)) {
      disk.reset();
      Path file = dir.resolve("spill");
      byte[] mb = new byte[1 << 20];
      try (var out = Files.newOutputStream(file)) {
        for (int n = 0; n < 32; n++) {
          out.write(mb);
        }
        out.flush();
      }
      // the data reaches the disk's accounting once written back
      try (var channel =
          java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
        channel.force(true);
      }
      disk.sample();
      Files.delete(file);
      Double peak = disk.peakMb();
      assertTrue(peak != null && peak >= 32, "peak " + peak + " MB after a 32 MB file");
    }
  }

  @Test
  void aFileFreedFromBeforeTheResetDoesNotCancelTheRunsGrowth(@TempDir Path dir) throws Exception {
    Path previousRun = dir.resolve("previous-c");
    writeForced(previousRun, 32);
    try (DiskGrowth disk = DiskGrowth.of(dir)) {
      disk.reset();
      // this run writes as much as the previous run's files the background then frees
      writeForced(dir.resolve("this-run"), 32);
      Files.delete(previousRun);
      disk.sample();
      Double peak = disk.peakMb();
      assertTrue(peak != null && peak >= 32, "peak " + peak + " MB after a 32 MB file");
    }
  }

  @Test
  void aDeletedFileClosedDuringTheRunDoesNotCancelItsGrowth(@TempDir Path dir) throws Exception {
    FileChannel reader = previousCHeldOpen(dir);
    Files.delete(dir.resolve(PREVIOUS_C));
    try (DiskGrowth disk = DiskGrowth.of(dir)) {
      disk.reset();
      writeForced(dir.resolve("this-run"), 32);
      reader.close();
      disk.sample();
      Double peak = disk.peakMb();
      assertTrue(peak != null && peak >= 32, "peak " + peak + " MB after a 32 MB file");
    } finally {
      reader.close();
    }
  }

  @Test
  void aFileDeletedDuringTheRunCountsFreedOnlyOnceClosed(@TempDir Path dir) throws Exception {
    FileChannel reader = previousCHeldOpen(dir);
    try (DiskGrowth disk = DiskGrowth.of(dir)) {
      disk.reset();
      Files.delete(dir.resolve(PREVIOUS_C));
      disk.sample();
      // its space is still in use: adding it back now would count 32 MB this run never wrote
      Double peak = disk.peakMb();
      assertTrue(peak != null && peak < 16, "peak " + peak + " MB with nothing written");
      writeForced(dir.resolve("this-run"), 32);
      reader.close();
      disk.sample();
      peak = disk.peakMb();
      assertTrue(peak != null && peak >= 32, "peak " + peak + " MB after a 32 MB file");
    } finally {
      reader.close();
    }
  }

  private static final String PREVIOUS_C = "previous-c";

  /**
   * The previous run's C, 32 MB, open as a tablet server's idle reader keeps it; the caller deletes
   * it. Open files are found through Linux's /proc, so elsewhere the test does not apply.
   */
  private static FileChannel previousCHeldOpen(Path dir) throws Exception {
    assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "open files are found through /proc");
    Path previousRun = dir.resolve(PREVIOUS_C);
    writeForced(previousRun, 32);
    return FileChannel.open(previousRun, StandardOpenOption.READ);
  }

  /** A file of {@code mb} MB, written back so that the disk's free space counts it. */
  private static void writeForced(Path file, int mb) throws Exception {
    byte[] block = new byte[1 << 20];
    try (var channel =
        java.nio.channels.FileChannel.open(
            file,
            java.nio.file.StandardOpenOption.CREATE_NEW,
            java.nio.file.StandardOpenOption.WRITE)) {
      for (int n = 0; n < mb; n++) {
        channel.write(java.nio.ByteBuffer.wrap(block));
      }
      channel.force(true);
    }
  }

  @Test
  void anUnmeasuredGaugeHasNoPeak() {
    try (DiskGrowth disk = DiskGrowth.none()) {
      disk.reset();
      assertNull(disk.peakMb());
    }
  }
}
