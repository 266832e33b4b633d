package outerproduct.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Option;

class ChoicesTest {
  enum Output implements Choice {
    BATCH_WRITER("batchwriter"),
    BULK("bulk"),
    FILES("files");

    private final String label;

    Output(String label) {
      this.label = label;
    }

    @Override
    public String label() {
      return label;
    }
  }

  enum Single implements Choice {
    ONLY;

    @Override
    public String label() {
      return "only";
    }
  }

  static final class Options {
    @Option(names = "--output", defaultValue = "batchwriter")
    Output output;
  }

  @Test
  void labelsNotJavaNamesSelectTheConstant() {
    assertEquals(Output.BATCH_WRITER, Choices.parse(Output.class, "batchwriter"));
    assertThrows(IllegalArgumentException.class, () -> Choices.parse(Output.class, "BATCH_WRITER"));
  }

  @Test
  void anUnknownValueListsTheLabels() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Choices.parse(Output.class, "fax"));
    assertEquals("'fax': expected batchwriter, bulk or files", e.getMessage());
    assertEquals("only", Choices.labels(Single.class));
  }

  @Test
  void aRegisteredCommandLineTakesLabelsAndNamesTheOptionOnABadOne() {
    Options options = new Options();
    CommandLine cli = ChoiceConverters.register(new CommandLine(options), Output.class);
    cli.parseArgs("--output", "bulk");
    assertEquals(Output.BULK, options.output);
    cli.parseArgs();
    assertEquals(Output.BATCH_WRITER, options.output, "the default is a label too");
    CommandLine.ParameterException e =
        assertThrows(CommandLine.ParameterException.class, () -> cli.parseArgs("--output", "fax"));
    assertEquals(
        "Invalid value for option '--output': 'fax': expected batchwriter, bulk or files",
        e.getMessage());
  }
}
