package outerproduct.mr.task;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import outerproduct.mr.MultiplyConf;

/** Runs a reducer with bulk output under MRUnit and reads back the RFile it wrote. */
final class ReducerFiles {
  private ReducerFiles() {}

  /** The entries of the RFiles the reducer wrote under {@code dir}, in order, as "key=value". */
  static List<String> run(ReduceDriver<?, ?, Object, Object> driver, Path dir) throws IOException {
    Configuration conf = driver.getConfiguration();
    conf.set(MultiplyConf.OUTPUT, "bulk");
    conf.set(FileOutputFormat.OUTDIR, dir.toUri().toString());
    if (!driver.run().isEmpty()) {
      throw new AssertionError("bulk output went through the task's context");
    }
    List<String> files;
    try (Stream<Path> walk = Files.walk(dir)) {
      files = walk.filter(p -> p.toString().endsWith(".rf")).map(Path::toString).toList();
    }
    if (files.isEmpty()) {
      throw new AssertionError("no RFile under " + dir);
    }
    List<String> entries = new ArrayList<>();
    try (Scanner scanner =
        RFile.newScanner()
            .from(files.toArray(String[]::new))
            .withFileSystem(FileSystem.getLocal(conf))
            .build()) {
      for (Map.Entry<Key, Value> e : scanner) {
        Key k = e.getKey();
        entries.add(
            k.getRow()
                + " "
                + k.getColumnQualifier()
                + " ["
                + k.getColumnVisibility()
                + "]="
                + e.getValue());
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return entries;
  }
}
