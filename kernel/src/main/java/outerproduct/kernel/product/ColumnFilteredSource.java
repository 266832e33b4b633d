package outerproduct.kernel.product;

import java.io.IOException;
import outerproduct.kernel.d4m.ColumnFilter;

/** Passes on only the entries whose column is in a {@link ColumnFilter}. */
public final class ColumnFilteredSource extends ForwardingEntrySource {
  private final ColumnFilter filter;

  public ColumnFilteredSource(EntrySource source, ColumnFilter filter) throws IOException {
    super(source);
    this.filter = filter;
    skip();
  }

  private void skip() throws IOException {
    while (source.hasTop() && !filter.contains(source.column())) {
      source.next();
    }
  }

  @Override
  public void next() throws IOException {
    source.next();
    skip();
  }

  @Override
  public void rewindToRow(byte[] row) throws IOException {
    source.rewindToRow(row);
    skip();
  }

  @Override
  public void seekRow(byte[] row) throws IOException {
    source.seekRow(row);
    skip();
  }
}
