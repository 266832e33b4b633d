package outerproduct.kernel.product;

import java.util.Arrays;
import java.util.Comparator;

/**
 * A dictionary of ids: each distinct byte string gets a code (0, 1, 2, ... in order of arrival),
 * and {@link #byRank()} puts the codes in Accumulo's key order. A window of partial products holds
 * two codes per product instead of two ids; the few thousand distinct ids of a stretch fit in the
 * processor's caches, where a table of every cell would not.
 *
 * <p>Ids are kept as given, not copied: callers hand over arrays they never modify (the kernel's
 * are never modified once handed out). Memory: per id its array and three ints.
 */
final class IdCodes {
  private static final int INITIAL = 1 << 10;

  private byte[][] ids = new byte[INITIAL][];
  private int[] hashes = new int[INITIAL];
  private int size;

  /** Code + 1 per slot, 0 = free; a power of two at least twice {@code ids.length}. */
  private int[] table = new int[INITIAL * 2];

  /** Distinct ids seen. */
  int size() {
    return size;
  }

  /** The id with this code; the array is never modified. */
  byte[] id(int code) {
    return ids[code];
  }

  /** The code of {@code id}, a new one if it was not seen before. */
  int code(byte[] id) {
    int h = hash(id);
    int mask = table.length - 1;
    int slot = h & mask;
    for (int code = table[slot] - 1; code >= 0; code = table[slot] - 1) {
      if (hashes[code] == h && Arrays.equals(ids[code], id)) {
        return code;
      }
      slot = (slot + 1) & mask;
    }
    if (size == ids.length) {
      grow();
      return code(id);
    }
    ids[size] = id;
    hashes[size] = h;
    table[slot] = size + 1;
    return size++;
  }

  /**
   * FNV-1a over the bytes, then the length; the high bits spread into the low ones the mask keeps.
   */
  private static int hash(byte[] id) {
    int h = 1;
    for (byte b : id) {
      h = (h ^ b) * 0x01000193;
    }
    h = (h ^ id.length) * 0x01000193;
    return h ^ (h >>> 16);
  }

  /** The codes in Accumulo's key order of their ids (unsigned bytes): the code of each rank. */
  int[] byRank() {
    Integer[] order = new Integer[size];
    for (int code = 0; code < size; code++) {
      order[code] = code;
    }
    Arrays.sort(order, Comparator.comparing(code -> ids[code], Arrays::compareUnsigned));
    int[] byRank = new int[size];
    for (int r = 0; r < size; r++) {
      byRank[r] = order[r];
    }
    return byRank;
  }

  /** The inverse of {@link #byRank()}: the rank of each code. */
  static int[] ranks(int[] byRank) {
    int[] rank = new int[byRank.length];
    for (int r = 0; r < byRank.length; r++) {
      rank[byRank[r]] = r;
    }
    return rank;
  }

  /** Forgets every id. */
  void clear() {
    Arrays.fill(ids, 0, size, null);
    Arrays.fill(table, 0);
    size = 0;
  }

  private void grow() {
    ids = Arrays.copyOf(ids, ids.length * 2);
    hashes = Arrays.copyOf(hashes, ids.length);
    table = new int[ids.length * 2];
    int mask = table.length - 1;
    for (int code = 0; code < size; code++) {
      int slot = hashes[code] & mask;
      while (table[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      table[slot] = code + 1;
    }
  }
}
