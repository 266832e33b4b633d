package outerproduct.inputs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** scripts/matrix refuses bad arguments before it connects: one line, exit 2, the option named. */
class MatrixArgumentsTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "checksum --cluster /no/such/client.properties --table C | matrix: --cluster"
            + " /no/such/client.properties: cannot read this client properties file",
        "load --cluster /no/such/client.properties --scale 10 --input fixtures"
            + " | matrix: --input fixtures needs --fixtures DIR",
        "load --cluster /no/such/client.properties --scale 10 --input fixtures --fixtures"
            + " /no/such/dir | matrix: --fixtures /no/such/dir: no such directory",
        "load --scale 10 | matrix: Missing required option: '--cluster=FILE' (scripts/matrix load"
            + " --help lists the options)",
        "load --cluster /no/such/client.properties --table T | matrix: --table: give the matrix"
            + " as --from FILE (triples) or as --d4m-rows and --d4m-columns (D4M lists), neither"
            + " was given",
        "load --cluster /no/such/client.properties --table T --scale 10 | matrix: give --scale"
            + " (a generated or Graphulo pair) or --table (your own matrix), not both",
        "load --cluster /no/such/client.properties --table T --from /no/such.tsv | matrix: --from"
            + " /no/such.tsv: no such file",
        "load --cluster /no/such/client.properties --table T --d4m-rows r | matrix: --d4m-columns"
            + " is missing: D4M lists need both",
        "load --cluster /no/such/client.properties --table T --from - --format xml | matrix:"
            + " Invalid value for option '--format': 'xml'",
        "load --cluster /no/such/client.properties --table T --from - --visibility a&(b"
            + " | matrix: --visibility 'a&(b': not a visibility expression",
        "shuffle | matrix: Unmatched argument at index 0: 'shuffle' (scripts/matrix --help lists"
            + " the options)",
      })
  void badArgumentsExitTwoInOneLine(String args, String expected) {
    StringWriter err = new StringWriter();
    int exit =
        MatrixCommand.commandLine()
            .setErr(new PrintWriter(err, true))
            .execute(args.trim().split(" "));
    assertEquals(2, exit, err.toString());
    assertTrue(err.toString().startsWith(expected), err.toString());
    assertEquals(1, err.toString().lines().count(), "one line: " + err);
  }
}
