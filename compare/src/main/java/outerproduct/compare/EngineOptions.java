package outerproduct.compare;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import org.apache.hadoop.io.Text;
import outerproduct.compare.engine.Engine;
import outerproduct.inputs.MatrixLoader;
import outerproduct.iterator.TableMult;
import outerproduct.kernel.accumulo.FileCompression;
import outerproduct.kernel.cli.OptionValues;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.product.WindowSize;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.mr.UberMode;
import outerproduct.multiply.Calibration;
import picocli.CommandLine.Option;

/** Which engines {@code scripts/compare} runs and the knobs of each; recorded with every run. */
final class EngineOptions {
  @Option(
      names = "--engines",
      split = ",",
      defaultValue = "client,iterator,iterator-bulk,mr,mr-bulk,auto",
      paramLabel = "ENGINE",
      description =
          "Engines to run: the execution paths client, iterator, iterator-bulk, mr, mr-bulk;"
              + " auto (scripts/multiply's own choice among them by the estimate and"
              + " --calibration; put it last); ingest-ceiling (the write path replaying the"
              + " products, a benchmark). Default: ${DEFAULT-VALUE}.")
  List<Engine> engines;

  @Option(
      names = "--semiring",
      defaultValue = Semirings.DEFAULT,
      description = "Semiring: a built-in name or a class name. Default: ${DEFAULT-VALUE}.")
  String semiringName;

  @Option(
      names = "--presum",
      defaultValue = "auto",
      paramLabel = "auto|PRODUCTS",
      description =
          "Iterator engine: products held per tablet, then sorted and summed before writing;"
              + " 0 = off; auto = "
              + TableMult.SUBSET_PRESUM_CELLS
              + " for row subsets, sized to the tablet servers' heap for whole tables;"
              + " iterator-bulk: its window (products per"
              + " sorted run), unless auto or 0 leave it to the tablet servers' heap."
              + " Default: ${DEFAULT-VALUE}.")
  String presumText;

  long presum;

  @Option(
      names = "--c-durability",
      description =
          "table.durability of the iterator engine's C (none, log, flush, sync); given, the"
              + " harness creates that C before each request (inside its time), where without it"
              + " the path creates C itself. Default: the table default (sync); recorded.")
  String cDurability;

  @Option(
      names = "--tablets-c",
      defaultValue = "auto",
      paramLabel = "auto|N",
      description =
          "Tablets of a new C: auto = as the product splits a C its request gives no splits"
              + " (a whole-table product's one tablet per tablet server, a row subset's one);"
              + " N = N tablets split at quantiles of AT's columns (C's rows). Default:"
              + " ${DEFAULT-VALUE}.")
  String tabletsCText;

  /** C's tablets asked for; null: the product's own default ({@code auto}). */
  Integer tabletsC;

  @Option(
      names = "--reducers",
      defaultValue = "2",
      description =
          "MapReduce engine: reduce tasks on whole tables (row subsets run uber, with one)."
              + " Default: ${DEFAULT-VALUE}.")
  int reducers;

  @Option(
      names = "--mr-presum",
      defaultValue = "auto",
      paramLabel = "auto|PRODUCTS",
      description =
          "MapReduce engine: products each map task holds, sorts and sums before its output is"
              + " sorted; 0 = off; auto = a quarter of the heap the sort buffer leaves."
              + " Default: ${DEFAULT-VALUE}.")
  String mrPresumText;

  long mrPresum;

  @Option(
      names = "--file-compression",
      paramLabel = "NAME",
      description =
          "Bulk output (iterator-bulk, mr-bulk): compression of the files C receives ("
              + FileCompression.COMPRESSIONS
              + "). Default: as C's own compactions (its table.file.compress.type, "
              + FileCompression.NEW_TABLE
              + " for a C the engines create).")
  String fileCompression;

  @Option(
      names = "--mr-uber",
      defaultValue = "auto",
      paramLabel = "auto|on|off",
      description =
          "MapReduce engine: uber mode (the job inside its ApplicationMaster): auto (row"
              + " subsets only), on or off. Default: ${DEFAULT-VALUE}.")
  UberMode mrUber;

  @Option(
      names = "--mr-conf",
      paramLabel = "KEY=VALUE",
      description =
          "MapReduce engine: a job configuration setting (repeatable), e.g."
              + " mapreduce.client.completion.pollinterval=5000. Recorded in the report.")
  Map<String, String> mrConf = new LinkedHashMap<>();

  @Option(
      names = "--calibration",
      paramLabel = "FILE",
      description =
          "Engine auto: the cost lines it predicts with (written by --calibrate). Default:"
              + " calibration.json in the project folder if there is one, else the shipped"
              + " defaults. Recorded with every run. With --calibrate: the file to write.")
  Path calibrationFile;

  Calibration calibration;

  /**
   * @param calibrating {@code --calibrate}: then {@code --calibration} names the file to write, not
   *     one to read
   * @throws IllegalArgumentException naming the option and the value at fault
   */
  void validate(boolean calibrating) {
    OptionValues.atLeastOne("--reducers", reducers);
    tabletsC = tabletsC(tabletsCText);
    presum = WindowSize.parse("--presum", presumText);
    mrPresum = WindowSize.parse("--mr-presum", mrPresumText);
    try {
      FileCompression.check(fileCompression);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--file-compression: " + e.getMessage(), e);
    }
    try {
      Semirings.forName(semiringName);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--semiring: " + e.getMessage(), e);
    }
    calibration = calibration(calibrating);
  }

  /**
   * @return null for {@code auto}
   * @throws IllegalArgumentException naming the option and the value
   */
  static Integer tabletsC(String text) {
    if (text.equals("auto")) {
      return null;
    }
    try {
      int tablets = Integer.parseInt(text);
      OptionValues.atLeastOne("--tablets-c", tablets);
      return tablets;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--tablets-c '" + text + "': expected auto or a number of tablets", e);
    }
  }

  /**
   * C's split rows for a SCALE whose C has {@code cRows} as its rows (AT's columns): null for
   * {@code auto}, which leaves them to the product.
   */
  SortedSet<Text> cSplits(SparseMatrix cRows) {
    return tabletsC == null ? null : MatrixLoader.splits(cRows, tabletsC);
  }

  private Calibration calibration(boolean calibrating) {
    if (calibrationFile != null && !calibrating) {
      OptionChecks.readableFile("--calibration", calibrationFile);
      return Calibration.read(calibrationFile);
    }
    return Calibration.installedOrShipped();
  }

  /**
   * What every engine run of one SCALE uses; {@code cSplits} are C's split rows (null: the
   * product's default).
   */
  Engine.Settings settings(SortedSet<Text> cSplits) {
    return new Engine.Settings(
        presum,
        cSplits,
        cDurability,
        reducers,
        mrUber,
        mrConf,
        mrPresum,
        fileCompression,
        calibration);
  }
}
