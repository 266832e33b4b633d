package outerproduct.inputs;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * A D4M list: items each followed by the separator, a comma ({@code 1,7,42,}); line breaks are
 * ignored, so a list may be wrapped. Graphulo's Graph500 files and a user's row, column and value
 * lists are read this way.
 */
final class D4mList {
  private D4mList() {}

  /**
   * @param name how errors name the list, e.g. {@code fixture 10Ar.txt.gz} or {@code --d4m-rows r}
   * @throws IllegalArgumentException naming the list and the position of an empty item, or an
   *     unterminated last item
   */
  static List<String> parse(String name, Reader reader) throws IOException {
    List<String> items = new ArrayList<>();
    StringBuilder item = new StringBuilder();
    long position = 0;
    int ch;
    while ((ch = reader.read()) >= 0) {
      if (ch == ',') {
        if (item.length() == 0) {
          throw new IllegalArgumentException(name + ": empty item at character " + position);
        }
        items.add(item.toString());
        item.setLength(0);
      } else if (ch != '\n' && ch != '\r') {
        item.append((char) ch);
      }
      position++;
    }
    if (item.length() > 0) {
      throw new IllegalArgumentException(
          name
              + ": last item '"
              + item
              + "' is not comma-terminated (a D4M list ends with its separator)");
    }
    return items;
  }
}
