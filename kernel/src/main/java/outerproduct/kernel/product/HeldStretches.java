package outerproduct.kernel.product;

import java.io.IOException;
import java.util.Arrays;
import outerproduct.kernel.semiring.Semiring;

/**
 * Every product of the rows two sources share, formed stretch after stretch through {@link
 * HeldInputs} for a B that reads once (a mapper's records) and an AT that can go back to a row
 * ({@link EntrySource#rewindToRow}, a scanner's seek): the MapReduce engine's counterpart of the
 * iterator engine's held stretches, which re-seek both tables instead.
 *
 * <p>Rows are read into held inputs until the bound refuses one. The inputs held are then handed to
 * the sink to be formed in C's order, and the refused row is read again into emptied inputs: AT's
 * row from its start, B's from wherever the bound stopped it (a row of B longer than the bound is
 * held in parts, each with all of AT's row). A row whose AT side with one entry of B's does not fit
 * the bound alone is handed to the sink as an {@link OuterProduct} of that row instead, which holds
 * B's row in parts ({@link RowParts}) and streams AT's.
 *
 * <p>Memory: the held inputs' bound ({@link HeldInputs}), or one row's outer product.
 */
public final class HeldStretches<T> {

  /** Forms what the stretches hand over, in the order handed. */
  public interface Sink<T> {
    /** A stretch of held rows: form its products ({@link HeldInputs#formInRanges}). */
    void formHeld(HeldInputs<T> held) throws IOException;

    /**
     * One row too large to hold: its products, which the sink takes by {@link OuterProduct#advance}
     * until it returns false.
     */
    void formStreamed(OuterProduct<T> row) throws IOException;
  }

  private final Semiring<T> semiring;
  private final long boundBytes;
  private final RowParts parts;
  private long products;
  private long rowsAligned;
  private long stretches;

  /** Stretches of at most {@code boundBytes} held ({@link HeldInputs}). */
  public HeldStretches(Semiring<T> semiring, long boundBytes) {
    this(semiring, boundBytes, RowParts.DEFAULT);
  }

  /** With B's rows streamed in parts of at most {@code parts} (tests use small ones). */
  HeldStretches(Semiring<T> semiring, long boundBytes, RowParts parts) {
    this.semiring = semiring;
    this.boundBytes = boundBytes;
    this.parts = parts;
  }

  /** The partial products handed to the sink so far. */
  public long partialProducts() {
    return products;
  }

  /** Shared rows whose products have all been handed to the sink. */
  public long rowsAligned() {
    return rowsAligned;
  }

  /** Stretches of held inputs handed to the sink (rows streamed alone not counted). */
  public long stretches() {
    return stretches;
  }

  /**
   * Hands every product of the shared rows of {@code at} and {@code b} to {@code sink}, from the
   * sources' positions to their ends.
   *
   * @throws outerproduct.kernel.semiring.BadValueException for a value the semiring rejects
   */
  public void run(EntrySource at, EntrySource b, Sink<T> sink) throws IOException {
    RowAligner aligner = new RowAligner(at, b);
    HeldInputs<T> held = new HeldInputs<>(semiring, boundBytes);
    byte[] k = aligner.nextSharedRow();
    while (k != null) {
      HeldInputs.Read read = held.readPart(k, at, b);
      if (read == HeldInputs.Read.WHOLE) {
        rowsAligned++;
        k = aligner.nextSharedRow();
        continue;
      }
      at.rewindToRow(k);
      if (held.rows() > 0) {
        held = formed(held, sink);
      } else {
        streamed(k, at, b, sink);
        rowsAligned++;
        k = aligner.nextSharedRow();
      }
    }
    formed(held, sink);
  }

  /** Hands {@code held} to the sink when it holds a row; emptied inputs for what follows. */
  private HeldInputs<T> formed(HeldInputs<T> held, Sink<T> sink) throws IOException {
    if (held.rows() > 0) {
      products += held.products();
      stretches++;
      sink.formHeld(held);
    }
    return new HeldInputs<>(semiring, boundBytes);
  }

  /** Row {@code k}'s products, what is left of it in both sources, through an outer product. */
  private void streamed(byte[] k, EntrySource at, EntrySource b, Sink<T> sink) throws IOException {
    OuterProduct<T> row = new OuterProduct<>(semiring, new OneRow(at, k), new OneRow(b, k), parts);
    sink.formStreamed(row);
    if (row.advance()) {
      throw new IllegalStateException("the sink left products of a row unformed");
    }
    products += row.partialProducts();
  }

  /** A source seen only within row {@code k}: it ends where the row does. */
  private static final class OneRow extends ForwardingEntrySource {
    private final byte[] k;

    OneRow(EntrySource source, byte[] k) {
      super(source);
      this.k = k;
    }

    @Override
    public boolean hasTop() {
      return source.hasTop() && Arrays.equals(source.row(), k);
    }
  }
}
