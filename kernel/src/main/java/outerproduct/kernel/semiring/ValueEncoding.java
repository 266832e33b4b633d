package outerproduct.kernel.semiring;

import java.util.Locale;
import org.apache.accumulo.core.client.lexicoder.Encoder;
import org.apache.accumulo.core.iterators.LongCombiner;
import outerproduct.kernel.cli.Choice;

/**
 * How a matrix's values are stored: as text (the D4M layout, docs/format.md), or in one of the two
 * binary encodings of Accumulo's own {@link LongCombiner} ({@code SummingCombiner} and its
 * siblings, with their option {@code type}): {@code VARLEN} (Hadoop's variable-length longs) and
 * {@code FIXEDLEN} (8 bytes, big-endian). A table Accumulo's combiners sum is read in its encoding,
 * and a C written in it can be read, and summed further, by them.
 *
 * <p>The binary encodings hold 64-bit integers, so they go with {@code plus-times-long} only. The
 * encoding travels with the semiring's name ({@link Semirings#withEncoding}): wherever a semiring
 * goes (the tablet servers' iterators, the job's tasks, C's combiner), its encoding goes along.
 */
public enum ValueEncoding implements Choice {
  TEXT(null, "STRING"),
  VARLEN(LongCombiner.VAR_LEN_ENCODER, "VARLEN"),
  FIXEDLEN(LongCombiner.FIXED_LEN_ENCODER, "FIXEDLEN");

  private final Encoder<Long> longs;
  private final String combinerType;

  ValueEncoding(Encoder<Long> longs, String combinerType) {
    this.longs = longs;
    this.combinerType = combinerType;
  }

  @Override
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Accumulo's encoder of 64-bit integers in this encoding; null for text. */
  Encoder<Long> longs() {
    return longs;
  }

  /** The value of {@code LongCombiner}'s option {@code type} that stores values this way. */
  public String combinerType() {
    return combinerType;
  }

  /** The encoding whose {@code LongCombiner} option {@code type} is {@code type}, or null. */
  public static ValueEncoding ofCombinerType(String type) {
    for (ValueEncoding e : values()) {
      if (e.combinerType.equals(type)) {
        return e;
      }
    }
    return null;
  }
}
