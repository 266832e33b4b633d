package outerproduct.kernel.accumulo;

import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import outerproduct.kernel.semiring.BadValueException;

/**
 * An input entry with a column family: the rule every path keeps. A matrix is stored in the D4M
 * layout (docs/format.md): the row id in the row, the column id in the qualifier, the family empty.
 * Two entries that differ only in their family are two cells to their writer but one cell (row,
 * column) to the product, so reading them would sum them silently; and dropping one would be as
 * silent. The multiply stops instead, naming the table, the entry and the family, as it does for a
 * value the semiring cannot read ({@link BadValueException}).
 */
public final class ColumnFamilyException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private ColumnFamilyException(String message) {
    super(message);
  }

  /**
   * @throws ColumnFamilyException if {@code key}'s family is not empty
   */
  public static void requireEmpty(String table, Key key) {
    ByteSequence family = key.getColumnFamilyData();
    if (family.length() != 0) {
      throw new ColumnFamilyException(
          String.format(
              "table '%s', row '%s', column '%s': column family '%s' is not empty; multiplies"
                  + " read the D4M layout (row id, empty family, column id in the qualifier), and"
                  + " entries that differ only in their family would be summed as one cell: copy"
                  + " each family's entries into a table of its own without the family",
              table,
              BadValueException.shown(key.getRowData().toArray()),
              BadValueException.shown(key.getColumnQualifierData().toArray()),
              BadValueException.shown(family.toArray())));
    }
  }
}
