package outerproduct.kernel.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * Parses {@link Choice} enums by their labels, for every command the same way: an unknown value is
 * one error that lists the accepted labels. Picocli's own enum conversion matches the constants'
 * Java names ({@code BATCH_WRITER}), so each command registers these converters instead.
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

  /** Lets every option of {@code type} on {@code commandLine} take the labels. */
  public static <E extends Enum<E> & Choice> CommandLine register(
      CommandLine commandLine, Class<E> type) {
    return commandLine.registerConverter(
        type,
        text -> {
          try {
            return parse(type, text);
          } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
          }
        });
  }
}
