package outerproduct.kernel.product;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.Random;
import org.apache.accumulo.core.data.ArrayByteSequence;
import org.apache.accumulo.core.data.ByteSequence;

/** Ids as a Key hands them out: inside a larger array, so that code must honour the offset. */
final class EmbeddedIds {
  private EmbeddedIds() {}

  /** {@code id}'s bytes with 0 to 3 random bytes on either side. */
  static ByteSequence embedded(String id, Random random) {
    byte[] bytes = id.getBytes(UTF_8);
    int before = random.nextInt(4);
    byte[] around = new byte[before + bytes.length + random.nextInt(4)];
    random.nextBytes(around);
    System.arraycopy(bytes, 0, around, before, bytes.length);
    return new ArrayByteSequence(around, before, bytes.length);
  }
}
