package outerproduct.iterator;

import java.nio.charset.StandardCharsets;
import org.apache.accumulo.core.data.Value;

/**
 * What a monitoring entry of {@link RemoteWriteIterator} reports: the work done since the previous
 * monitoring entry of the same tablet, so the client sums the entries it receives. The entry's row
 * is the last row of B whose products are all in C. {@code resumes} counts the times the tablet
 * server re-created the stack and re-sought it after a returned entry. {@code server} identifies
 * the tablet server process that wrote (so the client can tell when a tablet's work moved between
 * processes); {@code error}, when not null, says why that tablet's multiply stopped (its last
 * entry).
 *
 * <p>Two clocks of the tablet server, in microseconds: {@code busyMicros}, the time its calls of
 * the write iterator took (reading B and AT, forming and writing products), and {@code
 * flushMicros}, the part of it spent opening C's writers and waiting at their close for C's tablet
 * servers to accept every entry. Summed over tablets, which run in parallel.
 *
 * <p>{@code traffic}: the bytes the tablet's writers produced ({@link Traffic}).
 *
 * <p>{@code plusExposure} sums the semiring's {@link
 * outerproduct.kernel.semiring.Semiring#plusExposure} over the products written: below {@link
 * outerproduct.kernel.semiring.Semiring#SAFE_EXPOSURE} in total, C's lazy ⊕ cannot have failed.
 */
public record Progress(
    long rowsAligned,
    long partialProducts,
    long entriesWritten,
    long entriesRead,
    long resumes,
    long busyMicros,
    long flushMicros,
    double plusExposure,
    Traffic traffic,
    String server,
    String error) {

  public static final Progress NONE =
      new Progress(0, 0, 0, 0, 0, 0, 0, 0, Traffic.NONE, null, null);

  /**
   * Bytes a call's writers produced: {@code sentBytes}, the Mutations its BatchWriters sent to C's
   * tablet servers (their {@code numBytes()}; each is also logged once in a write-ahead log and
   * later flushed into C's files by a minor compaction); {@code fileBytes}, the files it wrote for
   * bulk output (sorted runs and the RFiles staged for the import, as the file system lists them).
   */
  public record Traffic(long sentBytes, long fileBytes) {
    public static final Traffic NONE = new Traffic(0, 0);

    Traffic plus(Traffic other) {
      return new Traffic(sentBytes + other.sentBytes, fileBytes + other.fileBytes);
    }
  }

  /** A tablet's last entry when its multiply stopped: its counts so far and why. */
  static Progress stopped(
      long rows, long products, long written, long resumes, String server, String error) {
    return new Progress(rows, products, written, 0, resumes, 0, 0, 0, Traffic.NONE, server, error);
  }

  /** Sums the counts; the first error is kept, the server is dropped (a total spans many). */
  public Progress plus(Progress other) {
    return new Progress(
        rowsAligned + other.rowsAligned,
        partialProducts + other.partialProducts,
        entriesWritten + other.entriesWritten,
        entriesRead + other.entriesRead,
        resumes + other.resumes,
        busyMicros + other.busyMicros,
        flushMicros + other.flushMicros,
        plusExposure + other.plusExposure,
        traffic.plus(other.traffic),
        null,
        error != null ? error : other.error);
  }

  Value encode() {
    String counts =
        rowsAligned
            + ","
            + partialProducts
            + ","
            + entriesWritten
            + ","
            + entriesRead
            + ","
            + resumes
            + ","
            + busyMicros
            + ","
            + flushMicros
            + ","
            + plusExposure
            + ","
            + traffic.sentBytes
            + ","
            + traffic.fileBytes
            + ","
            + (server == null ? "" : server);
    return new Value(error == null ? counts : counts + "\n" + error);
  }

  public static Progress decode(Value value) {
    String text = new String(value.get(), StandardCharsets.UTF_8);
    int newline = text.indexOf('\n');
    String error = newline < 0 ? null : text.substring(newline + 1);
    String[] parts = (newline < 0 ? text : text.substring(0, newline)).split(",", -1);
    if (parts.length != 11) {
      throw new IllegalArgumentException("not a TableMult monitoring value: '" + value + "'");
    }
    return new Progress(
        Long.parseLong(parts[0]),
        Long.parseLong(parts[1]),
        Long.parseLong(parts[2]),
        Long.parseLong(parts[3]),
        Long.parseLong(parts[4]),
        Long.parseLong(parts[5]),
        Long.parseLong(parts[6]),
        Double.parseDouble(parts[7]),
        new Traffic(Long.parseLong(parts[8]), Long.parseLong(parts[9])),
        parts[10].isEmpty() ? null : parts[10],
        error);
  }
}
