package outerproduct.iterator;

import java.nio.charset.StandardCharsets;
import org.apache.accumulo.core.data.Value;

/**
 * What a monitoring entry of {@link RemoteWriteIterator} reports: the work done since the
 * previous monitoring entry of the same tablet, so the client sums the entries it receives.
 * The entry's row is the last row of B whose products are all in C. {@code resumes} counts the
 * times the tablet server re-created the stack and re-sought it after a returned entry.
 */
public record Progress(long rowsAligned, long partialProducts, long entriesWritten, long resumes) {

  public static final Progress NONE = new Progress(0, 0, 0, 0);

  public Progress plus(Progress other) {
    return new Progress(rowsAligned + other.rowsAligned, partialProducts + other.partialProducts,
        entriesWritten + other.entriesWritten, resumes + other.resumes);
  }

  Value encode() {
    return new Value(rowsAligned + "," + partialProducts + "," + entriesWritten + "," + resumes);
  }

  public static Progress decode(Value value) {
    String[] parts = new String(value.get(), StandardCharsets.UTF_8).split(",");
    if (parts.length != 4) {
      throw new IllegalArgumentException("not a TableMult monitoring value: '" + value + "'");
    }
    return new Progress(Long.parseLong(parts[0]), Long.parseLong(parts[1]), Long.parseLong(parts[2]),
        Long.parseLong(parts[3]));
  }
}
