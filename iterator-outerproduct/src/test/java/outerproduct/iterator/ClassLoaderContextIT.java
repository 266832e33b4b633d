package outerproduct.iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.security.Authorizations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.SharedClusters;
import outerproduct.inputs.KroneckerGenerator;
import outerproduct.inputs.MatrixLoader;
import outerproduct.kernel.accumulo.ServerCode;
import outerproduct.kernel.accumulo.TableChecksum;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.oracle.ReferenceMultiply;
import outerproduct.kernel.oracle.ResultChecksum;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * The server jar installed as an operator would without a restart: a class loader context holding
 * this module's built server jar ({@code general.vfs.context.classpath.*}), named by B alone. The C
 * TableMult creates loads its combiner from B's context, and a multiply into a C the caller made in
 * another context asks that context first. (These tablet servers also have the classes on their own
 * class path, so loading from the context itself is proven by CI's cluster stage, whose servers
 * lack them.)
 */
@ExtendWith(SharedClusters.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClassLoaderContextIT {
  private static final Semiring<?> LONG = Semirings.forName("plus-times-long");
  private static final String CONTEXT = "outerproduct_it";
  private static final String OTHER_CONTEXT = "outerproduct_it_other";

  private Properties props;
  private AccumuloClient client;
  private SparseMatrix a;
  private SparseMatrix b;

  @BeforeAll
  void load(EmbeddedAccumulo accumulo) throws Exception {
    props = accumulo.clientProperties();
    client = accumulo.newClient();
    String jar = serverJar().toUri().toString();
    client.instanceOperations().setProperty("general.vfs.context.classpath." + CONTEXT, jar);
    client.instanceOperations().setProperty("general.vfs.context.classpath." + OTHER_CONTEXT, jar);
    a = KroneckerGenerator.standard(8, "A").matrix();
    b = KroneckerGenerator.standard(8, "B").matrix();
    MatrixLoader.load(client, "ATctx", a, 2);
    MatrixLoader.load(client, "Bctx", b, 2);
    client.tableOperations().setProperty("Bctx", ServerCode.CONTEXT_PROPERTY, CONTEXT);
  }

  @AfterAll
  void close() {
    client.close();
  }

  private static Path serverJar() throws Exception {
    try (Stream<Path> files = Files.list(Path.of("target"))) {
      return files
          .filter(p -> p.getFileName().toString().endsWith("-server.jar"))
          .findFirst()
          .orElseThrow(() -> new IllegalStateException("no server jar in target/: mvn package"))
          .toAbsolutePath();
    }
  }

  @Test
  void aCreatedCLoadsFromBsContextAndEqualsTheOracle() throws Exception {
    assertNull(ServerCode.contextOf(client, "ATctx").name(), "AT names no context");
    RowRanges rows = RowRanges.parse("1,:,3,5,:,7,");
    TableMult.on(props).transposeOf("ATctx").times("Bctx").into("Cctx").rows(rows).run();
    assertEquals(
        CONTEXT,
        client.tableOperations().getTableProperties("Cctx").get(ServerCode.CONTEXT_PROPERTY),
        "C's own context is B's");
    assertEquals(
        ResultChecksum.of(ReferenceMultiply.multiply(LONG, a, b, rows, null, null)),
        TableChecksum.of(client, "Cctx", LONG, Authorizations.EMPTY).checksum());
  }

  @Test
  void aCallersCInAnotherContextKeepsIt() throws Exception {
    ResultTables.prepare(client, "CctxOther", LONG.name());
    client.tableOperations().setProperty("CctxOther", ServerCode.CONTEXT_PROPERTY, OTHER_CONTEXT);
    TableMult.on(props).transposeOf("ATctx").times("Bctx").into("CctxOther").run();
    assertEquals(
        OTHER_CONTEXT,
        client.tableOperations().getTableProperties("CctxOther").get(ServerCode.CONTEXT_PROPERTY),
        "the caller's C keeps its context");
    assertEquals(
        ResultChecksum.of(ReferenceMultiply.multiply(LONG, a, b)),
        TableChecksum.of(client, "CctxOther", LONG, Authorizations.EMPTY).checksum());
  }
}
