package outerproduct.mr.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class StripeTest {

  /** Any sorted run of cells, long fields included, comes back cell by cell after a round trip. */
  @Property(tries = 200)
  void roundTripsThroughItsSerialization(
      @ForAll @Size(max = 40) List<@Size(max = 200) byte[]> columns,
      @ForAll @Size(max = 300) byte[] value)
      throws IOException {
    TreeSet<byte[]> sorted = new TreeSet<>(java.util.Arrays::compareUnsigned);
    sorted.addAll(columns);
    Stripe written = new Stripe();
    List<String> expected = new ArrayList<>();
    for (byte[] j : sorted) {
      written.add(j, new byte[0], value);
      expected.add(hex(j) + "=" + hex(value));
    }
    Stripe reused = new Stripe().add(bytes("zz"), bytes("a&b"), bytes("9"));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    written.write(new DataOutputStream(out));
    reused.readFields(new DataInputStream(new ByteArrayInputStream(out.toByteArray())));
    assertEquals(expected.size(), reused.cells());
    List<String> got = new ArrayList<>();
    Stripe.Cursor c = reused.cursor();
    while (c.next()) {
      assertEquals(0, c.visibilityLength());
      got.add(hex(c.j()) + "=" + hex(c.value()));
    }
    assertEquals(expected, got);
  }

  /**
   * Cursors order cells as C does (j, then visibility, unsigned byte-wise), also where j's share
   * their first eight bytes or end in zero bytes, which the cursors' numeric prefix cannot tell.
   */
  @Property(tries = 500)
  void cursorsOrderCellsAsCDoes(
      @ForAll @Size(max = 12) byte[] j1,
      @ForAll @Size(max = 12) byte[] j2,
      @ForAll @Size(max = 2) byte[] vis1,
      @ForAll @Size(max = 2) byte[] vis2,
      @ForAll boolean sharePrefix) {
    if (sharePrefix && j1.length >= 8) {
      j2 = java.util.Arrays.copyOf(j2, Math.max(j2.length, 8));
      System.arraycopy(j1, 0, j2, 0, 8);
    }
    Stripe.Cursor a = new Stripe().add(j1, vis1, bytes("1")).cursor();
    Stripe.Cursor b = new Stripe().add(j2, vis2, bytes("2")).cursor();
    a.next();
    b.next();
    int expected = java.util.Arrays.compareUnsigned(j1, j2);
    if (expected == 0) {
      expected = java.util.Arrays.compareUnsigned(vis1, vis2);
    }
    assertEquals(Integer.signum(expected), Integer.signum(a.compareTo(b)));
    assertEquals(expected == 0, a.isAt(b));
  }

  @Test
  void visibilitiesOrderCellsOfOneColumn() {
    Stripe s = new Stripe().add(bytes("c1"), bytes(""), bytes("1"));
    s.add(bytes("c1"), bytes("a"), bytes("2")).add(bytes("c2"), bytes(""), bytes("3"));
    Stripe.Cursor c = s.cursor();
    List<String> got = new ArrayList<>();
    while (c.next()) {
      got.add(str(c.j()) + "[" + str(c.visibility()) + "]=" + str(c.value()));
    }
    assertEquals(List.of("c1[]=1", "c1[a]=2", "c2[]=3"), got);
  }

  @Test
  void refusesCellsOutOfOrderOrRepeated() {
    Stripe s = new Stripe().add(bytes("c2"), bytes(""), bytes("1"));
    assertThrows(IllegalArgumentException.class, () -> s.add(bytes("c1"), bytes(""), bytes("1")));
    assertThrows(IllegalArgumentException.class, () -> s.add(bytes("c2"), bytes(""), bytes("1")));
    s.clear().add(bytes("c1"), bytes(""), bytes("1"));
    assertEquals(1, s.cells());
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String str(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  private static String hex(byte[] b) {
    return java.util.HexFormat.of().formatHex(b);
  }
}
