package outerproduct.mr.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.apache.accumulo.core.data.Key;
import org.apache.hadoop.io.WritableComparator;

class CellKeyTest {

  /** The shuffle's byte comparison, compareTo and Accumulo's key order agree. */
  @Property(tries = 500)
  void rawComparatorAgreesWithCompareToAndAccumulo(
      @ForAll @Size(max = 6) byte[] row1,
      @ForAll @Size(max = 6) byte[] col1,
      @ForAll @Size(max = 6) byte[] row2,
      @ForAll @Size(max = 6) byte[] col2,
      @ForAll @Size(max = 2) byte[] vis1,
      @ForAll @Size(max = 2) byte[] vis2)
      throws IOException {
    CellKey a = new CellKey(row1, col1, vis1);
    CellKey b = new CellKey(row2, col2, vis2);
    byte[] sa = serialize(a);
    byte[] sb = serialize(b);
    int raw = WritableComparator.get(CellKey.class).compare(sa, 0, sa.length, sb, 0, sb.length);
    int accumulo =
        new Key(row1, new byte[0], col1, vis1).compareTo(new Key(row2, new byte[0], col2, vis2));
    assertEquals(Integer.signum(a.compareTo(b)), Integer.signum(raw));
    assertEquals(Integer.signum(accumulo), Integer.signum(raw));
  }

  @Property(tries = 200)
  void roundTripsThroughItsSerialization(
      @ForAll @Size(max = 300) byte[] row,
      @ForAll @Size(max = 300) byte[] col,
      @ForAll @Size(max = 20) byte[] vis)
      throws IOException {
    CellKey reused =
        new CellKey("a-long-previous-row".getBytes(), "x".getBytes(), "a&b&c".getBytes());
    reused.readFields(
        new DataInputStream(new ByteArrayInputStream(serialize(new CellKey(row, col, vis)))));
    assertEquals(new CellKey(row, col, vis), reused);
    assertEquals(0, java.util.Arrays.compare(row, reused.row()));
    assertEquals(0, java.util.Arrays.compare(col, reused.column()));
    assertEquals(0, java.util.Arrays.compare(vis, reused.visibility()));
  }

  /** The serialized key ends itself: keys written back to back read back one by one. */
  @Property(tries = 100)
  void serializedKeysDelimitThemselves(
      @ForAll @Size(max = 8) byte[] row, @ForAll @Size(max = 8) byte[] col) throws IOException {
    CellKey first = new CellKey(row, col, new byte[] {0, 0});
    CellKey second = new CellKey(col, new byte[] {0}, new byte[0]);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    first.write(new DataOutputStream(bytes));
    second.write(new DataOutputStream(bytes));
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
    CellKey read = new CellKey();
    read.readFields(in);
    assertEquals(first, read);
    read.readFields(in);
    assertEquals(second, read);
    assertEquals(-1, in.read(), "nothing left over");
  }

  private static byte[] serialize(CellKey key) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    key.write(new DataOutputStream(bytes));
    return bytes.toByteArray();
  }
}
