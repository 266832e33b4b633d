package outerproduct.kernel.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@link Choice} enums by their labels, for every command and iterator option the same way:
 * an unknown value is one error that lists the accepted labels. Tablet servers load this class
 * (iterator options are labels), so it must not touch picocli, which they do not have; the
 * commands' converters are {@link ChoiceConverters}.
 */
public final class Choices {
  private Choices() {}

  /**
   * @throws IllegalArgumentException naming the value and the accepted labels
   */
  public static <E extends Enum<E> & Choice> E parse(Class<E> type, String text) {
    for (E constant : type.getEnumConstants()) {
      if (constant.label().equals(text)) {
        return constant;
      }
    }
    throw new IllegalArgumentException("'" + text + "': expected " + labels(type));
  }

  /** The labels as a sentence: {@code "whole or queued"}, {@code "auto, on or off"}. */
  public static <E extends Enum<E> & Choice> String labels(Class<E> type) {
    List<String> labels = new ArrayList<>();
    for (E constant : type.getEnumConstants()) {
      labels.add(constant.label());
    }
    int last = labels.size() - 1;
    return last == 0
        ? labels.get(0)
        : String.join(", ", labels.subList(0, last)) + " or " + labels.get(last);
  }
}
