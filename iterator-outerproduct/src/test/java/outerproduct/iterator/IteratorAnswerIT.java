package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.answer.Answer;
import outerproduct.kernel.answer.Cell;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * The iterator engine answering its caller on real tablet servers: every answer equal to the
 * in-memory oracle, its cells in C's key order and each once, across tablets and across the many
 * runs a small window makes; with labels, the same cells, labels and values TableMult writes into a
 * table; past its bound, one line and nothing held.
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IteratorAnswerIT {
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");

  private Properties props;
  private AccumuloClient client;
  private SparseMatrix a;
  private SparseMatrix b;

  @BeforeAll
  void loadInputs(EmbeddedAccumulo accumulo) throws Exception {
    props = accumulo.clientProperties();
    client = accumulo.newClient();
    a = KroneckerGenerator.standard(9, "A").matrix();
    b = KroneckerGenerator.standard(9, "B").matrix();
    MatrixLoader.load(client, "answerAT", a, 3);
    MatrixLoader.load(client, "answerB", b, 2);
  }

  @AfterAll
  void close() {
    client.close();
  }

  @Test
  void wholeTablesAnswerAsTheOracle() throws Exception {
    Answer answer =
        IteratorAnswer.on(props).transposeOf("answerAT").times("answerB").client(client).run();
    assertEquals(ReferenceMultiply.multiply(LONG, a, b), matrix(answer));
    assertEquals(
        ReferenceMultiply.partialProducts(a, b, RowRanges.all()), answer.partialProducts());
  }

  /** A window of 50 products: each tablet returns many runs, and cells recur across them. */
  @Test
  void rowSubsetInManySmallRunsAnswersAsTheOracle() throws Exception {
    RowRanges rows = RowRanges.parse("1,:,300,7,");
    Answer answer =
        IteratorAnswer.on(props)
            .transposeOf("answerAT")
            .times("answerB")
            .rows(rows)
            .window(50)
            .client(client)
            .run();
    assertEquals(ReferenceMultiply.multiply(LONG, a, b, rows, null, null), matrix(answer));
  }

  @Test
  void labelledCellsAreThoseTableMultWritesIntoC() throws Exception {
    client
        .securityOperations()
        .changeUserAuthorizations(client.whoami(), new Authorizations("L", "M"));
    SparseMatrix small = KroneckerGenerator.standard(7, "A").matrix();
    MatrixLoader.into(client).tablets(2).visibility(new ColumnVisibility("L")).load("labAT", small);
    MatrixLoader.into(client)
        .tablets(2)
        .visibility(new ColumnVisibility("M|L"))
        .load("labB", KroneckerGenerator.standard(7, "B").matrix());
    TableMult.on(props).transposeOf("labAT").times("labB").into("labC").client(client).run();
    List<String> table = new ArrayList<>();
    try (Scanner scan = client.createScanner("labC", new Authorizations("L", "M"))) {
      for (Map.Entry<Key, Value> e : scan) {
        Key k = e.getKey();
        table.add(
            new Cell(
                    k.getRow().copyBytes(),
                    k.getColumnQualifier().copyBytes(),
                    k.getColumnVisibility().copyBytes(),
                    e.getValue().get())
                .toTsv(canonical(e.getValue().get())));
      }
    }
    List<String> answered = new ArrayList<>();
    IteratorAnswer.on(props)
        .transposeOf("labAT")
        .times("labB")
        .client(client)
        .run()
        .cells()
        .forEachRemaining(c -> answered.add(c.toTsv(canonical(c.value()))));
    assertTrue(table.get(0).contains("L"), table.get(0));
    assertEquals(table, answered);
  }

  @Test
  void anAnswerPastItsBoundIsRefusedInOneLine() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                IteratorAnswer.on(props)
                    .transposeOf("answerAT")
                    .times("answerB")
                    .maxCells(100)
                    .client(client)
                    .run());
    assertTrue(e.getMessage().contains("more than its bound of 100 cells"), e.getMessage());
    assertTrue(e.getMessage().endsWith("write C to a table instead (--c)"), e.getMessage());
  }

  /** The answer as a matrix, checking on the way that its cells come in key order, each once. */
  private static SparseMatrix matrix(Answer answer) {
    SparseMatrix m = new SparseMatrix();
    Cell previous = null;
    for (Iterator<Cell> cells = answer.cells(); cells.hasNext(); ) {
      Cell c = cells.next();
      assertTrue(previous == null || Cell.compare(previous, c) < 0, "cells in key order, once");
      m.put(text(c.row()), text(c.column()), canonical(c.value()));
      previous = c;
    }
    return m;
  }

  private static String canonical(byte[] value) {
    return text(LONG.canonical(value));
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
