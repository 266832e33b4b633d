package outerproduct.kernel.oracle;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * checksum(C) of docs/format.md: SHA-256 over {@code row \t column \t value \n} for every entry of
 * C in Accumulo key order, values in canonical form. Fed entry by entry (from a scan of C or from
 * an in-memory matrix); entries out of order are refused, since they would give a checksum that
 * matches nothing.
 */
public final class ResultChecksum {
  private static final byte TAB = '\t';
  private static final byte NEWLINE = '\n';

  private final MessageDigest digest;
  private byte[] lastRow;
  private byte[] lastColumn;
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

  public ResultChecksum add(String row, String column, String canonicalValue) {
    return add(
        row.getBytes(StandardCharsets.UTF_8),
        column.getBytes(StandardCharsets.UTF_8),
        canonicalValue.getBytes(StandardCharsets.UTF_8));
  }

  public ResultChecksum add(byte[] row, byte[] column, byte[] canonicalValue) {
    if (lastRow != null) {
      int cmp = Arrays.compareUnsigned(row, lastRow);
      if (cmp < 0 || (cmp == 0 && Arrays.compareUnsigned(column, lastColumn) <= 0)) {
        throw new IllegalArgumentException(
            "entry ("
                + new String(row, StandardCharsets.UTF_8)
                + ", "
                + new String(column, StandardCharsets.UTF_8)
                + ") is not after ("
                + new String(lastRow, StandardCharsets.UTF_8)
                + ", "
                + new String(lastColumn, StandardCharsets.UTF_8)
                + "): checksum input must be in key order");
      }
    }
    digest.update(row);
    digest.update(TAB);
    digest.update(column);
    digest.update(TAB);
    digest.update(canonicalValue);
    digest.update(NEWLINE);
    lastRow = row.clone();
    lastColumn = column.clone();
    entries++;
    return this;
  }

  public long entries() {
    return entries;
  }

  /** The hex digest; ends this checksum. */
  public String hex() {
    return HexFormat.of().formatHex(digest.digest());
  }
}
