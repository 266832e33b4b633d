package outerproduct.kernel.oracle;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * checksum(C) of docs/format.md: the sum, modulo 2^256, of the SHA-256 digests of the lines {@code
 * row \t column \t value \n} of C's entries, each read as an unsigned big-endian number, values in
 * canonical form, as 64 hex digits. A sum does not depend on the order its entries come in, so the
 * parts of one C (its tablets, scanned at once, or summed inside the tablet servers) are added
 * apart and then together ({@link #plus}); one wrong, missing or extra entry changes it.
 */
public final class ResultChecksum {
  private static final byte TAB = '\t';
  private static final byte NEWLINE = '\n';

  /** {@link #state()}'s length: the sum's four 64-bit words, then the entry count. */
  public static final int STATE_BYTES = 5 * Long.BYTES;

  private final MessageDigest digest;

  /** The sum, most significant word first. */
  private final long[] words = new long[4];

  private long entries;

  public ResultChecksum() {
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }

  public static String of(SparseMatrix c) {
    ResultChecksum sum = new ResultChecksum();
    for (SparseMatrix.Entry e : c.entries()) {
      sum.add(e.row(), e.column(), e.value());
    }
    return sum.hex();
  }

  /** A checksum holding {@code state} ({@link #state()} of another). */
  public static ResultChecksum fromState(byte[] state) {
    if (state.length != STATE_BYTES) {
      throw new IllegalArgumentException(
          "a checksum state is " + STATE_BYTES + " bytes, got " + state.length);
    }
    ByteBuffer in = ByteBuffer.wrap(state);
    ResultChecksum sum = new ResultChecksum();
    for (int w = 0; w < 4; w++) {
      sum.words[w] = in.getLong();
    }
    sum.entries = in.getLong();
    return sum;
  }

  public ResultChecksum add(String row, String column, String canonicalValue) {
    return add(
        row.getBytes(StandardCharsets.UTF_8),
        column.getBytes(StandardCharsets.UTF_8),
        canonicalValue.getBytes(StandardCharsets.UTF_8));
  }

  public ResultChecksum add(byte[] row, byte[] column, byte[] canonicalValue) {
    digest.update(row);
    digest.update(TAB);
    digest.update(column);
    digest.update(TAB);
    digest.update(canonicalValue);
    digest.update(NEWLINE);
    ByteBuffer line = ByteBuffer.wrap(digest.digest());
    addWords(line.getLong(), line.getLong(), line.getLong(), line.getLong());
    entries++;
    return this;
  }

  /** Adds {@code other}'s entries: this then covers both parts of C. */
  public ResultChecksum plus(ResultChecksum other) {
    addWords(other.words[0], other.words[1], other.words[2], other.words[3]);
    entries += other.entries;
    return this;
  }

  /** 256-bit addition, modulo 2^256: word by word from the least significant, with carries. */
  private void addWords(long w0, long w1, long w2, long w3) {
    long[] add = {w0, w1, w2, w3};
    long carry = 0;
    for (int w = 3; w >= 0; w--) {
      long sum = words[w] + add[w];
      long carried = sum + carry;
      carry =
          (Long.compareUnsigned(sum, words[w]) < 0 ? 1 : 0)
              + (Long.compareUnsigned(carried, sum) < 0 ? 1 : 0);
      words[w] = carried;
    }
  }

  public long entries() {
    return entries;
  }

  /** The sum and the entry count, {@link #STATE_BYTES} bytes: a part of C to add elsewhere. */
  public byte[] state() {
    ByteBuffer out = ByteBuffer.allocate(STATE_BYTES);
    for (long w : words) {
      out.putLong(w);
    }
    return out.putLong(entries).array();
  }

  /** The checksum as 64 hex digits. */
  public String hex() {
    ByteBuffer out = ByteBuffer.allocate(4 * Long.BYTES);
    for (long w : words) {
      out.putLong(w);
    }
    return HexFormat.of().formatHex(out.array());
  }
}
