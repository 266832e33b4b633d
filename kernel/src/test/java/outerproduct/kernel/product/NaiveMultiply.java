package outerproduct.kernel.product;

import java.nio.charset.StandardCharsets;
import java.util.TreeSet;
import outerproduct.kernel.d4m.ByteOrder;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;

/** The textbook triple loop over every (i, j, k): slow, obviously right, shares nothing. */
final class NaiveMultiply {
  private NaiveMultiply() {}

  static <T> SparseMatrix multiply(Semiring<T> s, SparseMatrix at, SparseMatrix b) {
    TreeSet<String> ids = new TreeSet<>(ByteOrder.STRINGS);
    for (SparseMatrix m : new SparseMatrix[] {at, b}) {
      for (SparseMatrix.Entry e : m.entries()) {
        ids.add(e.row());
        ids.add(e.column());
      }
    }
    SparseMatrix c = new SparseMatrix();
    for (String i : ids) {
      for (String j : ids) {
        T acc = null;
        for (String k : ids) {
          String a = at.get(k, i);
          String bv = b.get(k, j);
          if (a != null && bv != null) {
            T p = s.times(s.decode(bytes(a)), s.decode(bytes(bv)));
            acc = acc == null ? p : s.plus(acc, p);
          }
        }
        if (acc != null) {
          c.put(i, j, new String(s.encode(acc), StandardCharsets.UTF_8));
        }
      }
    }
    return c;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
