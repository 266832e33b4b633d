package outerproduct.iterator;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What a committed stretch of bulk output holds ({@link StretchFiles}): the part of B's range whose
 * products are all in its files, the entries written, and the files' names (in its directory).
 *
 * @param covered rows of B: from where the call started to the last row it finished
 */
record StretchManifest(Range covered, long written, List<String> files) {
  static final String NAME = "manifest";

  StretchManifest {
    files = List.copyOf(files);
  }

  void write(FileSystem fs, Path dir) throws IOException {
    try (DataOutputStream out = fs.create(new Path(dir, NAME), false)) {
      covered.write(out);
      out.writeLong(written);
      out.writeInt(files.size());
      for (String file : files) {
        out.writeUTF(file);
      }
    }
  }

  static StretchManifest read(FileSystem fs, Path dir) throws IOException {
    try (DataInputStream in = fs.open(new Path(dir, NAME))) {
      Range covered = new Range();
      covered.readFields(in);
      long written = in.readLong();
      int count = in.readInt();
      List<String> files = new ArrayList<>(count);
      for (int n = 0; n < count; n++) {
        files.add(in.readUTF());
      }
      return new StretchManifest(covered, written, files);
    }
  }
}
