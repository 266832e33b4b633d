package outerproduct.compare.engine;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file written and deleted between a reset and the peak counts, a file from before the reset
 * freed during the run does not offset it, and an unmeasured gauge says so.
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
