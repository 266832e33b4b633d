package outerproduct.compare.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/**
 * {@code runs.jsonl}: one record per run (fields: docs/format.md), one JSON object per line,
 * appended as runs finish so that an interrupted comparison keeps what it measured. Every record
 * starts from the run's parameters (cluster, tablets, settings), so each line stands alone.
 */
public final class RunRecords {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path file;
  private final ObjectNode parameters;

  public RunRecords(Path file, ObjectNode parameters) {
    this.file = file;
    this.parameters = parameters.deepCopy();
  }

  public static ObjectNode object() {
    return JSON.createObjectNode();
  }

  /** A new record holding the run's parameters. */
  public ObjectNode newRecord() {
    return parameters.deepCopy();
  }

  /** Engine-specific, informational fields, kept apart from the compared ones. */
  public static void putInfo(ObjectNode record, Map<String, Object> info) {
    record.set("engine_info", JSON.valueToTree(info));
  }

  public synchronized void append(ObjectNode record) throws IOException {
    Files.writeString(
        file,
        record.toString() + "\n",
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  public Path file() {
    return file;
  }

  /** An engine's error for the report: its type and message, with the first cause's. */
  public static String error(Throwable error) {
    String text = error.getClass().getSimpleName() + ": " + error.getMessage();
    Throwable cause = error.getCause();
    return cause == null || cause.getMessage() == null || text.contains(cause.getMessage())
        ? text
        : text
            + " (caused by "
            + cause.getClass().getSimpleName()
            + ": "
            + cause.getMessage()
            + ")";
  }
}
