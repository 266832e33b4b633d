package outerproduct.kernel.cli;

import java.util.ArrayList;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import outerproduct.kernel.accumulo.ReadAuthorizations;
import outerproduct.kernel.product.MultiplyBuilder;
import outerproduct.kernel.semiring.Semirings;
import outerproduct.kernel.semiring.ValueEncoding;
import picocli.CommandLine.Option;

/**
 * What a multiply asks beyond its tables, as every command takes it ({@code scripts/tablemult},
 * {@code scripts/hadoop jar … outerproduct-mr}, {@code scripts/multiply}): the semiring, the shared
 * rows, the column filters, the values' encoding, and whether an unfinished C may be emptied. A
 * picocli mixin ({@code @Mixin RequestOptions request;}), handed to the engine's builder by {@link
 * #applyTo}, so that an option means the same thing, with the same name, default and help, on every
 * command.
 */
public final class RequestOptions {
  @Option(
      names = "--semiring",
      defaultValue = Semirings.DEFAULT,
      description = "Built-in (${COMPLETION-CANDIDATES}) or class name. Default: ${DEFAULT-VALUE}.",
      completionCandidates = BuiltIns.class)
  String semiring;

  @Option(
      names = "--value-encoding",
      defaultValue = "text",
      description =
          "How AT's, B's and C's values are stored: text (the default), or varlen or fixedlen,"
              + " Accumulo's LongCombiner encodings (a SummingCombiner table's 'type'), with"
              + " plus-times-long.")
  String valueEncoding;

  @Option(names = "--rows", description = "Shared rows k in D4M syntax, e.g. '1,:,100,'.")
  String rows;

  @Option(names = "--at-columns", description = "Columns of AT to use (rows of C), D4M list.")
  String atColumns;

  @Option(
      names = {"--b-columns", "--columns"},
      description = "Columns of B to use (columns of C), D4M list.")
  String bColumns;

  @Option(
      names = "--replace-incomplete",
      description =
          "Replace a C that an earlier multiply left unfinished (table.custom.outerproduct.state:"
              + " incomplete, or its writer's lease run out) instead of refusing it.")
  boolean replaceIncomplete;

  @Option(
      names = "--replace",
      description =
          "Replace whatever C holds: the new C is written beside it and swapped in when complete;"
              + " readers see the old C until then.")
  boolean replace;

  @Option(
      names = "--add-to-existing",
      description =
          "Add the products onto what C holds (C += ATᵀB) instead of refusing a C that holds a"
              + " result; the iterator paths only.")
  boolean addToExisting;

  @Option(
      names = "--auths",
      description =
          "Read AT and B with only these of your authorizations, comma-separated (e.g."
              + " 'red,blue'; '' for none). Default: all of yours.")
  String auths;

  @Option(
      names = "--c-splits",
      description =
          "Split rows of a new C, comma-separated (C's rows are AT's columns; '' for one tablet)."
              + " Default: a whole-table product's C one tablet per tablet server, cut at a sample"
              + " of AT's columns; a row subset's C one tablet.")
  String cSplits;

  /** The built-in semiring names, for the help text. */
  static final class BuiltIns extends ArrayList<String> {
    private static final long serialVersionUID = 1L;

    BuiltIns() {
      super(Semirings.builtInNames());
    }
  }

  /**
   * The semiring with its value encoding, as {@code --semiring} and {@code --value-encoding} name
   * them.
   *
   * @throws IllegalArgumentException naming the option at fault
   */
  public String semiringName() {
    ValueEncoding encoding;
    try {
      encoding = Choices.parse(ValueEncoding.class, valueEncoding);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--value-encoding " + e.getMessage(), e);
    }
    try {
      String name = Semirings.withEncoding(semiring, encoding);
      Semirings.forName(name);
      return name;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          (encoding == ValueEncoding.TEXT ? "--semiring: " : "--value-encoding: ") + e.getMessage(),
          e);
    }
  }

  /**
   * {@code --auths}, or null for all of the user's.
   *
   * @throws IllegalArgumentException naming the option at fault
   */
  public Authorizations authorizations() {
    try {
      return auths == null ? null : ReadAuthorizations.parse(auths);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--auths " + e.getMessage(), e);
    }
  }

  /**
   * @throws IllegalArgumentException naming the first option given that {@code what} does not take
   *     (it takes the semiring, the value encoding and the authorizations)
   */
  public void requireOnlyReadOptions(String what) {
    String[][] given = {
      {"--rows", rows},
      {"--at-columns", atColumns},
      {"--b-columns", bColumns},
      {"--c-splits", cSplits},
      {"--replace-incomplete", replaceIncomplete ? "" : null},
      {"--replace", replace ? "" : null},
      {"--add-to-existing", addToExisting ? "" : null}
    };
    for (String[] option : given) {
      if (option[1] != null) {
        throw new IllegalArgumentException(option[0] + " does not apply to " + what);
      }
    }
  }

  /** Whether {@code --rows} was given: the request is a row subset. */
  public boolean hasRows() {
    return rows != null;
  }

  /**
   * Gives {@code builder} every option the command line set.
   *
   * @throws IllegalArgumentException naming the value at fault (the builder checks each)
   */
  public <S extends MultiplyBuilder<S>> S applyTo(S builder) {
    builder.semiring(semiringName());
    if (rows != null) {
      builder.rows(rows);
    }
    if (atColumns != null) {
      builder.atColumns(atColumns);
    }
    if (bColumns != null) {
      builder.bColumns(bColumns);
    }
    if (replaceIncomplete) {
      builder.replaceIncomplete();
    }
    if (addToExisting) {
      builder.addToExisting();
    }
    if (replace) {
      builder.replace();
    }
    if (cSplits != null) {
      SortedSet<Text> splits = new TreeSet<>();
      for (String row : cSplits.split(",", -1)) {
        if (!row.isEmpty()) {
          splits.add(new Text(row));
        }
      }
      builder.cSplits(splits);
    }
    if (auths != null) {
      builder.authorizations(authorizations());
    }
    return builder;
  }
}
