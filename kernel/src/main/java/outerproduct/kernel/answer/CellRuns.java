package outerproduct.kernel.answer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.WritableUtils;

/**
 * Sorted runs of cells packed into one byte array, the form in which a tablet server hands a
 * request's cells back through its scan: each run is one drained window of pre-summed products,
 * sorted as C's keys ({@link Cell#compare}), with no cell twice; different runs may hold the same
 * cell, which the caller ⊕-s ({@link CellMerge}).
 *
 * <p>Layout: runs one after another; a run is its cells, then an end mark; a cell is row, column,
 * visibility and value, each a variable-length length and the bytes; the end mark is the length -1.
 */
public final class CellRuns {
  private static final int END = -1;

  private CellRuns() {}

  /** Packs runs of cells, a run at a time. */
  public static final class Writer {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final DataOutputStream out = new DataOutputStream(bytes);
    private boolean inRun;
    private long cells;

    /** Adds a cell to the current run (starting one if none is open); cells come in order. */
    public void add(byte[] row, byte[] column, byte[] visibility, byte[] value) {
      try {
        write(row);
        write(column);
        write(visibility);
        write(value);
      } catch (IOException e) {
        throw new UncheckedIOException(e); // a byte array's stream never fails
      }
      inRun = true;
      cells++;
    }

    /** Closes the current run, if one is open: the next cell starts another. */
    public void endRun() {
      if (inRun) {
        try {
          WritableUtils.writeVInt(out, END);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        inRun = false;
      }
    }

    /** Bytes packed so far. */
    public int size() {
      return bytes.size();
    }

    /** Cells packed so far. */
    public long cells() {
      return cells;
    }

    /** The packed runs (the open one closed); the writer starts empty again. */
    public byte[] finish() {
      endRun();
      byte[] packed = bytes.toByteArray();
      bytes.reset();
      cells = 0;
      return packed;
    }

    private void write(byte[] field) throws IOException {
      WritableUtils.writeVInt(out, field.length);
      out.write(field);
    }
  }

  /** {@code cells} (each once, in any order; sorted here) packed as one run. */
  public static byte[] sortedRun(List<Cell> cells) {
    cells.sort(Cell::compare);
    Writer run = new Writer();
    cells.forEach(c -> run.add(c.row(), c.column(), c.visibility(), c.value()));
    return run.finish();
  }

  /** One run's cells, read one at a time from the packed bytes. */
  public static final class Run {
    private final DataInputStream in;
    private Cell current;

    private Run(DataInputStream in) {
      this.in = in;
    }

    /** The run's current cell, or null once it is exhausted. */
    public Cell current() {
      return current;
    }

    /** Moves to the run's next cell; false at its end. */
    public boolean advance() {
      try {
        int length = WritableUtils.readVInt(in);
        if (length == END) {
          current = null;
          return false;
        }
        current = new Cell(read(length), read(WritableUtils.readVInt(in)), field(), field());
        return true;
      } catch (IOException e) {
        throw new IllegalArgumentException("not packed cell runs: " + e.getMessage(), e);
      }
    }

    private byte[] field() throws IOException {
      return read(WritableUtils.readVInt(in));
    }

    private byte[] read(int length) throws IOException {
      byte[] field = new byte[length];
      in.readFully(field);
      return field;
    }
  }

  /**
   * The runs packed in {@code packed}, each positioned before its first cell.
   *
   * @throws IllegalArgumentException if the bytes are not packed runs
   */
  public static List<Run> read(byte[] packed) {
    List<Run> runs = new ArrayList<>();
    try {
      int at = 0;
      while (at < packed.length) {
        ByteArrayInputStream bytes = new ByteArrayInputStream(packed, at, packed.length - at);
        DataInputStream in = new DataInputStream(bytes);
        int start = at;
        // skip to this run's end mark: four fields per cell
        for (int length = WritableUtils.readVInt(in); length != END; ) {
          in.skipNBytes(length);
          for (int field = 0; field < 3; field++) {
            in.skipNBytes(WritableUtils.readVInt(in));
          }
          length = WritableUtils.readVInt(in);
        }
        at = packed.length - bytes.available();
        runs.add(new Run(new DataInputStream(new ByteArrayInputStream(packed, start, at - start))));
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("not packed cell runs: " + e.getMessage(), e);
    }
    return runs;
  }
}
