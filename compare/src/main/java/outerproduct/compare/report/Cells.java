package outerproduct.compare.report;

import java.util.Locale;
import outerproduct.compare.report.Summary.Row;

/** How report.md writes numbers and checks into table cells and sentences. */
final class Cells {
  private Cells() {}

  /** A number; "-" where there is none (every run of the group failed). */
  static String fmt(String format, Object value) {
    if (value == null || value instanceof Double d && d.isNaN()) {
      return "-";
    }
    return String.format(Locale.ROOT, format, value);
  }

  /** Whole megabytes; "-" where not measured. */
  static String megabytes(Double mb) {
    return mb == null ? "-" : fmt("%.0f", mb);
  }

  /** The "C proven" cell: yes, or how many runs failed or differ. */
  static String proven(Row r) {
    if (r.allEqual()) {
      return "yes";
    }
    return r.failed() > 0 ? "**NO: " + r.failed() + " of " + r.runs() + " failed**" : "**NO**";
  }

  /** One Markdown table row. */
  static String row(Object... cells) {
    StringBuilder row = new StringBuilder("|");
    for (Object cell : cells) {
      row.append(' ').append(cell).append(" |");
    }
    return row.toString();
  }
}
