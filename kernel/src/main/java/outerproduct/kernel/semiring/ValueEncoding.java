package outerproduct.kernel.semiring;

import java.util.Locale;
import java.util.Map;
import org.apache.accumulo.core.client.lexicoder.Encoder;
import org.apache.accumulo.core.iterators.LongCombiner;
import outerproduct.kernel.cli.Choice;
import outerproduct.kernel.cli.Choices;

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

  /**
   * The table property by which a C that the client or MapReduce path writes in a binary encoding
   * says so (a C the iterator engine writes says it with its combiner's semiring), so that it can
   * be read again as what it is.
   */
  public static final String PROPERTY = "table.custom.outerproduct.value.encoding";

  /** The properties a new table written in this encoding carries: {@link #PROPERTY} if binary. */
  public Map<String, String> tableProperties() {
    return this == TEXT ? Map.of() : Map.of(PROPERTY, label());
  }

  /**
   * The encoding a table's configuration declares, with where it says so, or null if it declares
   * none: {@link #PROPERTY}; a {@code LongCombiner}'s option {@code type} (SummingCombiner,
   * MinCombiner, MaxCombiner); or the semiring option of this project's combiner.
   */
  public static Declared declaredBy(Map<String, String> config) {
    String property = config.get(PROPERTY);
    if (property != null) {
      return new Declared(Choices.parse(ValueEncoding.class, property), PROPERTY + "=" + property);
    }
    String prefix = "table.iterator.scan.";
    for (Map.Entry<String, String> e : config.entrySet()) {
      String key = e.getKey();
      if (!key.startsWith(prefix)) {
        continue;
      }
      if (key.endsWith(".opt.type") && ofCombinerType(e.getValue()) != null) {
        String iterator = key.substring(prefix.length(), key.length() - ".opt.type".length());
        return new Declared(
            ofCombinerType(e.getValue()),
            "its scan iterator '" + iterator + "' has type " + e.getValue());
      }
      if (key.endsWith(".opt.semiring")) {
        String iterator = key.substring(prefix.length(), key.length() - ".opt.semiring".length());
        return new Declared(
            Semirings.encodingOf(e.getValue()),
            "its scan iterator '" + iterator + "' sums with semiring " + e.getValue());
      }
    }
    return null;
  }

  /** An encoding a table declares, and where. */
  public record Declared(ValueEncoding encoding, String where) {}

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
