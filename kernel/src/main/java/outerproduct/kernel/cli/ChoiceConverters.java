package outerproduct.kernel.cli;

import picocli.CommandLine;

/**
 * Lets a command's options take {@link Choice} labels. Picocli's own enum conversion matches the
 * constants' Java names ({@code BATCH_WRITER}), so each command registers these converters instead.
 * Apart from {@link Choices} because tablet servers load that one and have no picocli.
 */
public final class ChoiceConverters {
  private ChoiceConverters() {}

  /** Lets every option of {@code type} on {@code commandLine} take the labels. */
  public static <E extends Enum<E> & Choice> CommandLine register(
      CommandLine commandLine, Class<E> type) {
    return commandLine.registerConverter(
        type,
        text -> {
          try {
            return Choices.parse(type, text);
          } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
          }
        });
  }
}
