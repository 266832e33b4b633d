package outerproduct.iterator;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import outerproduct.kernel.answer.SummedRuns;
import outerproduct.kernel.semiring.Semiring;

/**
 * Output {@code caller}: a call's partial products go nowhere but back to the caller, pre-summed
 * into sorted runs ({@link SummedRuns}) packed into the call's one returned entry, beside its
 * progress. No result table, BatchWriter or file.
 *
 * <p>Memory in the tablet server, per scan: the window ({@value #WINDOW} products, 16 to 32 bytes
 * each) and the packed cells of the call, which ends at the first row of B boundary past {@value
 * #PAYLOAD_BYTES} bytes ({@link #full}): that much, plus one row of B's cells.
 */
final class ReturnedCells<T> implements ProductWriter<T> {
  /** Products pre-summed per window. */
  static final int WINDOW = SummedRuns.WINDOW;

  /** Packed bytes after which the call returns at its next row boundary. */
  static final int PAYLOAD_BYTES = 4 << 20;

  private final SummedRuns<T> runs;
  private SummedRuns.Packed payload;

  ReturnedCells(Semiring<T> semiring, int windowProducts) {
    runs = new SummedRuns<>(semiring, windowProducts);
  }

  @Override
  public void add(byte[] i, byte[] j, byte[] visibility, T value) {
    runs.add(i, j, visibility, value);
  }

  @Override
  public boolean full() {
    return runs.packedBytes() >= PAYLOAD_BYTES;
  }

  @Override
  public long written() {
    return payload == null ? runs.packedCells() : payload.cells();
  }

  @Override
  public Progress.Traffic traffic() {
    return new Progress.Traffic(payload == null ? runs.packedBytes() : payload.bytes().length, 0);
  }

  @Override
  public void commit(Range covered) {
    payload = runs.finish();
  }

  @Override
  public byte[] returned() {
    return payload == null ? null : payload.bytes();
  }

  @Override
  public void close() {}

  /** The returned entry's value: the call's progress, then its packed cells. */
  static Value value(Value progress, byte[] payload) {
    byte[] text = progress.get();
    return new Value(
        ByteBuffer.allocate(4 + text.length + payload.length)
            .putInt(text.length)
            .put(text)
            .put(payload)
            .array());
  }

  /** The progress in a returned entry's {@link #value}. */
  static Progress progressOf(Value value) {
    ByteBuffer bytes = ByteBuffer.wrap(value.get());
    byte[] text = new byte[bytes.getInt()];
    bytes.get(text);
    return Progress.decode(new Value(new String(text, StandardCharsets.UTF_8)));
  }

  /** The packed cells in a returned entry's {@link #value}. */
  static byte[] cellsOf(Value value) {
    byte[] all = value.get();
    int text = ByteBuffer.wrap(all).getInt();
    return Arrays.copyOfRange(all, 4 + text, all.length);
  }
}
