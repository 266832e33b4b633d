package outerproduct.iterator;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import outerproduct.kernel.product.BytePrefix;

/**
 * One sorted run of bulk output on its way to a merge ({@link SortedSpills}): cells in key order,
 * each a flag byte, then its row unless it repeats the last one, its qualifier, its visibility
 * unless it repeats the last one, and its encoded value, each length-prefixed; a flag byte marks
 * the end. A run is read once, front to back, so it needs none of what an RFile keeps for reading
 * by key (index, relative keys, statistics): writing runs as RFiles took a third of the tablet
 * server's time.
 */
final class SpillRun {
  /** Bytes each writer and reader of a run buffers. */
  static final int BUFFER_BYTES = 1 << 16;

  /**
   * Copies HDFS keeps of a run: one, on the tablet server's own DataNode where it has one. A run is
   * read once, by the call that wrote it, and lives no longer than that call; the volume's default
   * (three on most clusters) would send every spilled byte over the network twice more, as
   * MapReduce never does with its spills, which stay on local disk. A node lost with its tablet
   * server loses the call too, whose rows the client multiplies again ({@link RangeCover}); a
   * DataNode lost alone fails the call's read as any failure of the stack fails the multiply,
   * before anything reaches C (docs/guarantees.md).
   */
  static final short REPLICAS = 1;

  private static final int SAME_ROW = 1;
  private static final int SAME_VISIBILITY = 2;
  private static final int END = 0x80;

  private SpillRun() {}

  /** Receives cells in key order; the arrays are never modified after. */
  interface Sink {
    void accept(byte[] row, byte[] qualifier, byte[] visibility, byte[] value) throws IOException;
  }

  /** Writes cells, which must come in key order, to a new run. */
  static final class Writer implements Sink, Closeable {
    private final OutputStream out;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private int used;
    private byte[] lastRow;
    private byte[] lastVisibility;

    Writer(FileSystem fs, Path file) throws IOException {
      out = fs.create(file, false, BUFFER_BYTES, REPLICAS, fs.getDefaultBlockSize(file));
    }

    @Override
    public void accept(byte[] row, byte[] qualifier, byte[] visibility, byte[] value)
        throws IOException {
      boolean sameRow = row == lastRow || Arrays.equals(row, lastRow);
      boolean sameVisibility =
          visibility == lastVisibility || Arrays.equals(visibility, lastVisibility);
      room(1);
      buffer[used++] = (byte) ((sameRow ? SAME_ROW : 0) | (sameVisibility ? SAME_VISIBILITY : 0));
      if (!sameRow) {
        put(row);
        lastRow = row;
      }
      put(qualifier);
      if (!sameVisibility) {
        put(visibility);
        lastVisibility = visibility;
      }
      put(value);
    }

    /** The length as an unsigned varint (7 bits a byte), then the bytes. */
    private void put(byte[] bytes) throws IOException {
      room(5);
      int length = bytes.length;
      while (length >= 0x80) {
        buffer[used++] = (byte) (length | 0x80);
        length >>>= 7;
      }
      buffer[used++] = (byte) length;
      if (bytes.length > buffer.length - used) {
        drain();
        out.write(bytes);
      } else {
        System.arraycopy(bytes, 0, buffer, used, bytes.length);
        used += bytes.length;
      }
    }

    private void room(int bytes) throws IOException {
      if (buffer.length - used < bytes) {
        drain();
      }
    }

    private void drain() throws IOException {
      out.write(buffer, 0, used);
      used = 0;
    }

    @Override
    public void close() throws IOException {
      room(1);
      buffer[used++] = (byte) END;
      drain();
      out.close();
    }
  }

  /**
   * Reads a run front to back: {@link #next} then the current cell's parts. It parses its own
   * buffer: a {@code DataInputStream} takes a lock per byte read, and a cell is a dozen reads. Each
   * id also gets its first 8 bytes as an unsigned number ({@link BytePrefix}), so that the merge
   * orders most cells without comparing arrays.
   */
  static final class Reader implements Closeable {
    private final Path file;
    private final InputStream in;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private int position;
    private int limit;
    byte[] row;
    long rowPrefix;
    byte[] qualifier;
    long qualifierPrefix;
    byte[] visibility;
    byte[] value;

    Reader(FileSystem fs, Path file) throws IOException {
      this.file = file;
      in = fs.open(file);
    }

    /** Moves to the next cell; false at the end of the run. */
    boolean next() throws IOException {
      int flags = readByte();
      if (flags == END) {
        row = null;
        return false;
      }
      if ((flags & ~(SAME_ROW | SAME_VISIBILITY)) != 0
          || (row == null && (flags & SAME_ROW) != 0)) {
        throw new IOException("run " + file + " is damaged: flags " + flags);
      }
      if ((flags & SAME_ROW) == 0) {
        row = read();
        rowPrefix = BytePrefix.of(row);
      }
      qualifier = read();
      qualifierPrefix = BytePrefix.of(qualifier);
      if ((flags & SAME_VISIBILITY) == 0) {
        visibility = read();
      }
      value = read();
      return true;
    }

    private int readByte() throws IOException {
      if (position == limit && !fill()) {
        throw new EOFException("run " + file + " ends without its end mark");
      }
      return buffer[position++] & 0xff;
    }

    private boolean fill() throws IOException {
      int n = in.read(buffer, 0, buffer.length);
      position = 0;
      limit = Math.max(n, 0);
      return n > 0;
    }

    private byte[] read() throws IOException {
      int length = 0;
      for (int shift = 0; ; shift += 7) {
        int b = readByte();
        length |= (b & 0x7f) << shift;
        if (b < 0x80) {
          break;
        }
      }
      byte[] bytes = new byte[length];
      for (int copied = 0; copied < length; ) {
        if (position == limit && !fill()) {
          throw new EOFException("run " + file + " ends inside a cell");
        }
        int n = Math.min(length - copied, limit - position);
        System.arraycopy(buffer, position, bytes, copied, n);
        position += n;
        copied += n;
      }
      return bytes;
    }

    /** Orders readers by their current cells as Accumulo orders keys (unsigned bytes). */
    static int compare(Reader a, Reader b) {
      int order = BytePrefix.compare(a.rowPrefix, a.row, b.rowPrefix, b.row);
      if (order == 0) {
        order = BytePrefix.compare(a.qualifierPrefix, a.qualifier, b.qualifierPrefix, b.qualifier);
      }
      if (order != 0 || a.visibility.length + b.visibility.length == 0) {
        return order;
      }
      return Arrays.compareUnsigned(a.visibility, b.visibility);
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
