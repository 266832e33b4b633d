package outerproduct.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import outerproduct.inputs.MatrixLoader;

/** Checks the commands' option classes share; each names the option and the value at fault. */
final class OptionChecks {
  private OptionChecks() {}

  static void readableFile(String option, Path file) {
    if (!Files.isReadable(file)) {
      throw new IllegalArgumentException(option + " " + file + ": cannot read this file");
    }
  }

  static void blockSize(String option, String size) {
    MatrixLoader.checkBlockSize(option, size);
  }
}
