package outerproduct.iterator;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;
import outerproduct.kernel.accumulo.ClusterSize;
import outerproduct.kernel.accumulo.ServerCode;
import outerproduct.kernel.answer.Answer;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.product.Cancellation;
import outerproduct.kernel.product.WindowSize;

/**
 * The second hop of a 2-hop neighbourhood formed in the tablet servers: rows S of G ⊕.⊗ G as
 * TableMult's answering stack on a scan of G, whose AT is the transpose of G's rows S ({@link
 * TwoTableIterator#setAtTransposedRows}), each tablet reading those rows once as the caller and
 * seeking its own rows to the neighbours of S. The products are pre-summed where they are formed
 * and return through the scan ({@link ReturnedCells}), as {@link IteratorAnswer}'s do; nothing
 * reads all of G, and no Gᵀ is needed.
 *
 * <p>A request whose rows S hold more than {@link #MAX_FIRST_HOP} entries is for the caller to form
 * elsewhere: each tablet server would hold them all.
 */
public final class TwoHopAnswer {
  /** Entries of the rows S a tablet server holds per scan ({@link TransposedRows}). */
  public static final int MAX_FIRST_HOP = TransposedRows.MAX_ENTRIES;

  private TwoHopAnswer() {}

  /**
   * The second hop's cells, and the entries the tablet servers read for it: each tablet its copy of
   * the rows S, then its rows of the neighbours and what seeking stepped over.
   */
  public record Result(Answer answer, long entriesRead) {}

  /** Why the tablet servers of {@code graph} cannot form the second hop (no server jar), if so. */
  public static java.util.Optional<String> missingServerCode(AccumuloClient client, String graph)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    return ServerCode.missing(client, graph, TwoTableIterator.class);
  }

  /**
   * @param client acts as the user of {@code clientProperties}
   * @param sources the rows S
   * @param neighbours the span of the rows S's entries point to (their columns): the rows of G the
   *     second hop reads
   * @param cancellation stops the scan and the tablet servers' calls when cancelled
   * @throws IllegalStateException when a tablet server stopped, or past {@code maxCells}
   * @throws outerproduct.kernel.product.MultiplyCancelledException when cancelled
   */
  public static Result secondHop(
      AccumuloClient client,
      Properties clientProperties,
      String graph,
      RowRanges sources,
      Range neighbours,
      String semiring,
      Authorizations auths,
      long maxCells,
      Cancellation cancellation)
      throws AccumuloException, AccumuloSecurityException, TableNotFoundException {
    ClientLease.checkActsAs(client, clientProperties);
    CompletableFuture<CredentialFile> credentials =
        CredentialFile.writeLater(client, clientProperties, graph, graph);
    try {
      List<IteratorSetting> stack = new ArrayList<>();
      IteratorSetting product =
          new IteratorSetting(
              ProductStack.TWO_TABLE_PRIORITY, "tableMultProduct", TwoTableIterator.class);
      TwoTableIterator.setSemiring(product, semiring);
      TwoTableIterator.setAt(product, graph, IteratorAnswer.join(credentials));
      TwoTableIterator.setAtTransposedRows(product, sources);
      TwoTableIterator.setAtInteractive(product);
      TwoTableIterator.setBTable(product, graph);
      stack.add(product);
      stack.add(
          IteratorAnswer.returning(semiring, WindowSize.AUTO, IteratorAnswer.join(credentials)));
      IteratorAnswer.Scan scan =
          new IteratorAnswer.Scan(
              client,
              graph,
              neighbours,
              auths,
              ClusterSize.scanThreads(client),
              cancellation,
              () -> CredentialFile.delete(credentials));
      IteratorAnswer.Returned r = scan.run(stack, semiring, maxCells);
      return new Result(r.answer(), r.total().entriesRead());
    } finally {
      CredentialFile.delete(credentials);
    }
  }
}
