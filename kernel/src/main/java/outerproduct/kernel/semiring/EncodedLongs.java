package outerproduct.kernel.semiring;

import java.util.Arrays;
import org.apache.accumulo.core.client.lexicoder.Encoder;

/**
 * {@code plus-times-long} with its values stored in one of Accumulo's binary encodings ({@link
 * ValueEncoding}): the same ⊕ and ⊗, other bytes. Its name is the semiring's with the encoding's
 * label after {@value #SEPARATOR} ({@code plus-times-long@varlen}), which {@link Semirings#forName}
 * resolves on the tablet servers and in the tasks as it resolves any semiring.
 *
 * <p>A value is read only if it is exactly one encoded long: Accumulo's decoders read a prefix and
 * ignore what follows, so a text value or a failed sum ({@link FailedSum}) would be read as some
 * number; here it is refused, as text that is not a number is.
 */
final class EncodedLongs implements Semiring<Long> {
  static final String SEPARATOR = "@";

  private final PlusTimesLong base = new PlusTimesLong();
  private final ValueEncoding encoding;
  private final Encoder<Long> encoder;

  EncodedLongs(ValueEncoding encoding) {
    this.encoding = encoding;
    this.encoder = encoding.longs();
  }

  @Override
  public String name() {
    return PlusTimesLong.NAME + SEPARATOR + encoding.label();
  }

  /** The text form of the same semiring: how reports and checksums write its values. */
  Semiring<Long> text() {
    return base;
  }

  @Override
  public Long decode(byte[] value) {
    Long v;
    try {
      v = encoder.decode(value);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("not a " + encoding.label() + "-encoded long", e);
    }
    if (!Arrays.equals(encoder.encode(v), value)) {
      throw new IllegalArgumentException(
          "not a " + encoding.label() + "-encoded long (" + value.length + " bytes)");
    }
    return v;
  }

  @Override
  public byte[] encode(Long value) {
    return encoder.encode(value);
  }

  @Override
  public Long plus(Long a, Long b) {
    return base.plus(a, b);
  }

  @Override
  public Long times(Long a, Long b) {
    return base.times(a, b);
  }

  @Override
  public double plusExposure(Long value) {
    return base.plusExposure(value);
  }

  @Override
  public Long zero() {
    return base.zero();
  }

  @Override
  public boolean isZero(Long value) {
    return base.isZero(value);
  }
}
