package outerproduct.compare.report;

/**
 * A section of a committed document that code renders: everything between a begin and an end marker
 * line is replaced, the rest of the document kept as it is written.
 */
final class Markers {
  private Markers() {}

  /**
   * {@code doc} with what lies between {@code begin} and {@code end} replaced by {@code body}.
   *
   * @throws IllegalStateException naming {@code docName} and the markers it lacks
   */
  static String replace(String docName, String doc, String begin, String end, String body) {
    int from = doc.indexOf(begin);
    int to = doc.indexOf(end);
    if (from < 0 || to < from) {
      throw new IllegalStateException(docName + " lacks the marker lines " + begin + " … " + end);
    }
    return doc.substring(0, from + begin.length()) + "\n" + body + doc.substring(to);
  }
}
