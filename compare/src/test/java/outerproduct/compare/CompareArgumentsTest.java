package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** scripts/compare refuses bad arguments before it starts a cluster: exit 2, the option named. */
class CompareArgumentsTest {

  @ParameterizedTest
  @CsvSource(
      delimiterString = " | ",
      value = {
        "--engines iterator,warp | --engines' (ENGINE): 'warp': expected client, iterator,"
            + " iterator-bulk, mr, mr-bulk, ingest-ceiling, mr-bulk-baseline, auto,"
            + " iterator-answer, client-answer, auto-answer, two-hop or two-hop-client",
        "--calibration no/such.json | --calibration no/such.json: cannot read this file",
        "--calibrate-from no/such | --calibrate-from no/such: no runs.jsonl in this folder",
        "--calibrate --calibrate-from no/such | --calibrate-from fits runs already made and"
            + " --calibrate makes new ones: give one",
        "--workloads whole,nightly | --workloads' (whole|queued|cued|two-hop|under-batch):"
            + " 'nightly': expected whole, queued, cued, two-hop or under-batch",
        "--requests 0 | --requests must be at least 1, got 0",
        "--concurrency 1,0 | --concurrency must be at least 1, got 0",
        "--warmup -1 | --warmup -1: expected 0 or more",
        "--scales 10 --queued-scale 12 | --queued-scale 12 is not one of --scales [10]",
        "--scales ten | Invalid value for option '--scales'",
        "--input elsewhere | --input",
        "--load fax | --load': 'fax': expected batchwriter, bulk or auto",
        "--mr-output bulk | Unknown options: '--mr-output', 'bulk'",
        "--mr-uber sometimes | --mr-uber': 'sometimes': expected auto, on or off",
        "--cued-rows 0 | --cued-rows must be at least 1, got 0",
        "--tablets-c 0 | --tablets-c must be at least 1, got 0",
        "--tablets-c some | --tablets-c 'some': expected auto or a number of tablets",
        "--prepared-c -1 | --prepared-c must be 0 or more, got -1",
        "--cued-block-size 16Q | --cued-block-size must be a number of bytes with an optional K or"
            + " M (e.g. 16K), got '16Q'",
        "--presum -1 | --presum must be between 0 (off) and 268435456 products, got -1",
        "--presum lots | --presum 'lots': expected auto or a number of products",
        "--file-compression zip | --file-compression: file compression 'zip': expected one of none,"
            + " gz, snappy",
        "--mr-presum 300000000 | --mr-presum must be between 0 (off) and 268435456 products, got"
            + " 300000000",
        "--accumulo-site table.file.compress.typo=snappy | --accumulo-site"
            + " 'table.file.compress.typo': not an Accumulo property",
        "--accumulo-site table.split.threshold=big | --accumulo-site table.split.threshold='big':"
            + " not a valid value",
        "--cluster c.properties --accumulo-site tserver.memory.maps.max=1G | applies to the"
            + " embedded cluster only",
        "--namespace team | --namespace team: applies to an existing cluster (--cluster) only",
        "--cluster c.properties --namespace team.a | --namespace 'team.a': not a namespace name",
        "--cluster /no/such/client.properties | --cluster /no/such/client.properties: cannot read"
            + " this client properties file",
        "--input fixtures | --input fixtures needs --fixtures DIR, the folder of Graphulo's"
            + " Graph500 files",
        "--input fixtures --fixtures /no/such/dir | --fixtures /no/such/dir: no such directory",
        "--fixtures /tmp | --fixtures /tmp is read only with --input fixtures",
        "--scales 0 | SCALE must be 1 to 40, got 0",
        "--preset huge | --preset",
      })
  void badArgumentsExitTwoNamingTheOption(String args, String expected) {
    StringWriter err = new StringWriter();
    int exit = CompareCommand.run(new PrintWriter(err, true), args.trim().split(" "));
    assertEquals(2, exit, err.toString());
    assertTrue(
        err.toString().startsWith("compare: ") && err.toString().contains(expected),
        err.toString());
    assertEquals(
        1, err.toString().lines().count(), "one line, no usage dump or stack trace: " + err);
  }

  /**
   * A folder of Graphulo's file names whose content is not Graphulo's: refused by name before a
   * cluster starts.
   */
  @Test
  void aFixtureFileThatIsNotGraphulosIsRefusedBeforeAnythingStarts(@TempDir Path dir)
      throws IOException {
    for (String file : new String[] {"10Ar", "10Ac", "10Br", "10Bc"}) {
      try (OutputStream out =
          new GZIPOutputStream(Files.newOutputStream(dir.resolve(file + ".txt.gz")))) {
        out.write("1,2,3,".getBytes(StandardCharsets.UTF_8));
      }
    }
    StringWriter err = new StringWriter();
    int exit =
        CompareCommand.run(
            new PrintWriter(err, true),
            "--input",
            "fixtures",
            "--fixtures",
            dir.toString(),
            "--scales",
            "10");
    assertEquals(2, exit, err.toString());
    assertTrue(
        err.toString().contains("fixture " + dir.resolve("10Ar.txt.gz") + ": SHA-256 "),
        err.toString());
    assertTrue(err.toString().contains("differs from Graphulo's file"), err.toString());
  }

  /**
   * An existing cluster whose Hadoop configuration names another default file system than this
   * JVM's classpath: refused by name before connecting, rather than credential files written where
   * the tablet servers cannot read them.
   */
  @Test
  void aHadoopConfigurationOffThisJvmsFileSystemIsRefusedByName(@TempDir Path dir)
      throws IOException {
    Path properties = dir.resolve("client.properties");
    Files.writeString(
        properties,
        "instance.name=elsewhere\ninstance.zookeepers=127.0.0.1:1\n"
            + "auth.type=password\nauth.principal=root\nauth.token=secret\n");
    Path conf = Files.createDirectories(dir.resolve("conf"));
    Files.writeString(
        conf.resolve("core-site.xml"),
        "<configuration><property><name>fs.defaultFS</name><value>hdfs://namenode:8020</value>"
            + "</property></configuration>");
    StringWriter err = new StringWriter();
    int exit =
        CompareCommand.run(
            new PrintWriter(err, true),
            "--cluster",
            properties.toString(),
            "--hadoop-conf",
            conf.toString(),
            "--engines",
            "iterator",
            "--scales",
            "10",
            "--reports",
            dir.resolve("reports").toString());
    assertEquals(2, exit, err.toString());
    assertTrue(
        err.toString()
            .contains(
                "--hadoop-conf "
                    + conf
                    + ": its default file system hdfs://namenode:8020 is not this JVM's, file:///"),
        err.toString());
    assertTrue(!err.toString().contains("secret"), err.toString());
  }
}
