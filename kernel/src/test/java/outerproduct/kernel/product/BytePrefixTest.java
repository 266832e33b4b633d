package outerproduct.kernel.product;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The merges' id order against Accumulo's (unsigned bytes, a prefix first). */
class BytePrefixTest {
  /** Bytes that make prefixes collide: zeros, the top byte, and a few in between. */
  private static final byte[] ALPHABET = {0, 0, 1, '5', (byte) 0x7f, (byte) 0x80, (byte) 0xff};

  @Test
  void idsOrderAsAccumuloOrdersThemWhateverTheirLength() {
    Random random = new Random(42);
    for (int n = 0; n < 200_000; n++) {
      byte[] a = id(random);
      byte[] b = random.nextInt(4) == 0 ? extended(a, random) : id(random);
      int expected = Integer.signum(Arrays.compareUnsigned(a, b));
      int actual = Integer.signum(BytePrefix.compare(BytePrefix.of(a), a, BytePrefix.of(b), b));
      assertEquals(expected, actual, () -> Arrays.toString(a) + " vs " + Arrays.toString(b));
      // the same ids inside larger arrays, as a merge of packed cells compares them
      byte[] packed = new byte[3 + a.length + b.length];
      System.arraycopy(a, 0, packed, 3, a.length);
      System.arraycopy(b, 0, packed, 3 + a.length, b.length);
      long pa = BytePrefix.of(packed, 3, a.length);
      long pb = BytePrefix.of(packed, 3 + a.length, b.length);
      int inPlace =
          Integer.signum(
              BytePrefix.compare(pa, packed, 3, a.length, pb, packed, 3 + a.length, b.length));
      assertEquals(expected, inPlace, () -> Arrays.toString(a) + " vs " + Arrays.toString(b));
    }
  }

  private static byte[] id(Random random) {
    byte[] id = new byte[random.nextInt(13)];
    for (int n = 0; n < id.length; n++) {
      id[n] = ALPHABET[random.nextInt(ALPHABET.length)];
    }
    return id;
  }

  /** {@code id} followed by a few bytes, often zeros: equal prefixes, different ids. */
  private static byte[] extended(byte[] id, Random random) {
    byte[] longer = Arrays.copyOf(id, id.length + random.nextInt(4));
    for (int n = id.length; n < longer.length; n++) {
      longer[n] = random.nextBoolean() ? 0 : ALPHABET[random.nextInt(ALPHABET.length)];
    }
    return longer;
  }
}
