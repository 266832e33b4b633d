package outerproduct.inputs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.SortedSet;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import outerproduct.kernel.oracle.SparseMatrix;

class MatrixLoaderTest {

  @Test
  void splitsDivideEntriesEvenly() {
    SparseMatrix m = new SparseMatrix();
    // Rows in byte order: 1, 10, 2, 3 with 4, 1, 1, 2 entries: 8 entries, halves after "1".
    for (String col : List.of("a", "b", "c", "d")) {
      m.put("1", col, "1");
    }
    m.put("10", "a", "1").put("2", "a", "1").put("3", "a", "1").put("3", "b", "1");
    SortedSet<Text> splits = MatrixLoader.splits(m, 2);
    assertEquals(List.of(new Text("1")), List.copyOf(splits));
    assertEquals(0, MatrixLoader.splits(m, 1).size());
    assertEquals(3, MatrixLoader.splits(m, 4).size());
  }

  @Test
  void tabletsMustBePositive() {
    assertThrows(IllegalArgumentException.class, () -> MatrixLoader.splits(new SparseMatrix(), 0));
  }
}
