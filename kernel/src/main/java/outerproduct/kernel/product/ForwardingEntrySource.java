package outerproduct.kernel.product;

import java.io.IOException;

/**
 * An {@link EntrySource} that passes every call on to another: the base of sources that change how
 * a few of them behave (a column filter, a view of one row) and leave the rest as they are.
 */
public abstract class ForwardingEntrySource implements EntrySource {
  /** The source every call is passed on to. */
  protected final EntrySource source;

  protected ForwardingEntrySource(EntrySource source) {
    this.source = source;
  }

  @Override
  public String table() {
    return source.table();
  }

  @Override
  public boolean hasTop() {
    return source.hasTop();
  }

  @Override
  public byte[] row() {
    return source.row();
  }

  @Override
  public byte[] column() {
    return source.column();
  }

  @Override
  public byte[] visibility() {
    return source.visibility();
  }

  @Override
  public byte[] value() {
    return source.value();
  }

  @Override
  public void next() throws IOException {
    source.next();
  }

  @Override
  public void seekRow(byte[] row) throws IOException {
    source.seekRow(row);
  }

  @Override
  public void rewindToRow(byte[] row) throws IOException {
    source.rewindToRow(row);
  }
}
