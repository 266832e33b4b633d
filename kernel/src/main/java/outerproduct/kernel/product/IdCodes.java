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
 * are never modified once handed out), or ask {@link #codeOfCopy} to copy the new ones. Memory: per
 * id its array, a reference and two longs.
 */
final class IdCodes {
  private static final int INITIAL = 1 << 10;

  /** Bytes of an id's head that {@link #byRank()} sorts as a number. */
  private static final int HEAD_BYTES = 5;

  /** Ids sharing a head sorted by insertion up to this many (decimal ids: up to 10 or so). */
  private static final int INSERTION_SORT_MAX = 32;

  /** Bits left beside the head for the code. */
  private static final int CODE_BITS = 64 - 8 * HEAD_BYTES;

  private byte[][] ids = new byte[INITIAL][];
  private int size;

  /**
   * Per slot, the id's hash (high half) and its code + 1 (low half), 0 = free: a probe reads one
   * long, and reads an id only when its hash matches. A power of two at least twice {@code
   * ids.length}.
   */
  private long[] table = new long[INITIAL * 2];

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
    return code(id, false);
  }

  /**
   * As {@link #code(byte[])}, for an array the caller will reuse: a new id is kept as a copy, a
   * known one costs no allocation.
   */
  int codeOfCopy(byte[] id) {
    return code(id, true);
  }

  private int code(byte[] id, boolean copy) {
    int h = hash(id);
    int mask = table.length - 1;
    int slot = h & mask;
    for (long e = table[slot]; e != 0; e = table[slot]) {
      int code = (int) e - 1;
      if ((int) (e >>> 32) == h && Arrays.equals(ids[code], id)) {
        return code;
      }
      slot = (slot + 1) & mask;
    }
    if (size == ids.length) {
      grow();
      return code(id, copy);
    }
    ids[size] = copy ? id.clone() : id;
    table[slot] = (long) h << 32 | (size + 1);
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

  /**
   * The codes in Accumulo's key order of their ids (unsigned bytes): the code of each rank. Sorts
   * primitive keys, each an id's first {@value #HEAD_BYTES} bytes as an unsigned number above its
   * code, so that only ids sharing their head are compared byte by byte, among themselves.
   */
  int[] byRank() {
    if (size >= 1 << CODE_BITS) {
      return byRankCompared();
    }
    long[] keys = new long[size];
    for (int code = 0; code < size; code++) {
      // the sign bit flipped, so that a signed sort orders the heads as unsigned numbers
      keys[code] = (head(ids[code]) << CODE_BITS | code) ^ Long.MIN_VALUE;
    }
    Arrays.sort(keys);
    int[] byRank = new int[size];
    long codeMask = (1L << CODE_BITS) - 1;
    for (int r = 0; r < size; r++) {
      byRank[r] = (int) (keys[r] & codeMask);
    }
    for (int r = 0; r < size; ) {
      int end = r + 1;
      while (end < size && (keys[end] >>> CODE_BITS) == (keys[r] >>> CODE_BITS)) {
        end++;
      }
      if (end - r > 1) {
        sortCompared(byRank, r, end);
      }
      r = end;
    }
    return byRank;
  }

  /** The first {@value #HEAD_BYTES} bytes, zeros past the end: a shorter id sorts no later. */
  private static long head(byte[] id) {
    long head = 0;
    for (int b = 0; b < HEAD_BYTES; b++) {
      head = head << 8 | (b < id.length ? id[b] & 0xFF : 0);
    }
    return head;
  }

  /** Orders {@code byRank[from, to)} by the ids' bytes: short runs in place, others boxed. */
  private void sortCompared(int[] byRank, int from, int to) {
    if (to - from <= INSERTION_SORT_MAX) {
      for (int x = from + 1; x < to; x++) {
        int code = byRank[x];
        int y = x;
        for (; y > from && Arrays.compareUnsigned(ids[byRank[y - 1]], ids[code]) > 0; y--) {
          byRank[y] = byRank[y - 1];
        }
        byRank[y] = code;
      }
      return;
    }
    Integer[] order = new Integer[to - from];
    for (int x = from; x < to; x++) {
      order[x - from] = byRank[x];
    }
    Arrays.sort(order, Comparator.comparing(code -> ids[code], Arrays::compareUnsigned));
    for (int x = from; x < to; x++) {
      byRank[x] = order[x - from];
    }
  }

  private int[] byRankCompared() {
    int[] byRank = new int[size];
    Arrays.setAll(byRank, code -> code);
    sortCompared(byRank, 0, size);
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
    long[] old = table;
    table = new long[ids.length * 2];
    int mask = table.length - 1;
    for (long e : old) {
      if (e != 0) {
        int slot = (int) (e >>> 32) & mask;
        while (table[slot] != 0) {
          slot = (slot + 1) & mask;
        }
        table[slot] = e;
      }
    }
  }
}
